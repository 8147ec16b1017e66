/**
 * Which feature module each page of App.tsx loads lazily, by Vite manifest key, with App.tsx's own
 * path patterns. The build ships it beside its manifest (.vite/route-features.json, vite.config.ts):
 * the edge names a page's chunks in its answer's Link header so that they load beside the shell's
 * scripts (services/edge/src/webPreloads.ts), and bench/bundles.ts counts first loads from it.
 * routeFeatures.unit.spec.ts holds it to App.tsx. The shell's own pages are in no list.
 */
export const ROUTE_FEATURES_FILE = '.vite/route-features.json';

export const ROUTE_FEATURES: Record<string, readonly string[]> = {
  'src/accounts/pages.tsx': [
    '/login/index',
    '/platform/userInformation',
    '/platform/enterpriseRegister',
    '/touch/user/login',
    '/touch/user/register',
    '/touch/user/enterpriseRegister',
    '/touch/user/passwordReset',
    '/touch/userInformation',
    '/touch/user/userInformation',
    '/touch/user/supplementaryInformation',
  ],
  'src/ordering/pages.ts': [
    '/platform/guide',
    '/platform/insure',
    '/platform/supportConcept',
    '/platform/orderInquiry',
    '/touch/guide',
    '/touch/insure',
    '/touch/supportConcept',
    '/touch/orderInquiry',
  ],
  'src/claims/pages.ts': [
    '/platform/applyForCompensation',
    '/settlementOfClaim/index',
    '/platform/report',
    '/touch/applyForCompensation',
    '/touch/settlementOfClaim',
    '/touch/report',
  ],
  'src/backoffice/pages.ts': [
    '/backoffice/quotes',
    '/backoffice/claims',
    '/backoffice/ops',
    '/backoffice/audit',
    '/backoffice/audit/:kind/:id',
    '/backoffice/users',
    '/backoffice/invoices',
  ],
  'src/invoices/pages.ts': ['/platform/invoice', '/touch/invoice'],
};

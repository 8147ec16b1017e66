import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const claims = () => import('./pages.ts');
const ClaimListPage = lazyPage(() => claims().then((m) => m.ClaimListPage));
const ReportPage = lazyPage(() => claims().then((m) => m.ReportPage));

export const claimsRoutes: FeatureRoutes = {
  pages: 'src/claims/pages.ts',
  desktop: [
    // §2 reads the two claim tabs both ways: one list, titled for the tab that leads there.
    { path: '/platform/applyForCompensation', element: <ClaimListPage variant="desktop" title="申请理赔" /> },
    { path: '/settlementOfClaim/index', element: <ClaimListPage variant="desktop" title="理赔查询" /> },
    { path: '/platform/report', element: <ReportPage variant="desktop" /> },
  ],
  touch: [
    { path: '/touch/applyForCompensation', element: <ClaimListPage variant="mobile" title="申请理赔" /> },
    { path: '/touch/settlementOfClaim', element: <ClaimListPage variant="mobile" title="理赔查询" /> },
    { path: '/touch/report', element: <ReportPage variant="mobile" /> },
  ],
};

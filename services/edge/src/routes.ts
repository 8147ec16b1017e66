/**
 * Which service answers a path. Reads go to the query service, everything else to the
 * command service; a path is a read when it is listed here (the old API mixes GET commands
 * such as user/phone and POST queries such as order/page, so the method alone can't decide).
 */
const QUERY_ROUTES: { method: string; pattern: RegExp }[] = [
  { method: 'GET', pattern: /^\/api\/v1\/uav\/user\/getUserByUserName$/ },
  { method: 'GET', pattern: /^\/api\/v1\/uav\/uc\/currentUser$/ },
  { method: 'GET', pattern: /^\/api\/v1\/uav\/dev\// },
  { method: 'GET', pattern: /^\/sso-platform\/authorization\// },
  { method: 'GET', pattern: /^\/api\/v1\/uav\/order\/(listInsuranceCompany|listInsuranceType|listDroneBrand|listRegion|orderDetails|listInsurancePlan|getdronedata)$/ },
  { method: 'POST', pattern: /^\/api\/v1\/uav\/order\/(page|getAllPrice)$/ },
  { method: 'GET', pattern: /^\/api\/v1\/uav\/backoffice\/quoteProgress$/ },
  { method: 'GET', pattern: /^\/api\/v1\/uav\/file\/[A-Za-z0-9-]+$/ },
];

export type Upstream = 'command' | 'query';

export const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/sso-platform/');

export const upstreamFor = (method: string, path: string): Upstream =>
  QUERY_ROUTES.some((r) => (r.method === method || (method === 'HEAD' && r.method === 'GET')) && r.pattern.test(path))
    ? 'query'
    : 'command';

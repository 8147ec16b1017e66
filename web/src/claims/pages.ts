/** The claims feature's pages: one lazily loaded chunk, fetched when a route of it is first visited (App.tsx). */
export { ClaimListPage } from './ClaimListPage.tsx';
export { ReportPage } from './report/ReportPage.tsx';

/** The ordering feature's pages: one lazily loaded chunk, fetched when a route of it is first visited (App.tsx). */
export { GuidePage } from './GuidePage.tsx';
export { InsurePage, TouchInsurePage } from './insure/InsurePage.tsx';
export { OrderListPage } from './OrderListPage.tsx';
export { PlanPage } from './plan/PlanPage.tsx';

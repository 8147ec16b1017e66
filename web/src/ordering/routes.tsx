import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const ordering = () => import('./pages.ts');
const GuidePage = lazyPage(() => ordering().then((m) => m.GuidePage));
const InsurePage = lazyPage(() => ordering().then((m) => m.InsurePage));
const TouchInsurePage = lazyPage(() => ordering().then((m) => m.TouchInsurePage));
const OrderListPage = lazyPage(() => ordering().then((m) => m.OrderListPage));
const PlanPage = lazyPage(() => ordering().then((m) => m.PlanPage));

export const orderingRoutes: FeatureRoutes = {
  pages: 'src/ordering/pages.ts',
  desktop: [
    { path: '/platform/guide', element: <GuidePage variant="desktop" /> },
    { path: '/platform/insure', element: <InsurePage variant="desktop" /> },
    { path: '/platform/supportConcept', element: <PlanPage variant="desktop" /> },
    { path: '/platform/orderInquiry', element: <OrderListPage variant="desktop" /> },
  ],
  touch: [
    { path: '/touch/guide', element: <GuidePage variant="mobile" /> },
    { path: '/touch/insure', element: <TouchInsurePage /> },
    { path: '/touch/supportConcept', element: <PlanPage variant="mobile" /> },
    { path: '/touch/orderInquiry', element: <OrderListPage variant="mobile" /> },
  ],
};

import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const payments = () => import('./pages.ts');
const CashierPage = lazyPage(() => payments().then((m) => m.CashierPage));

/** The dev gateway's cashier: outside both sites' frames (a page of the simulated external system). */
export const paymentsRoutes: FeatureRoutes = {
  pages: 'src/payments/pages.ts',
  desktop: [],
  touch: [],
  standalone: [{ path: '/pay/:token', element: <CashierPage /> }],
};

import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const invoices = () => import('./pages.ts');
const InvoiceListPage = lazyPage(() => invoices().then((m) => m.InvoiceListPage));

export const invoicesRoutes: FeatureRoutes = {
  desktop: [{ path: '/platform/invoice', element: <InvoiceListPage variant="desktop" /> }],
  touch: [{ path: '/touch/invoice', element: <InvoiceListPage variant="mobile" /> }],
};

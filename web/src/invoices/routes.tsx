import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const invoices = () => import('./pages.ts');
const InvoiceListPage = lazyPage(() => invoices().then((m) => m.InvoiceListPage));

export const invoicesRoutes: FeatureRoutes = {
  pages: 'src/invoices/pages.ts',
  desktop: [{ path: '/platform/invoice', element: <InvoiceListPage variant="desktop" /> }],
  touch: [{ path: '/touch/invoice', element: <InvoiceListPage variant="mobile" /> }],
};

import { type FeatureRoutes, lazyPage } from '../shared/featureRoutes.ts';

const backoffice = () => import('./pages.ts');
const AuditSearchPage = lazyPage(() => backoffice().then((m) => m.AuditSearchPage));
const AuditTimelinePage = lazyPage(() => backoffice().then((m) => m.AuditTimelinePage));
const ClaimsDeskPage = lazyPage(() => backoffice().then((m) => m.ClaimsDeskPage));
const OpsPage = lazyPage(() => backoffice().then((m) => m.OpsPage));
const PaymentsDeskPage = lazyPage(() => backoffice().then((m) => m.PaymentsDeskPage));
const QuoteDeskPage = lazyPage(() => backoffice().then((m) => m.QuoteDeskPage));
const CancellationQueuePage = lazyPage(() => backoffice().then((m) => m.CancellationQueuePage));
const UsersAdminPage = lazyPage(() => backoffice().then((m) => m.UsersAdminPage));
const InvoiceDeskPage = lazyPage(() => backoffice().then((m) => m.InvoiceDeskPage));
const DisclosureTextsPage = lazyPage(() => backoffice().then((m) => m.DisclosureTextsPage));

/** Back office (staff only; the page says 403 to anyone else and the server refuses them). */
export const backofficeRoutes: FeatureRoutes = {
  pages: 'src/backoffice/pages.ts',
  desktop: [
    { path: '/backoffice/quotes', element: <QuoteDeskPage /> },
    { path: '/backoffice/quotes/cancellations', element: <CancellationQueuePage /> },
    { path: '/backoffice/claims', element: <ClaimsDeskPage /> },
    { path: '/backoffice/ops', element: <OpsPage /> },
    { path: '/backoffice/audit', element: <AuditSearchPage /> },
    { path: '/backoffice/audit/:kind/:id', element: <AuditTimelinePage /> },
    { path: '/backoffice/users', element: <UsersAdminPage /> },
    { path: '/backoffice/invoices', element: <InvoiceDeskPage /> },
    { path: '/backoffice/payments', element: <PaymentsDeskPage /> },
    { path: '/backoffice/disclosure', element: <DisclosureTextsPage /> },
  ],
  touch: [],
};

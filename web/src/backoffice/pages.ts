/** The back office's pages: one lazily loaded chunk that customers never fetch (App.tsx). */
export { AuditSearchPage } from './audit/AuditSearchPage.tsx';
export { AuditTimelinePage } from './audit/AuditTimelinePage.tsx';
export { ClaimsDeskPage } from './claims/ClaimsDeskPage.tsx';
export { OpsPage } from './ops/OpsPage.tsx';
export { PaymentsDeskPage } from './payments/PaymentsDeskPage.tsx';
export { QuoteDeskPage } from './quotes/QuoteDeskPage.tsx';
export { CancellationQueuePage } from './quotes/CancellationQueuePage.tsx';
export { UsersAdminPage } from './users/UsersAdminPage.tsx';
// The invoices area lives with the invoices feature (web/src/invoices/), in this chunk.
export { InvoiceDeskPage } from '../invoices/InvoiceDeskPage.tsx';
export { DisclosureTextsPage } from './disclosure/DisclosureTextsPage.tsx';

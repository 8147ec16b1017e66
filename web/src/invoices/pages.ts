/** The invoices feature's customer pages: one lazily loaded chunk (App.tsx); the staff page ships in the back office's. */
export { InvoiceListPage } from './InvoiceListPage.tsx';

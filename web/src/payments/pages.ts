/** The payments feature's pages: one lazily loaded chunk (App.tsx); the order pages' payment box ships with them. */
export { CashierPage } from './CashierPage.tsx';

/** Public verification's page: one lazily loaded chunk (App.tsx), outside both layouts. */
export { VerifyPage } from './VerifyPage.tsx';

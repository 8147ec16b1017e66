/** 信息披露's pages: one lazily loaded chunk (App.tsx). The purchase dialog is loaded by the plan page itself. */
export { DisclosurePage } from './DisclosurePage.tsx';

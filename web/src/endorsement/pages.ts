/** 批改's pages: one lazily loaded chunk (App.tsx). */
export { EndorsePage } from './EndorsePage.tsx';
export { EndorsementQueuePage } from './EndorsementQueuePage.tsx';

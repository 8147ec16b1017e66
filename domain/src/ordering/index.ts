export * from './catalogue.ts';
export * from './form.ts';
export * from './plan.ts';
export * from './api.ts';
export * from './actions.ts';
export * from './inquiry.ts';
export * from './quoteDesk.ts';

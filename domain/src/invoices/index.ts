export * from './api.ts';
export * from './invoice.ts';
export * from './search.ts';

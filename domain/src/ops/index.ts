export * from './operations.ts';
export * from './api.ts';

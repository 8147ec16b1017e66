export * from './operations.ts';
export * from './api.ts';
export * from './queues.ts';

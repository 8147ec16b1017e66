export * from './api.ts';
export * from './changeKinds.ts';
export * from './claimHistory.ts';
export * from './csv.ts';
export * from './orderChanges.ts';
export * from './orderHistory.ts';
export * from './subjects.ts';

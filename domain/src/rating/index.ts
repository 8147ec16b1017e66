export * from './types.ts';
export * from './quote.ts';
export * from './workingDays.ts';

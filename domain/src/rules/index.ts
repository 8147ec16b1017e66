export * from './jdm.ts';
export * from './rating.ts';
export * from './seed/seededRules.ts';
export * from './rule.ts';
export * from './definition.ts';
export * from './cases.ts';
export * from './batchTests.ts';
export * from './config.ts';

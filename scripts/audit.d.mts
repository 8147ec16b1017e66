// Types of scripts/audit.mjs for its unit test (tests/unit/audit.unit.spec.ts).
export declare const SKIPPED_EXIT_CODE: 77;
export declare const auditVerdict: (output: string) => { verdict: 'passed' | 'failed' | 'skipped'; line: string };

import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../scripts/audit.mjs';

/** `npm audit --json` as npm 7+ prints it, with the given advisories. */
const report = (vulnerabilities: Record<string, object>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts },
      dependencies: { prod: 321, dev: 0, optional: 0, peer: 0, peerOptional: 0, total: 321 },
    },
  });

describe('npm audit verdict (scripts/audit.mjs)', () => {
  it('passes a report without high or critical advisories (moderate ones are not counted)', () => {
    const moderate = { koa: { name: 'koa', severity: 'moderate', range: '<2.0.0', via: [], fixAvailable: true } };
    expect(auditVerdict(report(moderate, { moderate: 1, total: 1 }))).toMatchObject({ verdict: 'passed' });
  });

  it('fails on a high or critical advisory and names it', () => {
    const high = {
      'path-to-regexp': {
        name: 'path-to-regexp',
        severity: 'high',
        range: '<0.1.12',
        via: [
          {
            title: 'path-to-regexp outputs backtracking regular expressions',
            url: 'https://github.com/advisories/GHSA-9wv6-86v2-598j',
          },
        ],
        fixAvailable: true,
      },
    };
    const verdict = auditVerdict(report(high, { high: 1, total: 1 }));
    expect(verdict.verdict).toBe('failed');
    expect(verdict.line).toContain('path-to-regexp');
    expect(auditVerdict(report({}, { critical: 2, total: 2 })).verdict).toBe('failed');
  });

  it('skips, never passes, when the advisory database cannot be reached', () => {
    const refused = {
      message: '405 Method Not Allowed - POST …/advisories/bulk',
      method: 'POST',
      statusCode: 405,
      body: '',
      error: { summary: '', detail: '' },
    };
    const offline = { error: { code: 'ENOTFOUND', summary: 'request to the registry failed', detail: '' } };
    for (const answer of [refused, offline]) {
      const verdict = auditVerdict(JSON.stringify(answer));
      expect(verdict.verdict).toBe('skipped');
      expect(verdict.line).toMatch(/^audit: SKIPPED: .*no advisory was checked$/);
    }
  });

  it('fails on output it cannot read', () => {
    expect(auditVerdict('npm ERR! something').verdict).toBe('failed');
    expect(auditVerdict(JSON.stringify({ error: { code: 'ENOLOCK', summary: 'no lockfile' } })).verdict).toBe('failed');
  });
});

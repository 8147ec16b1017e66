import { describe, expect, it } from 'vitest';
import { spaEntryOf } from './webEntries.ts';

describe('spaEntryOf', () => {
  it('serves the rule platform entry under /rules', () => {
    for (const path of ['/rules', '/rules/', '/rules/login', '/rules/batchTest/null'])
      expect(spaEntryOf(path)).toBe('rules.html');
  });

  it('serves the customer app anywhere else, including look-alike paths', () => {
    for (const path of ['/', '/index/index', '/rulesx', '/backoffice/quotes', '/touch/rules'])
      expect(spaEntryOf(path)).toBe('index.html');
  });
});

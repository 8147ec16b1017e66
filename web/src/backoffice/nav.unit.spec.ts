import { describe, expect, it } from 'vitest';
import { backofficeHome, linksFor } from './nav.ts';

describe('back-office menu', () => {
  it('opens the claims desk to claims staff and every area to admins', () => {
    expect(linksFor(['user', 'claims']).map((l) => l.area)).toEqual(['claims']);
    expect(linksFor(['admin']).map((l) => l.area)).toEqual([
      'quotes',
      'claims',
      'audit',
      'ops',
      'users',
      'invoices',
      'payments',
      'disclosure',
    ]);
    expect(backofficeHome(['claims'])).toBe('/backoffice/claims');
  });

  it('opens nothing to customers, guests or rule-platform roles alone', () => {
    for (const roles of [['user'], [], undefined, ['user', 'auditor', 'test', 'batchTest']]) {
      expect(linksFor(roles)).toEqual([]);
      expect(backofficeHome(roles)).toBeNull();
    }
  });
});

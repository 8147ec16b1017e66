import { describe, expect, it } from 'vitest';
import { csvFileName } from './api.ts';
import { auditPath, kindName, kindOf } from './labels.ts';

describe('audit labels and links', () => {
  it('reads the route kind, names it and links back to it', () => {
    expect(kindOf('order')).toBe('order');
    expect(kindOf('claim')).toBe('claim');
    expect(kindOf('policy')).toBeNull();
    expect(kindOf(undefined)).toBeNull();
    expect(kindName('claim')).toBe('理赔单');
    expect(auditPath('order', 'a/b c')).toBe('/backoffice/audit/order/a%2Fb%20c');
  });

  it("takes the CSV's file name from the server, else the fallback", () => {
    expect(csvFileName('attachment; filename="claim-LP20261124168039-audit.csv"', 'x.csv')).toBe('claim-LP20261124168039-audit.csv');
    expect(csvFileName(null, 'order-1-audit.csv')).toBe('order-1-audit.csv');
    expect(csvFileName('attachment', 'order-1-audit.csv')).toBe('order-1-audit.csv');
  });
});

import { describe, expect, it } from 'vitest';
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
});

import { describe, expect, it } from 'vitest';
import { EDITABLE_ROLES } from '@feibao/domain/accounts/roleAdmin';
import { actorText, roleLabel, roleLabels } from './labels.ts';

describe('user admin labels', () => {
  it('names every editable role in Chinese and shows unknown roles as they are', () => {
    for (const role of EDITABLE_ROLES) expect(roleLabels[role]).toMatch(/[\u4e00-\u9fff]/);
    expect(roleLabel('claims')).toBe('理赔人员');
    expect(roleLabel('other')).toBe('other');
  });

  it('shows the seeding as 系统 and people by phone', () => {
    expect(actorText('system')).toBe('系统');
    expect(actorText('13800000000')).toBe('13800000000');
  });
});

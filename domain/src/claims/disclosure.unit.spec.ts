import { describe, expect, it } from 'vitest';
import { historyFor, listClaimantFor, seesClaimantWhole, seesPictureMetadata, staffPhoneFor } from './disclosure.ts';
import type { HistoryEntry } from './history.ts';

const owner = { sub: '13800000001', roles: ['user'] };
const stranger = { sub: '13900000009', roles: ['user'] };
const staff = { sub: '13700000001', roles: ['claims'] };

describe('claim disclosure', () => {
  it('shows the claimant’s data whole to them and to staff only', () => {
    expect(seesClaimantWhole(owner, owner.sub)).toBe(true);
    expect(seesClaimantWhole(staff, owner.sub)).toBe(true);
    expect(seesClaimantWhole(stranger, owner.sub)).toBe(false);
    // Many claimants at once: staff too see a list row's number masked.
    expect(listClaimantFor(owner, owner.sub, owner.sub)).toBe(owner.sub);
    expect(listClaimantFor(staff, owner.sub, owner.sub)).toBe('138****0001');
  });

  it('keeps staff phones and picture metadata for staff', () => {
    expect(staffPhoneFor(staff, '13700000002')).toBe('13700000002');
    expect(staffPhoneFor(owner, '13700000002')).toBe('137****0002');
    expect(staffPhoneFor(owner, null)).toBeNull();
    expect(seesPictureMetadata(staff)).toBe(true);
    expect(seesPictureMetadata(owner)).toBe(false);
  });

  it('masks ID numbers in history for everyone and staff phones for the claimant', () => {
    const entry = {
      userName: '13700000001',
      details: '身份证 11010119900307777X',
      remark: '',
    } as unknown as HistoryEntry;
    expect(historyFor([entry], staff)[0]).toMatchObject({
      userName: '13700000001',
      details: '身份证 110101********777X',
    });
    const [seen] = historyFor([entry], owner);
    expect(seen?.userName).not.toBe('13700000001');
    expect(seen?.details).not.toContain('11010119900307777X');
  });
});

import { describe, expect, it } from 'vitest';
import { parseQuietHours, smsSendAt } from './quietHours.ts';
import { shanghaiDate, shanghaiMinute } from './shanghai.ts';

/** A Shanghai wall-clock time as an instant (UTC+8). */
const sh = (local: string) => new Date(`${local}+08:00`);

describe('SMS quiet hours (22:00–08:00 Asia/Shanghai)', () => {
  it('sends at once at 21:59 and from 08:00', () => {
    expect(smsSendAt(sh('2026-11-27T21:59:59'))).toEqual(sh('2026-11-27T21:59:59'));
    expect(smsSendAt(sh('2026-11-27T08:00:00'))).toEqual(sh('2026-11-27T08:00:00'));
    expect(smsSendAt(sh('2026-11-27T12:00:00'))).toEqual(sh('2026-11-27T12:00:00'));
  });

  it('holds from 22:00 until 08:00 the next morning, across midnight', () => {
    expect(smsSendAt(sh('2026-11-27T22:00:00'))).toEqual(sh('2026-11-28T08:00:00'));
    expect(smsSendAt(sh('2026-11-27T23:00:00'))).toEqual(sh('2026-11-28T08:00:00'));
    expect(smsSendAt(sh('2026-11-28T00:00:00'))).toEqual(sh('2026-11-28T08:00:00'));
    expect(smsSendAt(sh('2026-11-28T07:59:59'))).toEqual(sh('2026-11-28T08:00:00'));
  });

  it('crosses month and year ends (UTC is still the day before in the morning)', () => {
    expect(smsSendAt(sh('2026-12-31T23:30:00'))).toEqual(sh('2027-01-01T08:00:00'));
    expect(smsSendAt(sh('2027-01-01T03:00:00'))).toEqual(sh('2027-01-01T08:00:00'));
  });

  it('reads days and minutes on the Shanghai clock', () => {
    expect(shanghaiDate(new Date('2026-11-27T16:30:00Z'))).toBe('2026-11-28');
    expect(shanghaiMinute('2026-11-27T16:30:00Z')).toBe('2026-11-28 00:30');
  });

  it("follows the operator's window, one within a day included, or none", () => {
    expect(smsSendAt(sh('2026-11-27T21:30:00'), { from: 21, until: 7 })).toEqual(sh('2026-11-28T07:00:00'));
    expect(smsSendAt(sh('2026-11-27T13:00:00'), { from: 12, until: 14 })).toEqual(sh('2026-11-27T14:00:00'));
    expect(smsSendAt(sh('2026-11-27T11:00:00'), { from: 12, until: 14 })).toEqual(sh('2026-11-27T11:00:00'));
    expect(smsSendAt(sh('2026-11-27T23:00:00'), 'off')).toEqual(sh('2026-11-27T23:00:00'));
  });

  it('reads the setting: the default when unset, off, or a pair of hours; anything else is refused', () => {
    expect(parseQuietHours(undefined)).toEqual({ from: 22, until: 8 });
    expect(parseQuietHours(' 21-7 ')).toEqual({ from: 21, until: 7 });
    expect(parseQuietHours('off')).toBe('off');
    for (const bad of ['22', '22-22', '25-8', '22:00-08:00', 'never']) expect(parseQuietHours(bad)).toBeNull();
  });
});

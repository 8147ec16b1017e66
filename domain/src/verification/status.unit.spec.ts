import { describe, expect, it } from 'vitest';
import {
  periodText,
  policyPeriod,
  verificationStatus,
  verificationStatusText,
  type VerificationFacts,
} from './status.ts';

/** A policy underwritten for 2026-12-01 00:00 (Shanghai) for 365 days: it covers up to 2027-11-30 24:00. */
const facts = (more: Partial<VerificationFacts> = {}): VerificationFacts => ({
  startDate: '2026-11-30T16:00:00.000Z',
  endDate: '2027-11-30T16:00:00.000Z',
  lapsed: false,
  cancelled: false,
  withdrawn: false,
  ...more,
});
const at = (shanghai: string) => new Date(`${shanghai}+08:00`);

describe('the period', () => {
  it('runs from 00:00 of the start day to 24:00 of the end day, Asia/Shanghai', () => {
    const period = policyPeriod(facts().startDate, facts().endDate);
    expect(period).toMatchObject({ startDay: '2026-12-01', endDay: '2027-11-30' });
    expect(period.startsAt.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(period.endsAt.toISOString()).toBe('2027-11-30T16:00:00.000Z');
    expect(periodText(facts().startDate, facts().endDate)).toBe('2026-12-01 00:00 至 2027-11-30 24:00');
  });

  it('starts a policy underwritten mid-day at 00:00 of that day', () => {
    const period = policyPeriod('2026-11-27T07:30:00.000Z', '2027-11-27T07:30:00.000Z');
    expect(period).toMatchObject({ startDay: '2026-11-27', endDay: '2027-11-27' });
  });
});

describe('the status', () => {
  it('is 未生效 until 00:00 of the start day, 有效 from it', () => {
    expect(verificationStatus(facts(), at('2026-11-30T23:59:59.999'))).toBe('notYetValid');
    expect(verificationStatus(facts(), at('2026-12-01T00:00:00'))).toBe('valid');
  });

  it('is 有效 until 24:00 of the end day, 已失效 from it (whatever the projection says)', () => {
    expect(verificationStatus(facts(), at('2027-11-30T23:59:59.999'))).toBe('valid');
    expect(verificationStatus(facts(), at('2027-12-01T00:00:00'))).toBe('expired');
  });

  it('is 已失效 once the lapse is recorded, even inside the period', () => {
    expect(verificationStatus(facts({ lapsed: true }), at('2027-06-01T12:00:00'))).toBe('expired');
  });

  it('is 已撤销 for a withdrawn certificate and 已退保 for a cancelled policy, whatever the date', () => {
    expect(verificationStatus(facts({ withdrawn: true }), at('2027-06-01T12:00:00'))).toBe('withdrawn');
    expect(verificationStatus(facts({ withdrawn: true }), at('2026-01-01T12:00:00'))).toBe('withdrawn');
    expect(verificationStatus(facts({ cancelled: true }), at('2027-06-01T12:00:00'))).toBe('cancelled');
  });

  it('names every status in Chinese', () => {
    expect(verificationStatusText).toEqual({
      valid: '有效',
      notYetValid: '未生效',
      expired: '已失效',
      withdrawn: '已撤销',
      cancelled: '已退保',
      notFound: '不存在',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  applyEndorsementChanges,
  endorsementEffectiveDate,
  linesToRate,
  type EndorsementChange,
} from './endorsement.ts';
import { endorsementPremium, type EndorsementTerms } from './endorsementPricing.ts';
import { generalApplication, prepared } from './fixtures.ts';
import type { LineAnswer } from './order.events.ts';
import { buildPlanLines } from './plan.ts';

/**
 * endorsementPremium, given / when / then: pro rata for the days left, lines kept at their premium, the
 * insurer's minimum extra and return premium, referral above its amount, a declined line.
 */
const form = prepared(generalApplication());
const lines = buildPlanLines(form);
const oldAnswers = Object.fromEntries(
  lines.map((l) => [l.key, { key: l.key, kind: 'quoted', premium: 1000, deductible: '免赔10%' } as LineAnswer]),
);
const start = '2026-01-01T16:00:00.000Z';
const end = '2027-01-01T16:00:00.000Z'; // 365 days
const none: EndorsementTerms = { minimumExtra: 0, minimumReturn: 0, referAbove: null };
const quoted = (key: string, premium: number): LineAnswer => ({ key, kind: 'quoted', premium, deductible: '免赔10%' });

const priced = (
  changes: EndorsementChange[],
  rated: (keys: string[]) => LineAnswer[],
  effectiveDate: string,
  terms = none,
) => {
  const applied = applyEndorsementChanges(form, changes);
  if (!applied.ok) throw new Error(applied.message);
  const toRate = linesToRate(lines, applied.policy).map((l) => l.key);
  return {
    toRate,
    quote: endorsementPremium({
      startDate: start,
      endDate: end,
      effectiveDate,
      oldLines: lines,
      oldAnswers,
      policy: applied.policy,
      rated: rated(toRate),
      changes,
      terms,
    }),
  };
};

describe('endorsementPremium', () => {
  it('given a sum insured raised at 73 of 365 days left, then only that line is rated and pays 1/5 of its increase', () => {
    const { toRate, quote } = priced(
      [{ kind: 'changeAmount', key: '1:1', insuranceAmount: 20 }],
      (keys) => keys.map((k) => quoted(k, 1500)),
      '2026-10-20T16:00:00.000Z',
    );
    expect(toRate).toEqual(['1:1']);
    expect([quote.daysLeft, quote.termDays]).toEqual([73, 365]);
    expect(quote.lines.find((l) => l.key === '1:1')).toMatchObject({
      oldPremium: 1000,
      newPremium: 1500,
      difference: 100,
    });
    expect(quote.lines.filter((l) => l.difference !== 0)).toHaveLength(1);
    expect(quote).toMatchObject({ subtotal: 100, total: 100, minimumApplied: null, newTotalPremium: 4500 });
    expect(quote.rows).toEqual([
      {
        kind: 'changeAmount',
        label: '无人机机身损失险·巡检固定翼',
        before: '保额18万元',
        after: '保额20万元',
        premiumDifference: 100,
      },
    ]);
  });

  it('given a change effective before the policy starts, then the whole term counts', () => {
    const { quote } = priced([{ kind: 'removeDrone', index: 1 }], () => [], '2025-12-31T16:00:00.000Z');
    expect(quote.daysLeft).toBe(365);
    expect(quote.total).toBe(-2000);
  });

  it('given an extra premium under the insurer’s minimum, then the minimum; a return under its minimum, then none', () => {
    const small = priced(
      [{ kind: 'changeAmount', key: '1:1', insuranceAmount: 20 }],
      (keys) => keys.map((k) => quoted(k, 1010)),
      '2026-10-20T16:00:00.000Z',
      { minimumExtra: 50, minimumReturn: 0, referAbove: null },
    ).quote;
    expect(small).toMatchObject({ subtotal: 2, total: 50, minimumApplied: 'extra' });
    const back = priced([{ kind: 'removeDrone', index: 1 }], () => [], '2026-12-26T16:00:00.000Z', {
      minimumExtra: 0,
      minimumReturn: 100,
      referAbove: null,
    }).quote;
    expect(back.daysLeft).toBe(6);
    expect(back).toMatchObject({ subtotal: -32.88, total: 0, minimumApplied: 'return' });
  });

  it('given a total above the insurer’s amount, or a line left to an underwriter, then referred; a declined line refuses', () => {
    const at = '2026-01-01T16:00:00.000Z';
    const above = priced([{ kind: 'removeDrone', index: 1 }], () => [], at, { ...none, referAbove: 1000 }).quote;
    expect(above.referral).toBe('批改保费超过1000元');
    const drone = { name: '植保机', price: 50000, quantity: 1 } as Extract<
      EndorsementChange,
      { kind: 'addDrone' }
    >['drone'];
    const manual = priced(
      [{ kind: 'addDrone', drone }],
      ([a, b]) => [quoted(a!, 800), { key: b!, kind: 'manual', reason: '需核保' }],
      at,
    ).quote;
    expect(manual.referral).toBe('无人机第三者责任险·植保机：需核保');
    const declined = priced(
      [{ kind: 'addDrone', drone }],
      ([a, b]) => [quoted(a!, 800), { key: b!, kind: 'declined', reason: '超限' }],
      at,
    ).quote;
    expect(declined.refusal).toBe('无人机第三者责任险·植保机：超限');
  });

  it('given a chosen day, then it applies from that Shanghai midnight within the period; outside it, none', () => {
    const now = new Date('2026-03-01T02:00:00.000Z');
    const policy = { startDate: start, endDate: end };
    expect(endorsementEffectiveDate(now, policy)).toBe('2026-03-01T16:00:00.000Z');
    expect(endorsementEffectiveDate(now, policy, '2026-06-01')).toBe('2026-05-31T16:00:00.000Z');
    expect(endorsementEffectiveDate(now, policy, '2026-03-01')).toBeNull();
    expect(endorsementEffectiveDate(now, policy, '2027-01-02')).toBeNull();
  });
});

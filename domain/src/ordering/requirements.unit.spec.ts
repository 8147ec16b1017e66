import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { generalApplication, prepared } from './fixtures.ts';
import { buildPlanLines } from './plan.ts';
import { decideOrder, orderDecider, type OrderCommand, type OrderMetadata } from './order.commands.ts';
import { evolveOrder, initialOrder, type LineAnswer, type OrderEvent } from './order.events.ts';
import { matchQuote, certificateInsuredCheck, type QuoteAnswers } from './requirementMatch.ts';
import {
  noRequirements,
  requirementMessages,
  requirementsSchema,
  stateRequirementsBody,
  type Requirements,
} from './requirements.ts';

const spec = DeciderSpecification.for(orderDecider);
const refused = (message: string) => [DomainError, (error: DomainError) => error.message === message] as const;

const owner = '13800000001';
const t0 = new Date('2026-11-23T02:00:00.000Z');
const user: OrderMetadata = { now: t0, actor: owner };
const stranger: OrderMetadata = { now: t0, actor: '13900000009' };
const form = prepared(generalApplication());
const lines = buildPlanLines(form);

const wanted: Requirements = {
  ...noRequirements,
  minLiabilityWan: 50,
  maxHullDeductibleYuan: 20_000,
  requiredCoverIds: [5],
};
const state = (requirements: Requirements): OrderCommand => ({
  type: 'StateRequirements',
  data: { requirements },
  metadata: user,
});
const saved: OrderEvent = {
  type: 'OrderDraftSaved',
  data: { orderId: 'o1', orderNo: 'FB1', owner, orderType: 0, form, savedAt: t0.toISOString() },
};
const inquired: OrderEvent = {
  type: 'InquiryRequested',
  data: { orderId: 'o1', round: 1, form, lines, requests: [], requestedAt: t0.toISOString() },
};
const insured: OrderEvent = {
  type: 'OrderInsured',
  data: {
    orderId: 'o1',
    insurerId: 1,
    insurerName: '人保财险',
    totalPremium: 100,
    insuredAt: t0.toISOString(),
    requestedStartDate: null,
  },
};
const stated = (requirements: Requirements): OrderEvent => ({
  type: 'RequirementsStated',
  data: { orderId: 'o1', requirements, statedBy: owner, statedAt: t0.toISOString() },
});

describe('stating requirements', () => {
  it('given a draft, when its owner states requirements, then they are recorded', () =>
    expect(decideOrder(state(wanted), evolveOrder(initialOrder(), saved))).toEqual([stated(wanted)]));

  it('given a draft, when someone else states them, then the order reads as missing', () =>
    spec([saved])
      .when({ ...state(wanted), metadata: stranger })
      .thenThrows(...refused('订单不存在')));

  it('given no order, when requirements are stated, then it is missing', () =>
    spec([])
      .when(state(wanted))
      .thenThrows(...refused('订单不存在')));

  it('given a bought order, when requirements are stated, then they are read-only', () =>
    spec([
      saved,
      stated(wanted),
      inquired,
      { type: 'QuotingCompleted', data: { orderId: 'o1', round: 1, completedAt: '' } },
      insured,
    ])
      .when(state(noRequirements))
      .thenThrows(...refused(requirementMessages.notChangeable)));

  it('given stated requirements, when the plan is reset and the policy bought, then they stay with the order', () => {
    const order = (
      [
        saved,
        stated(wanted),
        inquired,
        { type: 'PlanReset', data: { orderId: 'o1', round: 1, resetAt: '' } },
        inquired,
        { type: 'QuotingCompleted', data: { orderId: 'o1', round: 1, completedAt: '' } },
        insured,
      ] as OrderEvent[]
    ).reduce(evolveOrder, initialOrder());
    expect(order.status).toBe('insured');
    expect(order.status !== 'none' && order.requirements).toEqual(wanted);
  });
});

describe('the requirements form', () => {
  it('given blanks and text numbers, then it normalises them', () => {
    const parsed = requirementsSchema.parse({
      minLiabilityWan: '100',
      maxHullDeductibleYuan: '',
      requiredCoverIds: [5, 1, 5],
      additionalInsured: { name: ' 甲方公司 ', creditCode: '' },
    });
    expect(parsed).toEqual({
      minLiabilityWan: 100,
      maxHullDeductibleYuan: null,
      minTermDays: null,
      requiredCoverIds: [1, 5],
      additionalInsured: { name: '甲方公司', creditCode: null },
    });
  });

  it.each([
    [{ minLiabilityWan: 0 }, requirementMessages.liability],
    [{ minLiabilityWan: 'abc' }, requirementMessages.liability],
    [{ maxHullDeductibleYuan: 2_000_000 }, requirementMessages.deductible],
    [{ minTermDays: 400 }, requirementMessages.term],
    [{ requiredCoverIds: [42] }, requirementMessages.covers],
    [{ additionalInsured: { name: '甲方', creditCode: '91110000000000000X' } }, requirementMessages.creditCodeFormat],
    [{ additionalInsured: { name: '', creditCode: '91350100M000100Y43' } }, requirementMessages.insuredNameRequired],
  ])('given %j, then it is refused in Chinese', (body, message) => {
    const result = stateRequirementsBody.safeParse({ id: 'o1', ...body });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

const quote = (answer: (key: string) => LineAnswer | undefined, timedOut = false): QuoteAnswers => ({
  insuranceCompanyId: 1,
  insuranceCompanyName: '人保财险',
  timedOut,
  answers: Object.fromEntries(lines.map((l) => [l.key, answer(l.key)])),
});
const priced =
  (deductible: string) =>
  (key: string): LineAnswer => ({ key, kind: 'quoted', premium: 100, deductible });
const reasons = (requirements: Requirements, q: QuoteAnswers) =>
  matchQuote(requirements, lines, q).checks.map((c) => [c.verdict, c.reason]);

describe('matching a quote', () => {
  it('given a liability limit above the requirement, then it is met with the figures', () =>
    expect(reasons({ ...noRequirements, minLiabilityWan: 50 }, quote(priced('免赔10%或1000元')))).toEqual([
      ['met', '三者险限额 100万元 ≥ 要求 50万元'],
    ]));

  it("given the insurer's 单次赔付限额 below the limit, then the cap is what is judged", () => {
    const capped = quote(priced('单次赔付限额50万，财损免赔500元'));
    expect(reasons({ ...noRequirements, minLiabilityWan: 100 }, capped)).toEqual([
      ['unmet', '三者险单次赔付限额 50万元，低于要求的 100万元'],
    ]);
    expect(reasons({ ...noRequirements, minLiabilityWan: 50 }, capped)).toEqual([
      ['met', '三者险单次赔付限额 50万元 ≥ 要求 50万元'],
    ]);
  });

  it('given a limit below the requirement, then it fails whatever the insurer answered', () =>
    expect(
      reasons(
        { ...noRequirements, minLiabilityWan: 200 },
        quote(() => undefined),
      ),
    ).toEqual([['unmet', '三者险限额 100万元，低于要求的 200万元']]));

  it('given a percent deductible, then it is judged on a total loss of the line by the claims arithmetic', () => {
    // 10% of the 180,000 fixed-wing line is 18,000, above the 1,000 minimum.
    expect(reasons({ ...noRequirements, maxHullDeductibleYuan: 20_000 }, quote(priced('免赔10%或1000元')))).toEqual([
      ['met', '机身险免赔最高 ¥18,000（全损时） ≤ 要求 ¥20,000'],
    ]);
    expect(reasons({ ...noRequirements, maxHullDeductibleYuan: 2_000 }, quote(priced('免赔10%或1000元')))).toEqual([
      ['unmet', '机身险免赔最高 ¥18,000（全损时），超过要求的 ¥2,000'],
    ]);
  });

  it('given wording the claims desk cannot read, then it waits for someone to check it', () =>
    expect(reasons({ ...noRequirements, maxHullDeductibleYuan: 2_000 }, quote(priced('按条款约定')))).toEqual([
      ['pending', '机身险免赔条款「按条款约定」待人工核对'],
    ]));

  it('given lines still being priced or left to staff, then the verdict waits', () => {
    expect(
      matchQuote(
        { ...noRequirements, minLiabilityWan: 50 },
        lines,
        quote(() => undefined),
      ).verdict,
    ).toBe('pending');
    const manual = quote((key) => ({ key, kind: 'manual', reason: '需人工核保' }));
    expect(reasons({ ...noRequirements, minLiabilityWan: 50 }, manual)).toEqual([['pending', '三者险待人工核保']]);
  });

  it('given a cover the plan lacks or the insurer declined, then it fails', () => {
    expect(reasons({ ...noRequirements, requiredCoverIds: [5] }, quote(priced('0免赔')))).toEqual([
      ['unmet', '方案未含盗抢险'],
    ]);
    const declined = quote((key) =>
      key.startsWith('1:') ? { key, kind: 'declined', reason: '拒保' } : priced('0免赔')(key),
    );
    expect(reasons({ ...noRequirements, requiredCoverIds: [1] }, declined)).toEqual([['unmet', '未报价机身险']]);
    expect(
      reasons(
        { ...noRequirements, requiredCoverIds: [1] },
        quote(() => undefined, true),
      ),
    ).toEqual([['unmet', '未报价机身险']]);
  });

  it('given a term and every requirement met, then the insurer meets them all', () => {
    const all: Requirements = {
      minLiabilityWan: 100,
      maxHullDeductibleYuan: 20_000,
      minTermDays: 180,
      requiredCoverIds: [1, 2],
      additionalInsured: { name: '甲方公司', creditCode: null },
    };
    const match = matchQuote(all, lines, quote(priced('免赔10%或1000元')));
    expect(match.verdict).toBe('met');
    expect(match.checks.map((c) => c.reason)).toContain('保险期间 365天 ≥ 要求 180天');
    expect(reasons({ ...noRequirements, minTermDays: 366 }, quote(priced('0免赔')))).toEqual([
      ['unmet', '保险期间 365天，短于要求的 366天'],
    ]);
  });

  it('given a certificate, then it says whether it names the additional insured', () => {
    const r: Requirements = {
      ...noRequirements,
      additionalInsured: { name: '甲方公司', creditCode: '91350100M000100Y43' },
    };
    expect(certificateInsuredCheck(r, { name: '甲方公司', idNumber: '91350100M000100Y43' })?.verdict).toBe('met');
    expect(certificateInsuredCheck(r, { name: '乙方公司', idNumber: '91350100M000100Y43' })?.verdict).toBe('unmet');
    expect(certificateInsuredCheck(noRequirements, { name: '甲方公司', idNumber: 'x' })).toBeNull();
  });
});

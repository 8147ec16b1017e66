import { describe, expect, it } from 'vitest';
import { assessExposures, type PolicySnapshot } from '../claims/policy.ts';
import type { PlanCell, PlanRow, TotalCell, TotalsRow } from './api.ts';
import { compareQuotes, comparisonLabel, defaultLoss, type LossChoice, MANUAL_DEDUCTIBLE } from './comparison.ts';
import { comparisonQuery } from './comparison.wire.ts';
import { generalApplication, prepared, trainingApplication } from './fixtures.ts';
import { buildPlanLines } from './plan.ts';

type Answer = { status?: PlanCell['status']; premium?: number; deductible?: string };
/** An insurer's answers by cover id (every drone alike), its totals cell facts on top. */
type InsurerSpec = { id: number; answers: Record<number, Answer>; expired?: boolean };

const planOf = (body: Record<string, unknown>, specs: InsurerSpec[]): (PlanRow | TotalsRow)[] => {
  const lines = buildPlanLines(prepared(body));
  const cell = (spec: InsurerSpec, coverId: number): PlanCell => {
    const a = spec.answers[coverId] ?? {};
    const status = a.status ?? 'quoted';
    return {
      insuranceCompanyId: spec.id,
      insuranceCompanyName: `保险${spec.id}`,
      status,
      insurancePremium: status === 'quoted' ? (a.premium ?? 1000) : null,
      deductiblePremiumString: status === 'quoted' ? (a.deductible ?? '0免赔') : null,
      quotedPriceDate: null,
      remark: null,
    };
  };
  const rows = lines.map(
    (line): PlanRow => ({
      ...line,
      orderInfoId: 'o-1',
      state: 2,
      insuranceCompanyList: specs.map((s) => cell(s, line.insuranceTypeInfoId)),
    }),
  );
  const totals: TotalsRow = {
    orderInfoId: 'o-1',
    key: 'total',
    isTotal: true,
    insuranceTypeInfoName: '合计',
    state: 2,
    insuranceCompanyList: specs.map((s): TotalCell => {
      const cells = rows.map((r) => r.insuranceCompanyList.find((c) => c.insuranceCompanyId === s.id)!);
      const quotedAll = cells.every((c) => c.status === 'quoted');
      return {
        insuranceCompanyId: s.id,
        insuranceCompanyName: `保险${s.id}`,
        status: quotedAll ? 'answered' : 'waiting-verification',
        total: quotedAll ? cells.reduce((sum, c) => sum + c.insurancePremium!, 0) : null,
        quotedAll,
        canInsure: quotedAll && !s.expired,
        validUntil: '2026-12-01T00:00:00.000Z',
        expired: quotedAll && s.expired === true,
        termsConfirmed: true,
      };
    }),
  };
  return [...rows, totals];
};

const loss = (patch: Partial<LossChoice> = {}): LossChoice => ({ ...defaultLoss, ...patch });

/** The claims desk's assessment of the same loss on a policy bought from this insurer. */
const deskAssessment = (
  plan: (PlanRow | TotalsRow)[],
  insurerId: number,
  losses: { key: string; kind: 'drone' | 'property' | 'injury'; amount: number }[],
) => {
  const rows = plan.filter((r): r is PlanRow => r.isTotal !== true);
  const policy = {
    lines: rows.map((r) => {
      const c = r.insuranceCompanyList.find((x) => x.insuranceCompanyId === insurerId)!;
      return {
        key: r.key,
        insuranceTypeId: r.insuranceTypeInfoId,
        name: r.insuranceTypeInfoName,
        droneName: r.uavInfoName,
        insuranceAmount: r.insuranceAmount,
        premium: c.insurancePremium,
        deductible: c.deductiblePremiumString,
      };
    }),
  } as PolicySnapshot;
  return assessExposures(
    policy,
    losses.map((l) => ({ lineKey: l.key, kind: l.kind, lossAmount: l.amount })),
  );
};

describe('compareQuotes', () => {
  const plan = planOf(generalApplication(), [
    {
      id: 1,
      answers: {
        1: { premium: 3000, deductible: '免赔10%或1000元，以高者为准' },
        2: { premium: 800, deductible: '单次赔付限额50万，财损免赔500元' },
      },
    },
    {
      id: 2,
      answers: { 1: { premium: 2800, deductible: '绝对免赔30%' }, 2: { premium: 700, deductible: '人伤0免赔' } },
    },
    { id: 3, answers: { 1: { premium: 3300, deductible: '免赔10%或1000元' }, 2: { status: 'waiting-verification' } } },
    {
      id: 4,
      answers: { 1: { premium: 2000, deductible: '免赔以保单约定为准' }, 2: { premium: 600, deductible: '人伤0免赔' } },
    },
    { id: 5, answers: { 1: { status: 'declined' }, 2: { premium: 500 } } },
    {
      id: 6,
      answers: { 1: { premium: 1000, deductible: '绝对免赔20%' }, 2: { premium: 400, deductible: '人伤0免赔' } },
      expired: true,
    },
  ]);

  it('takes the loss on the chosen drone’s hull and 三者 lines with the claims desk’s numbers, cheapest expected cost first', () => {
    const result = compareQuotes(plan, loss());
    expect(result.loss).toMatchObject({ uavInfoId: '0', uavInfoName: '测绘一号' });
    expect(result.uncoveredYuan).toBe(0);
    const one = result.insurers.find((i) => i.insuranceCompanyId === 1)!;
    // Two drones: premiums are per line, so the totals are twice each cover's premium.
    expect(one.totalPremium).toBe(7600);
    expect(one.outOfPocketYuan).toBe(2000 + 500);
    expect(one.payableYuan).toBe(18_000 + 199_500);
    expect(one.expectedCostYuan).toBe(10_100);
    const hull = one.lines.find((l) => l.key === '1:0')!;
    expect(hull.premiumPer10k).toBe(Math.round((3000 / 13) * 100) / 100);
    expect(hull.deductible).toMatchObject({ understood: true, percent: 10, minimumYuan: 1000 });
    expect(hull.loss).toMatchObject({
      role: 'hull',
      kind: 'drone',
      deductibleYuan: 2000,
      payableYuan: 18_000,
      outOfPocketYuan: 2000,
    });
    expect(one.lines.find((l) => l.key === '1:1')!.loss).toBeNull();

    const two = result.insurers.find((i) => i.insuranceCompanyId === 2)!;
    expect(two.outOfPocketYuan).toBe(6000);
    expect(two.expectedCostYuan).toBe(7000 + 6000);
    expect(result.insurers.map((i) => [i.insuranceCompanyId, i.label])).toEqual([
      [1, 'firm'],
      [2, 'firm'],
      // The cheapest, but expired: it cannot be bought before a new inquiry, so it follows the live quotes.
      [6, 'expired'],
      [4, 'firm'],
      [3, 'indicative'],
      [5, 'underwriting'],
    ]);
  });

  it('equals the claims desk for the same loss and wording, on every insurer and loss kind', () => {
    for (const choice of [
      loss(),
      loss({ uavInfoId: '1', hullLoss: 190_000, thirdPartyLoss: 800_000, thirdPartyKind: 'injury' }),
      loss({ hullLoss: 999.99, thirdPartyLoss: 3000 }),
    ]) {
      const result = compareQuotes(plan, choice);
      for (const insurer of result.insurers.filter((i) => i.outOfPocketYuan !== null)) {
        const taken = insurer.lines.filter((l) => l.loss !== null);
        const desk = deskAssessment(
          plan,
          insurer.insuranceCompanyId,
          taken.map((l) => ({ key: l.key, kind: l.loss!.kind as 'drone', amount: l.loss!.lossYuan })),
        );
        expect(insurer.payableYuan).toBe(desk.payableAmount);
        expect(insurer.outOfPocketYuan).toBe(Math.round((desk.lossAmount - desk.payableAmount) * 100) / 100);
        for (const e of desk.exposures) {
          const line = taken.find((l) => l.key === e.lineKey)!;
          expect(line.loss).toMatchObject({
            deductibleYuan: e.deductibleAmount,
            payableYuan: e.payableAmount,
            cappedBy: e.cappedBy,
          });
        }
      }
    }
  });

  it('caps at the sum insured and the per-payout limit as a claim would', () => {
    const result = compareQuotes(plan, loss({ uavInfoId: '1', hullLoss: 500_000, thirdPartyLoss: 900_000 }));
    const one = result.insurers.find((i) => i.insuranceCompanyId === 1)!;
    expect(one.lines.find((l) => l.key === '1:1')!.loss).toMatchObject({ payableYuan: 180_000, cappedBy: 'limit' });
    expect(one.lines.find((l) => l.key === '2:1')!.loss).toMatchObject({ payableYuan: 500_000, cappedBy: 'perPayout' });
  });

  it('shows wording nobody can read as 需人工确认免赔, with no numbers and no expected cost', () => {
    const four = compareQuotes(plan, loss()).insurers.find((i) => i.insuranceCompanyId === 4)!;
    expect(four.deductibleNote).toBe(MANUAL_DEDUCTIBLE);
    expect(four.outOfPocketYuan).toBeNull();
    expect(four.expectedCostYuan).toBeNull();
    expect(four.lines.find((l) => l.key === '1:0')!.deductible).toMatchObject({ understood: false });
    expect(four.lines.find((l) => l.key === '1:0')!.loss).toMatchObject({ deductibleYuan: null, payableYuan: null });
    // A hull-only loss leaves that line out of it, so the number is there again.
    const hullFree = compareQuotes(plan, loss({ hullLoss: 0 })).insurers.find((i) => i.insuranceCompanyId === 4)!;
    expect(hullFree).toMatchObject({ deductibleNote: null, outOfPocketYuan: 0, expectedCostYuan: 5200 });
  });

  it('counts a loss no line takes as the customer’s own, the same for every insurer', () => {
    const theft = compareQuotes(plan, loss({ hullKind: 'theft' }));
    expect(theft.uncoveredYuan).toBe(20_000);
    expect(theft.insurers.find((i) => i.insuranceCompanyId === 1)!.outOfPocketYuan).toBe(20_000 + 500);
  });

  it('takes the third-party loss on a training site’s liability when the drone has no 三者险', () => {
    const body = trainingApplication();
    body.insuranceTypeInfoList = (body.insuranceTypeInfoList as { insuranceTypeId: number }[]).filter(
      (l) => l.insuranceTypeId !== 2,
    );
    const training = planOf(body, [{ id: 1, answers: { 102: { premium: 900, deductible: '免赔5%或500元' } } }]);
    const one = compareQuotes(training, loss()).insurers[0]!;
    const site = one.lines.find((l) => l.loss?.role === 'thirdParty')!;
    expect(site.insuranceTypeInfoId).toBe(102);
    expect(site.loss).toMatchObject({ deductibleYuan: 10_000, payableYuan: 190_000 });
    // 培训责任险's amount is a plan tier, not a sum insured; personal accident takes no part of the loss.
    expect(one.lines.find((l) => l.insuranceTypeInfoId === 103)!.premiumPer10k).toBeNull();
    expect(one.lines.filter((l) => [100, 101].includes(l.insuranceTypeInfoId)).every((l) => l.loss === null)).toBe(
      true,
    );
  });

  it('refuses a drone the plan does not have', () => {
    expect(() => compareQuotes(plan, loss({ uavInfoId: '9' }))).toThrow('所选无人机不在本订单的方案中');
  });
});

describe('comparisonLabel', () => {
  const cell = (status: PlanCell['status']) => ({ status }) as PlanCell;
  it.each([
    [{ quotedAll: true, expired: true }, ['quoted'], 'expired'],
    [{ quotedAll: true, expired: false }, ['quoted'], 'firm'],
    [{ quotedAll: false, expired: false }, ['quoted', 'waiting-verification'], 'indicative'],
    [{ quotedAll: false, expired: false }, ['quoted', 'requested'], 'indicative'],
    [{ quotedAll: false, expired: false }, ['waiting-verification'], 'underwriting'],
    [{ quotedAll: false, expired: false }, ['quoted', 'declined'], 'underwriting'],
    [{ quotedAll: false, expired: false }, ['quoted', 'timed-out'], 'underwriting'],
  ] as const)('%o with %o is %s', (total, statuses, label) => {
    expect(comparisonLabel(total, statuses.map(cell))).toBe(label);
  });
});

describe('comparisonQuery', () => {
  const id = '3f1c2b9e-0000-4000-8000-000000000001';
  it('defaults to ¥20,000 hull damage and ¥200,000 third-party property', () => {
    expect(comparisonQuery.parse({ id })).toEqual({ id, loss: { ...defaultLoss } });
  });
  it('reads amounts from the query string and refuses wrong ones in Chinese', () => {
    expect(
      comparisonQuery.parse({ id, hullLoss: '5000.5', thirdPartyKind: 'injury', uavInfoId: '1' }).loss,
    ).toMatchObject({
      hullLoss: 5000.5,
      thirdPartyKind: 'injury',
      uavInfoId: '1',
    });
    const issue = (q: Record<string, string>) => comparisonQuery.safeParse({ id, ...q }).error?.issues[0]?.message;
    expect(issue({ hullLoss: 'abc' })).toBe('机身损失金额必须是数字');
    expect(issue({ hullLoss: '-1' })).toBe('机身损失金额不能小于0');
    expect(issue({ thirdPartyLoss: '1.234' })).toBe('三者损失金额最多两位小数');
    expect(issue({ hullKind: 'fire' })).toBe('机身损失类型只能是 damage 或 theft');
  });
});

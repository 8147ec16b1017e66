import { visibleInsurers } from '../../ordering/catalogue.ts';
import { graph, num, str, type Jdm } from '../jdm.ts';

/**
 * 退保规则, one per insurer (stage `cancellation`): the insurer's cooling-off days (犹豫期), how the premium
 * is refunded after it (pro rata or the 短期费率表), the fee kept, whether the request is approved without
 * staff. Input: ordering/cancellation.ts `cancellationRuleInput` ({insurerId, daysElapsed, monthsElapsed});
 * output: `CancellationRuleOutput`. Reviewed, versioned and enabled on the rule platform like the tariffs.
 */

export const cancellationRuleId = (insurerId: number) => `cancellation-${insurerId}`;

export const DEFAULT_COOLING_OFF_DAYS = 15;

/** The usual Chinese 短期费率表: months elapsed (a month begun counts whole) → % of the annual premium kept. */
export const SHORT_RATE_TABLE: readonly (readonly [months: number, keepPct: number])[] = [
  [1, 10],
  [2, 20],
  [3, 30],
  [4, 40],
  [5, 50],
  [6, 60],
  [7, 70],
  [8, 80],
  [9, 85],
  [10, 90],
  [11, 95],
  [12, 100],
];

export type CancellationSeedTerms = {
  coolingOffDays: number;
  method: 'proRata' | 'shortRate';
  fee: number;
  autoApprove: boolean;
};

/** The seeded terms by insurer: most use the short-rate table; two refund pro rata less a fee, reviewed by staff. */
export const seededCancellationTerms = (insurerId: number): CancellationSeedTerms => {
  switch (insurerId) {
    case 2:
      return { coolingOffDays: 10, method: 'proRata', fee: 20, autoApprove: false };
    case 5:
      return { coolingOffDays: DEFAULT_COOLING_OFF_DAYS, method: 'proRata', fee: 0, autoApprove: true };
    default:
      return { coolingOffDays: DEFAULT_COOLING_OFF_DAYS, method: 'shortRate', fee: 0, autoApprove: true };
  }
};

export const cancellationDecision = (terms: CancellationSeedTerms): Jdm => {
  const g = graph();
  const params = g.table(
    '退保参数',
    [['insurerId', '保险公司']],
    [
      ['coolingOffDays', '犹豫期（天）'],
      ['method', '犹豫期后退费方式（proRata 按日比例 / shortRate 短期费率）'],
      ['fee', '退保手续费（元）'],
      ['autoApprove', '自动审批'],
    ],
    [{ when: [''], give: [num(terms.coolingOffDays), str(terms.method), num(terms.fee), String(terms.autoApprove)] }],
  );
  const shortRate = g.table(
    '短期费率表',
    [['monthsElapsed', '已保月数']],
    [['keepPct', '收取年保费比例（%）']],
    [
      ...SHORT_RATE_TABLE.map(([months, pct]) => ({ when: [`<= ${num(months)}`], give: [num(pct)] })),
      { when: [''], give: ['100'] },
    ],
  );
  g.chain(g.input(), params, shortRate, g.output());
  return g.done();
};

/** The seeded rules of the cancellation stage, one per insurer a customer can buy from. */
export const cancellationSeeds = () =>
  visibleInsurers.map((insurer) => ({
    ruleId: cancellationRuleId(insurer.id),
    name: `${insurer.name}退保规则`,
    stage: 'cancellation' as const,
    rank: insurer.id,
    insurerId: insurer.id,
    type: 'cancellation',
    risk: null,
    message: null,
    description: '犹豫期内全额退费；犹豫期后按日比例或短期费率表退费，扣除手续费；已赔付的保单不退费',
    content: cancellationDecision(seededCancellationTerms(insurer.id)),
  }));

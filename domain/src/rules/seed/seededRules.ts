import { visibleInsurers } from '../../ordering/catalogue.ts';
import { graph, num, str, type Jdm } from '../jdm.ts';
import { PRICE_RANGE_RULE_ID, REFERRAL_RULE_ID, tariffRuleId } from '../rating.ts';
import { tariffDecision } from './tariffRules.ts';
import { tariffTables } from './tariffTables.ts';

/** Above these an underwriter looks at the risk whatever the tariff says. */
export const MANUAL_DRONE_PRICE = 500_000;
export const MANUAL_MAX_TAKEOFF_KG = 25;

/** Input: rules/rating.ts `referralInput`; output `referral.reason` (null: no referral). */
export const referralDecision = (): Jdm => {
  const g = graph();
  const input = g.input();
  const table = g.table(
    '人工核保阈值',
    [
      ['droneCover', '无人机险种'],
      ['drone.price', '无人机单价'],
      ['drone.maxTakeoffKg', '最大起飞重量（kg）'],
    ],
    [['referral.reason', '转人工原因']],
    [
      { when: ['$ != true'], give: ['null'] },
      { when: ['', `$ != null and $ > ${num(MANUAL_DRONE_PRICE)}`], give: [str('无人机单价超过50万元，需保险公司核保')] },
      { when: ['', '', `$ != null and $ > ${num(MANUAL_MAX_TAKEOFF_KG)}`], give: [str('最大起飞重量超过25公斤，需保险公司核保')] },
      { when: [], give: ['null'] },
    ],
  );
  const answer = g.expression('核保结论', [['referral', 'referral']]);
  g.chain(input, table, answer, g.output());
  return g.done();
};

/**
 * The education package's price range: input `insurers: [{insurerId, premiums}]` (each insurer's
 * automatically quoted premiums; lines awaiting verification or declined add nothing), output
 * the cheapest and dearest total. An indication, not an offer.
 */
export const priceRangeDecision = (): Jdm => {
  const g = graph();
  const range = g.expression('价格区间', [
    ['totals', 'map(insurers, sum(#.premiums))'],
    ['minPrice', 'len($.totals) == 0 ? 0 : round(min($.totals), 2)'],
    ['maxPrice', 'len($.totals) == 0 ? 0 : round(max($.totals), 2)'],
  ]);
  g.chain(g.input(), range, g.output());
  return g.done();
};

export type SeededRule = { ruleId: string; name: string; content: Jdm };

/** Version 1 of every rule: the behaviour that was hard-coded before the rule platform. */
export const seededRules = (): SeededRule[] => [
  { ruleId: REFERRAL_RULE_ID, name: '人工核保规则', content: referralDecision() },
  ...tariffTables.map((t) => ({
    ruleId: tariffRuleId(t.insurerId),
    name: `${visibleInsurers.find((i) => i.id === t.insurerId)?.name ?? t.insurerId}费率规则`,
    content: tariffDecision(t),
  })),
  { ruleId: PRICE_RANGE_RULE_ID, name: '教培套餐价格区间', content: priceRangeDecision() },
];

export const SEED_RULE_REASON = '初始版本：迁移原有费率表与核保规则';

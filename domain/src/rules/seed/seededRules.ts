import { visibleInsurers } from '../../ordering/catalogue.ts';
import { graph, num, str, type Jdm } from '../jdm.ts';
import type { RuleDefinitionFields, RuleStage } from '../definition.ts';
import { LIMITS_RULE_ID, PRICE_RANGE_RULE_ID, REFERRAL_RULE_ID, tariffRuleId } from '../rating.ts';
import { endorsementRule } from './endorsementRules.ts';
import { tariffDecision } from './tariffRules.ts';
import { tariffTables } from './tariffTables.ts';
import { cancellationSeeds } from './cancellationRules.ts';

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
    [
      ['referral.reason', '转人工原因'],
      // A code of 规则提示语: the customer reads its text, staff the reason.
      ['referral.message', '提示语'],
    ],
    [
      { when: ['$ != true'], give: ['null', 'null'] },
      {
        when: ['', `$ != null and $ > ${num(MANUAL_DRONE_PRICE)}`],
        give: [str('无人机单价超过50万元，需保险公司核保'), str('referral.dronePrice')],
      },
      {
        when: ['', '', `$ != null and $ > ${num(MANUAL_MAX_TAKEOFF_KG)}`],
        give: [str('最大起飞重量超过25公斤，需保险公司核保'), str('referral.maxTakeoff')],
      },
      { when: [], give: ['null', 'null'] },
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

/**
 * The insurer limits of 险种启用限制 (config kind insuranceLimit), applied to a line as the facts'
 * `limit` (null when the insurer set none for the cover). Input: rules/rating.ts `lineFacts`.
 */
export const limitsDecision = (): Jdm => {
  const g = graph();
  const set = (field: string) => `limit != null and limit.${field} != null`;
  const checks = g.expression('限额检查', [
    ['disabled', 'limit != null and limit.enabled == false'],
    ['belowMin', `${set('minAmount')} and amount < limit.minAmount`],
    ['aboveMax', `${set('maxAmount')} and amount > limit.maxAmount`],
    [
      'droneTooDear',
      `${set('maxDronePrice')} and drone != null and drone.price != null and drone.price > limit.maxDronePrice`,
    ],
    [
      'tooHeavy',
      `${set('maxTakeoffKg')} and drone != null and drone.maxTakeoffKg != null and drone.maxTakeoffKg > limit.maxTakeoffKg`,
    ],
  ]);
  const table = g.table(
    '保险公司承保限制',
    [
      ['disabled', '未开办该险种'],
      ['belowMin', '低于最低保额'],
      ['aboveMax', '超过最高保额'],
      ['droneTooDear', '无人机单价超限'],
      ['tooHeavy', '起飞重量超限'],
    ],
    [['decline.reason', '拒保原因']],
    [
      { when: ['true'], give: [str('该保险公司暂不承保此险种')] },
      { when: ['', 'true'], give: [str('保险金额低于该保险公司的最低保额')] },
      { when: ['', '', 'true'], give: [str('保险金额超过该保险公司的最高保额')] },
      { when: ['', '', '', 'true'], give: [str('无人机单价超过该保险公司的承保上限')] },
      { when: ['', '', '', '', 'true'], give: [str('最大起飞重量超过该保险公司的承保上限')] },
      { when: [], give: ['null'] },
    ],
  );
  g.chain(g.input(), checks, table, g.output());
  return g.done();
};

export type SeededRule = { ruleId: string; stage: RuleStage; rank: number; content: Jdm } & RuleDefinitionFields;

const seeded = { source: 'system', scenes: [] as string[] } as const;

/** Version 1 of every rule: the behaviour that was hard-coded before the rule platform, and where it runs. */
export const seededRules = (): SeededRule[] => [
  {
    ...seeded,
    ruleId: REFERRAL_RULE_ID,
    name: '人工核保规则',
    stage: 'referral',
    rank: 1,
    insurerId: null,
    type: 'referral',
    risk: 'medium',
    message: null,
    description: '无人机单价超过50万元或最大起飞重量超过25公斤时转保险公司人工核保（提示语由规则按原因给出）',
    scenes: [],
    content: referralDecision(),
  },
  ...tariffTables.map((t) => ({
    ...seeded,
    ruleId: tariffRuleId(t.insurerId),
    name: `${visibleInsurers.find((i) => i.id === t.insurerId)?.name ?? t.insurerId}费率规则`,
    stage: 'rating' as const,
    rank: t.insurerId,
    insurerId: t.insurerId,
    type: 'tariff',
    risk: 'low',
    message: null,
    description: '各险种的费率表、系数与免赔额',
    scenes: [],
    content: tariffDecision(t),
  })),
  {
    ...seeded,
    ruleId: LIMITS_RULE_ID,
    name: '保险公司承保限制',
    stage: 'limits',
    rank: 1,
    insurerId: null,
    type: 'limit',
    risk: 'high',
    message: null,
    description: '按“险种启用限制”的配置拒保未开办或超出限额的险种',
    scenes: [],
    content: limitsDecision(),
  },
  {
    ...seeded,
    ruleId: PRICE_RANGE_RULE_ID,
    name: '教培套餐价格区间',
    stage: 'indication',
    rank: 1,
    insurerId: null,
    type: 'priceRange',
    risk: null,
    message: null,
    description: '培训机构方案在各保险公司的最低与最高总保费',
    scenes: [],
    content: priceRangeDecision(),
  },
  ...cancellationSeeds().map((rule) => ({ ...seeded, ...rule })),
  { ...seeded, ...endorsementRule() },
];

export const SEED_RULE_REASON = '初始版本：迁移原有费率表与核保规则';

/** The seeded rules as the engine's rule set, every one at version 1 (tests and the bench rate with it). */
export const seededRuleSet = () => ({
  rules: seededRules().map(({ ruleId, content, stage, rank, insurerId, scenes, message, risk }) => ({
    ruleId,
    version: 1,
    content,
    stage,
    rank,
    insurerId,
    scenes,
    message,
    risk,
  })),
  limits: [],
  stagePlans: [],
});

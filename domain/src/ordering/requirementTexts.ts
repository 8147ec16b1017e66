import { CoverId, insuranceTypeById } from './catalogue.ts';
import type { Requirements } from './requirements.ts';

/** How 投保要求 read in Chinese (docs/api/requirements.md): the matcher's reasons, the panel, the audit. */

const shortNames: Record<number, string> = {
  [CoverId.hull]: '机身险',
  [CoverId.liability]: '三者险',
  [CoverId.operatorAccident]: '操作人员意外险',
  [CoverId.comprehensive]: '综合险',
  [CoverId.theft]: '盗抢险',
};
export const coverShortName = (id: number) => shortNames[id] ?? insuranceTypeById(id)?.name ?? `险种${id}`;

/** 1234.5 → ¥1,234.5; whole yuan print without decimals. */
export const yuanText = (amount: number) =>
  `¥${(Math.round(amount * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

/** Each stated requirement in a few words. */
export const requirementTexts = (r: Requirements): string[] => [
  ...(r.minLiabilityWan !== null ? [`三者险限额 ≥ ${r.minLiabilityWan}万元`] : []),
  ...(r.maxHullDeductibleYuan !== null ? [`机身险免赔 ≤ ${yuanText(r.maxHullDeductibleYuan)}（全损时）`] : []),
  ...(r.minTermDays !== null ? [`保险期间 ≥ ${r.minTermDays}天`] : []),
  ...r.requiredCoverIds.map((id) => `含${coverShortName(id)}`),
  ...(r.additionalInsured
    ? [
        `附加被保险人：${r.additionalInsured.name}${r.additionalInsured.creditCode ? `（${r.additionalInsured.creditCode}）` : ''}`,
      ]
    : []),
];

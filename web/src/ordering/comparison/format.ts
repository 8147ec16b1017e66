/** The comparison's words: deductible figures and loss choices as the customer reads them. */
import { type DeductibleFigures, MANUAL_DEDUCTIBLE } from '@feibao/domain/ordering/comparison';
import { money } from '../format.ts';

type Rule = { percent: number; minimumYuan: number };

const ruleText = (r: Rule): string =>
  r.percent > 0 && r.minimumYuan > 0
    ? `${r.percent}%（最低${money(r.minimumYuan)}）`
    : r.percent > 0
      ? `${r.percent}%`
      : r.minimumYuan > 0
        ? money(r.minimumYuan)
        : '0';

/** e.g. "免赔 10%（最低¥1,000.00）", "人伤 0 · 财损 ¥500.00 · 单次限额 ¥500,000.00". */
export const deductibleSummary = (d: DeductibleFigures | null): string => {
  if (d === null) return '—';
  if (!d.understood) return MANUAL_DEDUCTIBLE;
  const parts: string[] = [];
  const general = { percent: d.percent, minimumYuan: d.minimumYuan };
  if (general.percent > 0 || general.minimumYuan > 0 || (d.injury === null && d.property === null))
    parts.push(`免赔 ${ruleText(general)}`);
  if (d.injury) parts.push(`人伤 ${ruleText(d.injury)}`);
  if (d.property) parts.push(`财损 ${ruleText(d.property)}`);
  if (d.perPayoutCapYuan !== null) parts.push(`单次限额 ${money(d.perPayoutCapYuan)}`);
  return parts.join(' · ');
};

export const labelIntent = { firm: 'success', indicative: 'warning', underwriting: 'danger', expired: 'none' } as const;

export const hullPresets = [5_000, 20_000, 50_000] as const;
export const thirdPartyPresets = [50_000, 200_000, 500_000] as const;
/** A preset amount as a chip says it: ¥2万, ¥5千. */
export const wan = (n: number) =>
  n >= 10_000 && n % 10_000 === 0 ? `¥${n / 10_000}万` : n >= 1_000 && n % 1_000 === 0 ? `¥${n / 1_000}千` : money(n);

/** A custom amount as typed: yuan, at most two decimals; null when it is not one. */
export const parseAmount = (text: string): number | null => {
  const t = text.trim().replace(/[,，]/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(t)) return null;
  return Number(t);
};

import { CoverId, DEFAULT_GUARANTEE_TERM, sumInsuredOptions, windResistances } from '../ordering/catalogue.ts';
import { factorText } from './explanation.ts';
import type { TariffInput } from './rating.ts';

/**
 * 省钱提示 of 价格说明: which one-fact changes of a quote line are worth re-rating on the version that
 * priced it (the query side re-rates them, docs/api/price-explanation.md), and which of the results
 * a customer is shown: only those that lower the price. Pure.
 */

export type PriceHintVariant<F extends TariffInput = TariffInput> = { id: string; label: string; facts: F };
export type PriceHint = { id: string; label: string; premium: number; term: number; saving: number; text: string };

const PARACHUTE = '降落伞';

/** The line's facts with one thing changed that the customer could change, each only where it changes anything. */
export const priceHintVariants = <F extends TariffInput>(facts: F): PriceHintVariant<F>[] => {
  const variants: PriceHintVariant<F>[] = [];
  const drone = facts.drone;
  if (drone) {
    if (drone.selfRescuePlan !== PARACHUTE)
      variants.push({
        id: 'parachute',
        label: '加装降落伞',
        facts: { ...facts, drone: { ...drone, selfRescuePlan: PARACHUTE } },
      });
    if (!drone.realTimeData)
      variants.push({
        id: 'realTimeData',
        label: '开启实时飞行数据',
        facts: { ...facts, drone: { ...drone, realTimeData: true } },
      });
    const grade = windResistances.indexOf((drone.windResistance ?? '未知') as (typeof windResistances)[number]);
    const higher = windResistances[Math.max(grade, 0) + 1];
    if (higher)
      variants.push({
        id: 'wind',
        label: `抗风等级提升至${higher}`,
        facts: { ...facts, drone: { ...drone, windResistance: higher } },
      });
  }
  if (facts.term < DEFAULT_GUARANTEE_TERM)
    variants.push({ id: 'term', label: '改为投保1年', facts: { ...facts, term: DEFAULT_GUARANTEE_TERM } });
  const lower = (sumInsuredOptions[facts.cover] ?? []).filter((a) => a < facts.amount).at(-1);
  if (lower !== undefined && facts.cover !== CoverId.trainingLiability)
    variants.push({
      id: 'amount',
      label: `${facts.cover === CoverId.liability ? '责任限额' : '保额'}降至${lower}万元`,
      facts: { ...facts, amount: lower },
    });
  return variants;
};

/** Per year, so a longer term compares with a short one by what a year of cover costs. */
const perYear = (premium: number, term: number) => (premium * DEFAULT_GUARANTEE_TERM) / Math.max(term, 1);

/**
 * The hints worth showing: re-rated variants (null premium: not priced automatically) that lower the
 * price per year by at least a fen, largest saving first.
 */
export const priceHints = (
  current: { premium: number; term: number },
  rated: readonly { variant: PriceHintVariant; premium: number | null }[],
): PriceHint[] =>
  rated
    .flatMap(({ variant, premium }) => {
      if (premium === null) return [];
      const saving =
        Math.round((perYear(current.premium, current.term) - perYear(premium, variant.facts.term)) * 100) / 100;
      if (saving < 0.01) return [];
      return [
        {
          id: variant.id,
          label: variant.label,
          premium,
          term: variant.facts.term,
          saving,
          text: `${variant.label} → 每年省 ${factorText(saving, 'money')}`,
        },
      ];
    })
    .sort((a, b) => b.saving - a.saving);

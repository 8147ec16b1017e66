import { invalid } from '../shared/errors.ts';

/**
 * What a claim pays per cover line, read from the deductible wording the insurer put on the policy
 * and the line's sum insured. The wording is free text chosen per insurer, so it is parsed part by
 * part; anything not recognised leaves the line flagged for manual review instead of guessing.
 */

export type LossKind = 'drone' | 'injury' | 'property' | 'other';
/** deductible = max(percent % × loss, minimumYuan), never more than the loss itself. */
export type DeductibleRule = { percent: number; minimumYuan: number };
export type DeductibleTerms = {
  text: string;
  understood: boolean;
  /** Rules that apply to one kind of loss only (人伤…, 财损…); other kinds fall back to `general`. */
  byKind: Partial<Record<LossKind, DeductibleRule>>;
  general: DeductibleRule;
  perPayoutCapYuan: number | null;
};

const NONE: DeductibleRule = { percent: 0, minimumYuan: 0 };
const TEN_THOUSAND = 10_000;

const num = '(\\d+(?:\\.\\d+)?)';
const percentOrYuan = new RegExp(`^免赔${num}%或${num}元$`);
const absolutePercent = new RegExp(`^绝对免赔${num}%$`);
const absoluteYuanOrPercent = new RegExp(`^绝对免赔额${num}元或损失金额的${num}%$`);
const propertyYuan = new RegExp(`^财损免赔${num}元$`);
const injuryYuan = new RegExp(`^人伤免赔${num}元$`);
const payoutCap = new RegExp(`^单次赔付限额${num}(万)?元?$`);

type Terms = Omit<DeductibleTerms, 'text' | 'understood'>;

/** Applies one comma-separated part to the terms; false when the part is not recognised. */
const applyPart = (part: string, terms: Terms): boolean => {
  // The 'X%或Y元' forms already mean "the higher of"; the suffix only restates it.
  if (part === '以高者为准' || part === '0免赔') return true;
  if (part === '人伤0免赔') {
    terms.byKind.injury = NONE;
    return true;
  }
  let m = percentOrYuan.exec(part);
  if (m) {
    terms.general = { percent: Number(m[1]), minimumYuan: Number(m[2]) };
    return true;
  }
  m = absolutePercent.exec(part);
  if (m) {
    terms.general = { percent: Number(m[1]), minimumYuan: 0 };
    return true;
  }
  m = absoluteYuanOrPercent.exec(part);
  if (m) {
    terms.general = { percent: Number(m[2]), minimumYuan: Number(m[1]) };
    return true;
  }
  m = propertyYuan.exec(part);
  if (m) {
    terms.byKind.property = { percent: 0, minimumYuan: Number(m[1]) };
    return true;
  }
  m = injuryYuan.exec(part);
  if (m) {
    terms.byKind.injury = { percent: 0, minimumYuan: Number(m[1]) };
    return true;
  }
  m = payoutCap.exec(part);
  if (m) {
    terms.perPayoutCapYuan = Number(m[1]) * (m[2] ? TEN_THOUSAND : 1);
    return true;
  }
  return false;
};

/** Full-width forms and stray spaces are common in hand-typed insurer wording. */
const normalise = (text: string) =>
  text
    .replace(/\s+/g, '')
    .replace(/％/g, '%')
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/．/g, '.');

export const parseDeductible = (text: string | null | undefined): DeductibleTerms => {
  const original = text ?? '';
  const unknown: DeductibleTerms = {
    text: original,
    understood: false,
    byKind: {},
    general: NONE,
    perPayoutCapYuan: null,
  };
  const parts = normalise(original)
    .split(/[，,]/)
    .filter((p) => p !== '');
  // No wording at all is as unknown as unreadable wording: someone has to look at the policy.
  if (parts.length === 0) return unknown;
  const terms: Terms = { byKind: {}, general: NONE, perPayoutCapYuan: null };
  for (const part of parts) if (!applyPart(part, terms)) return unknown;
  return { text: original, understood: true, ...terms };
};

export type ExposureInput = {
  lossYuan: number;
  kind: LossKind;
  deductibleText: string | null;
  /** The line's sum insured in yuan; null when the line has none. */
  limitYuan: number | null;
};
export type ExposureResult = {
  lossYuan: number;
  deductibleYuan: number;
  payableYuan: number;
  cappedBy: 'limit' | 'perPayout' | null;
  understood: boolean;
};

/** Money is computed in whole fen so sums and percentages cannot drift (0.1 + 0.2). */
const toFen = (yuan: number) => Math.round(Number((yuan * 100).toPrecision(15)));
const toYuan = (fen: number) => fen / 100;

export const assessExposure = (input: ExposureInput): ExposureResult => {
  const { lossYuan, kind, deductibleText, limitYuan } = input;
  if (!Number.isFinite(lossYuan) || lossYuan < 0) throw invalid('损失金额不正确');
  if (limitYuan !== null && (!Number.isFinite(limitYuan) || limitYuan < 0)) throw invalid('保险金额不正确');

  const terms = parseDeductible(deductibleText);
  const rule = terms.byKind[kind] ?? terms.general;
  const lossFen = toFen(lossYuan);
  const byPercent = Math.round((lossFen * rule.percent) / 100);
  const deductibleFen = Math.min(lossFen, Math.max(byPercent, toFen(rule.minimumYuan)));
  const afterDeductible = lossFen - deductibleFen;

  const limitFen = limitYuan === null ? Number.POSITIVE_INFINITY : toFen(limitYuan);
  const perPayoutFen = terms.perPayoutCapYuan === null ? Number.POSITIVE_INFINITY : toFen(terms.perPayoutCapYuan);
  const payableFen = Math.min(afterDeductible, limitFen, perPayoutFen);
  const cappedBy = payableFen === afterDeductible ? null : limitFen <= perPayoutFen ? 'limit' : 'perPayout';

  return {
    lossYuan: toYuan(lossFen),
    deductibleYuan: toYuan(deductibleFen),
    payableYuan: toYuan(payableFen),
    cappedBy,
    understood: terms.understood,
  };
};

/**
 * A plan line's sum insured (10k yuan on the plan) as the limit a claim is capped by; none when the
 * line carries no amount. The claims desk and the plan's 对比 both take the limit from here.
 */
export const lineLimitYuan = (insuranceAmountTenThousand: number): number | null =>
  Number.isFinite(insuranceAmountTenThousand) && insuranceAmountTenThousand > 0
    ? Math.round(insuranceAmountTenThousand * TEN_THOUSAND * 100) / 100
    : null;

export const assessTotal = (results: readonly ExposureResult[]): { lossYuan: number; payableYuan: number } => {
  let lossFen = 0;
  let payableFen = 0;
  for (const r of results) {
    lossFen += toFen(r.lossYuan);
    payableFen += toFen(r.payableYuan);
  }
  return { lossYuan: toYuan(lossFen), payableYuan: toYuan(payableFen) };
};

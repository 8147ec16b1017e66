import { assessExposure, parseDeductible } from '../claims/settlement.ts';
import { CoverId } from './catalogue.ts';
import type { LineAnswer, Order } from './order.events.ts';
import type { PlanLine } from './plan.ts';
import { hasRequirements, type Requirements } from './requirements.ts';
import { coverShortName, yuanText } from './requirementTexts.ts';

/**
 * Each insurer's quote held against the customer's 投保要求 (docs/api/requirements.md). Pure: the plan
 * lines and the insurers' answers in, a verdict per requirement with its reason in plain Chinese out.
 * Deductibles are the claims desk's own arithmetic (claims/settlement.ts), so a quote is judged by
 * what a claim would actually keep back, never by a second reading of the wording.
 */

/** met ✓, unmet ✗, pending 待定: a line still being priced, or wording someone has to read. */
export type Verdict = 'met' | 'unmet' | 'pending';
export type RequirementKind = 'liability' | 'hullDeductible' | 'term' | 'cover' | 'additionalInsured';
export type RequirementCheck = {
  /** Stable per requirement: the kind, and the 险种 id for covers (`cover:5`). */
  key: string;
  kind: RequirementKind;
  label: string;
  verdict: Verdict;
  reason: string;
};
export type InsurerMatch = {
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  /** unmet if any requirement is unmet, else pending if any is, else met. */
  verdict: Verdict;
  checks: RequirementCheck[];
};

/** One insurer's answers as the matcher reads them (from the order state or its stored document). */
export type QuoteAnswers = {
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  timedOut: boolean;
  answers: Record<string, LineAnswer | undefined>;
};

/** 综合险 includes third-party liability with a fixed limit (catalogue.ts, the cover's remark). */
export const COMPREHENSIVE_LIABILITY_WAN = 100;
const TEN_THOUSAND = 10_000;

type LineState = { kind: 'quoted'; deductible: string } | { kind: 'pending'; manual: boolean } | { kind: 'missing' };

/** Declined, or never answered before the time-out: the insurer does not cover the line. */
const lineState = (quote: QuoteAnswers, key: string): LineState => {
  const answer = quote.answers[key];
  if (answer?.kind === 'quoted') return { kind: 'quoted', deductible: answer.deductible };
  if (answer?.kind === 'declined' || quote.timedOut) return { kind: 'missing' };
  return { kind: 'pending', manual: answer?.kind === 'manual' };
};

/** The lines that provide a cover: 综合险 stands for 机身险 and 三者险 too. */
const linesProviding = (lines: readonly PlanLine[], coverId: number) =>
  lines.filter(
    (l) =>
      l.insuranceTypeInfoId === coverId ||
      ((coverId === CoverId.hull || coverId === CoverId.liability) && l.insuranceTypeInfoId === CoverId.comprehensive),
  );

const check = (key: string, kind: RequirementKind, label: string, verdict: Verdict, reason: string) => ({
  key,
  kind,
  label,
  verdict,
  reason,
});

/** Whether every line of a cover is priced by the insurer: the failing or waiting reason, or null when all are. */
const coverGap = (quote: QuoteAnswers, lines: readonly PlanLine[], name: string): [Verdict, string] | null => {
  const states = lines.map((l) => lineState(quote, l.key));
  if (states.some((s) => s.kind === 'missing')) return ['unmet', `未报价${name}`];
  if (states.some((s) => s.kind === 'pending' && s.manual)) return ['pending', `${name}待人工核保`];
  if (states.some((s) => s.kind === 'pending')) return ['pending', `${name}报价中`];
  return null;
};

const liabilityCheck = (min: number, lines: readonly PlanLine[], quote: QuoteAnswers): RequirementCheck => {
  const label = `三者险限额 ≥ ${min}万元`;
  const c = (verdict: Verdict, reason: string) => check('liability', 'liability', label, verdict, reason);
  const provided = linesProviding(lines, CoverId.liability);
  if (provided.length === 0) return c('unmet', '方案未含三者险');
  const limit = Math.min(
    ...provided.map((l) =>
      l.insuranceTypeInfoId === CoverId.comprehensive ? COMPREHENSIVE_LIABILITY_WAN : l.insuranceAmount,
    ),
  );
  if (limit < min) return c('unmet', `三者险限额 ${limit}万元，低于要求的 ${min}万元`);
  const gap = coverGap(quote, provided, '三者险');
  if (gap) return c(...gap);
  // An insurer's 单次赔付限额 caps what one occurrence pays, below the limit the customer chose.
  let cap = Number.POSITIVE_INFINITY;
  for (const line of provided) {
    const state = lineState(quote, line.key);
    if (state.kind !== 'quoted') continue;
    const terms = parseDeductible(state.deductible);
    if (!terms.understood) return c('pending', `三者险条款「${state.deductible}」待人工核对`);
    if (terms.perPayoutCapYuan !== null) cap = Math.min(cap, terms.perPayoutCapYuan / TEN_THOUSAND);
  }
  if (cap < limit)
    return cap >= min
      ? c('met', `三者险单次赔付限额 ${cap}万元 ≥ 要求 ${min}万元`)
      : c('unmet', `三者险单次赔付限额 ${cap}万元，低于要求的 ${min}万元`);
  return c('met', `三者险限额 ${limit}万元 ≥ 要求 ${min}万元`);
};

/**
 * The hull deductible per occurrence, judged on a total loss of each hull line's sum insured: a percent
 * deductible is then at its largest, so a quote passing here passes for any smaller loss too.
 */
const hullDeductibleCheck = (max: number, lines: readonly PlanLine[], quote: QuoteAnswers): RequirementCheck => {
  const label = `机身险免赔 ≤ ${yuanText(max)}`;
  const c = (verdict: Verdict, reason: string) => check('hullDeductible', 'hullDeductible', label, verdict, reason);
  const provided = linesProviding(lines, CoverId.hull);
  if (provided.length === 0) return c('unmet', '方案未含机身险');
  const gap = coverGap(quote, provided, '机身险');
  if (gap) return c(...gap);
  let highest = 0;
  for (const line of provided) {
    const state = lineState(quote, line.key);
    if (state.kind !== 'quoted') continue;
    const sumInsured = line.insuranceAmount * TEN_THOUSAND;
    if (sumInsured <= 0) return c('pending', '机身保险金额未填写，待人工核对');
    const result = assessExposure({
      lossYuan: sumInsured,
      kind: 'drone',
      deductibleText: state.deductible,
      limitYuan: sumInsured,
    });
    if (!result.understood) return c('pending', `机身险免赔条款「${state.deductible}」待人工核对`);
    highest = Math.max(highest, result.deductibleYuan);
  }
  return highest > max
    ? c('unmet', `机身险免赔最高 ${yuanText(highest)}（全损时），超过要求的 ${yuanText(max)}`)
    : c('met', `机身险免赔最高 ${yuanText(highest)}（全损时） ≤ 要求 ${yuanText(max)}`);
};

const termCheck = (min: number, lines: readonly PlanLine[]): RequirementCheck => {
  const label = `保险期间 ≥ ${min}天`;
  const shortest = Math.min(...lines.map((l) => l.guaranteeTerm));
  if (!Number.isFinite(shortest)) return check('term', 'term', label, 'unmet', '方案没有险种');
  return shortest >= min
    ? check('term', 'term', label, 'met', `保险期间 ${shortest}天 ≥ 要求 ${min}天`)
    : check('term', 'term', label, 'unmet', `保险期间 ${shortest}天，短于要求的 ${min}天`);
};

const coverCheck = (coverId: number, lines: readonly PlanLine[], quote: QuoteAnswers): RequirementCheck => {
  const name = coverShortName(coverId);
  const key = `cover:${coverId}`;
  const label = `含${name}`;
  const provided = linesProviding(lines, coverId);
  if (provided.length === 0) return check(key, 'cover', label, 'unmet', `方案未含${name}`);
  const gap = coverGap(quote, provided, name);
  if (gap) return check(key, 'cover', label, ...gap);
  return check(key, 'cover', label, 'met', `已报价${name}`);
};

const overall = (checks: readonly RequirementCheck[]): Verdict =>
  checks.some((c) => c.verdict === 'unmet') ? 'unmet' : checks.some((c) => c.verdict === 'pending') ? 'pending' : 'met';

/** The checks of one insurer's quote, in the order the requirements are listed on the form. */
export const matchQuote = (
  requirements: Requirements,
  lines: readonly PlanLine[],
  quote: QuoteAnswers,
): InsurerMatch => {
  const checks: RequirementCheck[] = [];
  if (requirements.minLiabilityWan !== null) checks.push(liabilityCheck(requirements.minLiabilityWan, lines, quote));
  if (requirements.maxHullDeductibleYuan !== null)
    checks.push(hullDeductibleCheck(requirements.maxHullDeductibleYuan, lines, quote));
  if (requirements.minTermDays !== null) checks.push(termCheck(requirements.minTermDays, lines));
  for (const coverId of requirements.requiredCoverIds) checks.push(coverCheck(coverId, lines, quote));
  const insured = requirements.additionalInsured;
  // Any policy can name its holder's clients on a certificate; the check says whom, so it is not forgotten.
  if (insured)
    checks.push(
      check(
        'additionalInsured',
        'additionalInsured',
        `附加被保险人「${insured.name}」`,
        'met',
        `投保后可为「${insured.name}」出具保险证明`,
      ),
    );
  return {
    insuranceCompanyId: quote.insuranceCompanyId,
    insuranceCompanyName: quote.insuranceCompanyName,
    verdict: overall(checks),
    checks,
  };
};

export const matchQuotes = (
  requirements: Requirements,
  lines: readonly PlanLine[],
  quotes: readonly QuoteAnswers[],
): InsurerMatch[] => quotes.map((q) => matchQuote(requirements, lines, q));

/** A certificate's holder is the named additional insured: same name, and same credit code when one was stated. */
export const namesAdditionalInsured = (
  requirements: Requirements,
  holder: { name: string; idNumber: string },
): boolean => {
  const insured = requirements.additionalInsured;
  if (!insured) return false;
  return (
    insured.name === holder.name.trim() &&
    (insured.creditCode === null || insured.creditCode === holder.idNumber.trim().toUpperCase())
  );
};

/** The insured's check on a certificate: met when this certificate is issued to the named additional insured. */
export const certificateInsuredCheck = (
  requirements: Requirements,
  holder: { name: string; idNumber: string },
): RequirementCheck | null => {
  const insured = requirements.additionalInsured;
  if (!insured) return null;
  const label = `附加被保险人「${insured.name}」`;
  return namesAdditionalInsured(requirements, holder)
    ? check('additionalInsured', 'additionalInsured', label, 'met', '本证明即为该附加被保险人出具')
    : check('additionalInsured', 'additionalInsured', label, 'unmet', `本证明持有人为「${holder.name}」`);
};

/** `GET /order/requirementMatch` (docs/api/requirements.md). */
export type RequirementMatchAnswer = {
  id: string;
  requirements: Requirements | null;
  /** Every insurer asked in the current round; empty before the inquiry or when nothing is stated. */
  insurers: InsurerMatch[];
  /** After the purchase: the bought insurer's quote, as the policy holds it. */
  policy: InsurerMatch | null;
};

/** The insurers' answers of the order's current round, as the matcher reads them. */
export const quotesOf = (order: Order): QuoteAnswers[] =>
  'insurers' in order
    ? order.insurers.map((p) => ({
        insuranceCompanyId: p.request.insurerId,
        insuranceCompanyName: p.request.insurerName,
        timedOut: p.timedOut,
        answers: p.answers,
      }))
    : [];

export const requirementMatchOf = (order: Exclude<Order, { status: 'none' }>): RequirementMatchAnswer => {
  const requirements = order.requirements ?? null;
  const lines = 'lines' in order ? order.lines : [];
  const stated = hasRequirements(requirements);
  const insurers = stated && lines.length > 0 ? matchQuotes(requirements, lines, quotesOf(order)) : [];
  const bought = 'insurer' in order ? order.insurer.id : null;
  return {
    id: order.orderId,
    requirements,
    insurers,
    policy: bought === null ? null : (insurers.find((i) => i.insuranceCompanyId === bought) ?? null),
  };
};

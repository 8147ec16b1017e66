import type { LineAnswer, PolicyChangeRow } from './order.events.ts';
import type { PlanLine } from './plan.ts';
import { lineLabel, type EndorsedPolicy, type EndorsementChange } from './endorsement.ts';

/**
 * The arithmetic of a 批改's premium, one function for the preview (query service), the insurer worker and
 * the desk: per line the new term premium minus the old, times the days left over the policy's days; then the
 * insurer's 批改规则 (rule stage `endorsement`): an extra premium below its minimum is raised to it, a return
 * below its minimum is not refunded, and above `referAbove` an underwriter looks at it.
 */

/** The insurer's 批改规则 output (domain rules/seed endorsementTermsDecision). */
export type EndorsementTerms = { minimumExtra: number; minimumReturn: number; referAbove: number | null };
export const defaultEndorsementTerms: EndorsementTerms = { minimumExtra: 0, minimumReturn: 0, referAbove: null };

export type EndorsementLine = {
  /** The line on the new policy (null: removed); oldKey: on the current one (null: added). */
  key: string | null;
  oldKey: string | null;
  label: string;
  oldAmount: number | null;
  newAmount: number | null;
  /** Term premiums (the whole period), old and new; null where the line is absent or not priced. */
  oldPremium: number | null;
  newPremium: number | null;
  difference: number;
  /** A line the insurer did not price: its reason. */
  referred: string | null;
  declined: string | null;
};

export type EndorsementQuote = {
  effectiveDate: string;
  daysLeft: number;
  termDays: number;
  lines: EndorsementLine[];
  /** The 批单's rows: what changed, before and after, the pro-rata cost. */
  rows: PolicyChangeRow[];
  /** Σ of the lines before the minimum premium. */
  subtotal: number;
  minimumApplied: 'extra' | 'return' | null;
  /** + extra premium to pay, − return premium to refund. */
  total: number;
  /** The new policy's term premium (PolicyEndorsed totalPremium). */
  newTotalPremium: number;
  /** A declined line: the change cannot be made. */
  refusal: string | null;
  /** Why an underwriter must decide (a line not priced automatically, or above the insurer's amount). */
  referral: string | null;
};

export type EndorsementPremiumInput = {
  startDate: string;
  endDate: string;
  effectiveDate: string;
  oldLines: readonly PlanLine[];
  /** The insurer's answers on the current version, by line key. */
  oldAnswers: Readonly<Record<string, LineAnswer | undefined>>;
  policy: EndorsedPolicy;
  /** The insurer's answers for the lines rated again (endorsement.ts linesToRate); others keep theirs. */
  rated: readonly LineAnswer[];
  changes: readonly EndorsementChange[];
  terms: EndorsementTerms;
  referAboveMessage?: string;
};

const DAY_MS = 24 * 3600 * 1000;
const cents = (n: number) => Math.round(n * 100) / 100;
const days = (from: string, to: string) =>
  Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / DAY_MS));
const priced = (a: LineAnswer | undefined) => (a?.kind === 'quoted' ? a.premium : null);
const amountText = (n: number | null) => (n === null ? null : `保额${n}万元`);

/** The answers of the new version: each kept line its old answer under its new key, rated lines their new one. */
export const endorsedAnswers = (input: Pick<EndorsementPremiumInput, 'oldAnswers' | 'policy' | 'rated'>) => {
  const answers = new Map<string, LineAnswer>();
  for (const [oldKey, newKey] of Object.entries(input.policy.keyMap)) {
    const old = input.oldAnswers[oldKey];
    if (newKey && old) answers.set(newKey, { ...old, key: newKey });
  }
  for (const a of input.rated) answers.set(a.key, a);
  return input.policy.lines.flatMap((l) => {
    const a = answers.get(l.key);
    return a ? [a] : [];
  });
};

export const endorsementPremium = (input: EndorsementPremiumInput): EndorsementQuote => {
  const termDays = Math.max(1, days(input.startDate, input.endDate));
  const daysLeft = Math.min(termDays, days(input.effectiveDate, input.endDate));
  const share = daysLeft / termDays;
  const answers = new Map(endorsedAnswers(input).map((a) => [a.key, a]));
  const newByKey = new Map(input.policy.lines.map((l) => [l.key, l]));
  const lines: EndorsementLine[] = [];
  const seen = new Set<string>();
  const row = (old: PlanLine | null, next: PlanLine | null): EndorsementLine => {
    const answer = next ? answers.get(next.key) : undefined;
    const oldPremium = old ? priced(input.oldAnswers[old.key]) : null;
    const newPremium = next ? priced(answer) : null;
    return {
      key: next?.key ?? null,
      oldKey: old?.key ?? null,
      label: lineLabel((next ?? old)!),
      oldAmount: old?.insuranceAmount ?? null,
      newAmount: next?.insuranceAmount ?? null,
      oldPremium,
      newPremium,
      difference: cents(((newPremium ?? 0) - (oldPremium ?? 0)) * share),
      referred: answer?.kind === 'manual' ? answer.reason : next && !answer ? '待保险公司报价' : null,
      declined: answer?.kind === 'declined' ? (answer.customerReason ?? answer.reason) : null,
    };
  };
  for (const old of input.oldLines) {
    const to = input.policy.keyMap[old.key] ?? null;
    const next = to ? (newByKey.get(to) ?? null) : null;
    if (next) seen.add(next.key);
    lines.push(row(old, next));
  }
  for (const next of input.policy.lines) if (!seen.has(next.key)) lines.push(row(null, next));

  const rows: PolicyChangeRow[] = lines.flatMap((l): PolicyChangeRow[] => {
    if (l.oldKey === null)
      return [
        {
          kind: 'addDrone',
          label: l.label,
          before: null,
          after: amountText(l.newAmount),
          premiumDifference: l.difference,
        },
      ];
    if (l.key === null)
      return [
        {
          kind: 'removeDrone',
          label: l.label,
          before: amountText(l.oldAmount),
          after: null,
          premiumDifference: l.difference,
        },
      ];
    if (l.oldAmount === l.newAmount && l.difference === 0) return [];
    return [
      {
        kind: 'changeAmount',
        label: l.label,
        before: amountText(l.oldAmount),
        after: amountText(l.newAmount),
        premiumDifference: l.difference,
      },
    ];
  });
  for (const change of input.changes) {
    if (change.kind !== 'changeContact') continue;
    const before = input.policy.contactBefore ?? {};
    for (const [field, label] of [
      ['name', '联系人'],
      ['phone', '联系电话'],
      ['address', '联系地址'],
      ['email', '电子邮箱'],
    ] as const) {
      const after = change.contact[field];
      if (after && after !== before[field])
        rows.push({ kind: 'changeContact', label, before: before[field] ?? null, after, premiumDifference: 0 });
    }
  }

  const subtotal = cents(lines.reduce((sum, l) => sum + l.difference, 0));
  const { minimumExtra, minimumReturn, referAbove } = input.terms;
  let total = subtotal;
  let minimumApplied: EndorsementQuote['minimumApplied'] = null;
  if (subtotal > 0 && subtotal < minimumExtra) {
    total = cents(minimumExtra);
    minimumApplied = 'extra';
  } else if (subtotal < 0 && -subtotal < minimumReturn) {
    total = 0;
    minimumApplied = 'return';
  }
  const declined = lines.find((l) => l.declined);
  const referredLine = lines.find((l) => l.referred);
  const referral = referredLine
    ? `${referredLine.label}：${referredLine.referred}`
    : referAbove !== null && Math.abs(total) > referAbove
      ? (input.referAboveMessage ?? `批改保费超过${referAbove}元`)
      : null;
  return {
    effectiveDate: input.effectiveDate,
    daysLeft,
    termDays,
    lines,
    rows,
    subtotal,
    minimumApplied,
    total,
    newTotalPremium: cents(input.policy.lines.reduce((sum, l) => sum + (priced(answers.get(l.key)) ?? 0), 0)),
    refusal: declined ? `${declined.label}：${declined.declined}` : null,
    referral,
  };
};

import { quoteValidityDays } from './catalogue.ts';
import type { InsurerProgress } from './order.events.ts';
import type { PlanLine } from './plan.ts';

/** What an insurer's answers amount to: shared by the decider, the guards and the read models. */

const DAY_MS = 24 * 3600 * 1000;

/** The insurer's validity rule applied to an answer given at `at` (calendar days, not working days). */
export const quoteValidUntil = (insurerId: number, at: Date) =>
  new Date(at.getTime() + quoteValidityDays(insurerId) * DAY_MS).toISOString();

/** A quote whose validity has run out cannot be bought; answers from before validity existed never expire. */
export const quoteExpired = (progress: Pick<InsurerProgress, 'validUntil'>, now: Date) =>
  progress.validUntil !== null &&
  progress.validUntil !== undefined &&
  now.getTime() >= new Date(progress.validUntil).getTime();

export const insurerComplete = (progress: InsurerProgress, lines: PlanLine[]) =>
  progress.timedOut ||
  lines.every((l) => {
    const answer = progress.answers[l.key];
    return answer !== undefined && answer.kind !== 'manual';
  });

/** An insurer can be bought from only when it priced every line of the plan. */
export const insurerQuotedAll = (progress: InsurerProgress, lines: PlanLine[]) =>
  !progress.timedOut && lines.length > 0 && lines.every((l) => progress.answers[l.key]?.kind === 'quoted');

export const totalPremium = (progress: InsurerProgress, lines: PlanLine[]) =>
  Math.round(
    lines.reduce((sum, l) => {
      const answer = progress.answers[l.key];
      return sum + (answer?.kind === 'quoted' ? answer.premium : 0);
    }, 0) * 100,
  ) / 100;

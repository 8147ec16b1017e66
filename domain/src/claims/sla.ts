import { shanghaiDate } from '../shared/calendar.ts';
import { addWorkingDays } from '../rating/workingDays.ts';
import { assertNever } from '../shared/decider.ts';
import type { ClaimRecord, ClaimStatus, SlaStage } from './claim.events.ts';

/** Working days (Asia/Shanghai calendar) a claim may spend in each stage before it is overdue. */
export const claimSlaTargets: Readonly<Record<SlaStage, number>> = { accept: 1, close: 10 };

/** `daySeconds` below a real day compresses the calendar for demos and tests (QUOTE_DAY_SECONDS in docs/configuration.md). */
export const slaDueAt = (from: Date, stage: SlaStage, daySeconds: number): string =>
  addWorkingDays(from, claimSlaTargets[stage], daySeconds).toISOString();

/** LP + Shanghai date + six digits: readable on the phone, unique enough with the id beside it. */
export const claimNumber = (at: Date, draw: number): string =>
  `LP${shanghaiDate(at).replaceAll('-', '')}${String(Math.floor(draw) % 1_000_000).padStart(6, '0')}`;

/** The desk's queues: states 3 and 4, state 2 waiting for evidence staff asked for, and claims whose current stage is late. */
export const claimQueues = ['submitted', 'processing', 'evidence', 'overdue'] as const;
export type ClaimQueue = (typeof claimQueues)[number];

/**
 * The stage a claim waits in and since when: submitted since its last submission, processing
 * since acceptance or the last reopening, evidence since the request (no due time: both clocks
 * stop). Null when nobody at the desk is waiting on it.
 */
export const currentClaimStage = (
  claim: Pick<
    ClaimRecord,
    'status' | 'submittedAt' | 'acceptedAt' | 'reopenedAt' | 'acceptDueAt' | 'closeDueAt' | 'evidenceRequest'
  >,
): { startedAt: string; dueAt: string | null } | null => {
  if (claim.status === 'submitted' && claim.submittedAt)
    return { startedAt: claim.submittedAt, dueAt: claim.acceptDueAt };
  if (claim.status === 'processing') {
    const startedAt = [claim.acceptedAt, claim.reopenedAt]
      .filter((t): t is string => t !== null && t !== undefined)
      .sort()
      .at(-1);
    return startedAt ? { startedAt, dueAt: claim.closeDueAt } : null;
  }
  if (claim.status === 'saved' && claim.evidenceRequest) return { startedAt: claim.evidenceRequest.at, dueAt: null };
  return null;
};

/** The SLA stage whose clock runs in this status: accept while submitted, close while processing. */
export const runningSlaStage = (status: ClaimStatus): SlaStage | null => {
  switch (status) {
    case 'submitted':
      return 'accept';
    case 'processing':
      return 'close';
    case 'editing':
    case 'saved':
    case 'closed':
    case 'withdrawn':
    case 'cancelled':
      return null;
    default:
      return assertNever(status);
  }
};

/**
 * `overdue` as the desk and the answers mean it: the current stage, when it ran late. The claim
 * keeps every stage that ran late (`claim.overdue`, the missed stages); a claim accepted late is no
 * longer overdue once it is being processed, until its close stage runs late too (docs/glossary.md).
 */
export const currentStageOverdue = (claim: Pick<ClaimRecord, 'status' | 'overdue'>): SlaStage[] => {
  const stage = runningSlaStage(claim.status);
  return stage !== null && claim.overdue.includes(stage) ? [stage] : [];
};

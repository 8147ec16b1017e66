/**
 * Where a claim stands, for its claimant: the steps reached, the current one and the expected
 * next step with its working-day target. Built from the claim and its history (the history
 * alone knows when a claim was created, accepted or withdrawn).
 */
import { ClaimState, type SlaStage } from '@feibao/domain/claims/claim.events';
import { assertNever } from '@feibao/domain/shared/decider';
import type { ClaimDetails } from '@feibao/domain/claims/api';
import { type HistoryEntry, shanghaiDateTime } from '@feibao/domain/claims/history';
import type { AssessedExposure } from '@feibao/domain/claims/policy';

export type ProgressClaim = Pick<
  ClaimDetails,
  'claimState' | 'applyTime' | 'finishClaimTime' | 'evidenceRequest' | 'assessment' | 'sla'
>;

export type ProgressStepKey = 'created' | 'submitted' | 'accepted' | 'evidence' | 'assessed' | 'closed' | 'withdrawn';
export type ProgressStatus = 'done' | 'current' | 'pending';

export type ProgressStep = {
  key: ProgressStepKey;
  title: string;
  status: ProgressStatus;
  /** Shanghai wall time 'yyyy-MM-dd HH:mm:ss' when known. */
  at: string | null;
  /** The evidence request's message. */
  message?: string;
  assessment?: { exposures: AssessedExposure[]; lossAmount: number; payableAmount: number };
  overdue?: boolean;
};

export type NextStep = {
  title: string;
  hint: string;
  stage: SlaStage | null;
  /** Shanghai wall time 'yyyy-MM-dd HH:mm' of the target, when the clock runs. */
  dueAt: string | null;
  overdue: boolean;
};

export type ClaimProgressView = { steps: ProgressStep[]; next: NextStep | null };

export const stepTitles: Record<ProgressStepKey, string> = {
  created: '创建',
  submitted: '提交',
  accepted: '受理',
  evidence: '补充材料',
  assessed: '定损',
  closed: '结案',
  withdrawn: '已撤回',
};

/** Service targets in working days (Shanghai calendar); the server computes the due times. */
export const ACCEPT_TARGET = '提交后1个工作日内受理';
export const CLOSE_TARGET = '受理后10个工作日内结案';

/** History operateType words (domain/src/claims/history.ts). */
const CREATED = '创建';
const ACCEPTED = '受理';
const WITHDRAWN = '撤回';

const firstOf = (history: readonly HistoryEntry[], type: string) =>
  history.find((e) => e.operateType === type)?.operateDate ?? null;
const lastOf = (history: readonly HistoryEntry[], type: string) =>
  history.findLast((e) => e.operateType === type)?.operateDate ?? null;
const local = (iso: string | null | undefined) => (iso ? shanghaiDateTime(iso) : null);
const minutes = (iso: string | null) => (iso ? shanghaiDateTime(iso).slice(0, 16) : null);

export const claimProgress = (claim: ProgressClaim, history: readonly HistoryEntry[]): ClaimProgressView => {
  const overdue = (stage: SlaStage) => claim.sla.overdue.includes(stage);
  const wasAccepted = lastOf(history, ACCEPTED) !== null;
  const step = (key: ProgressStepKey): Omit<ProgressStep, 'status'> => {
    switch (key) {
      case 'created':
        return { key, title: stepTitles[key], at: firstOf(history, CREATED) };
      case 'submitted':
        return { key, title: stepTitles[key], at: local(claim.applyTime) };
      case 'accepted':
        return { key, title: stepTitles[key], at: lastOf(history, ACCEPTED) };
      case 'evidence':
        return {
          key,
          title: stepTitles[key],
          at: local(claim.evidenceRequest?.at),
          message: claim.evidenceRequest?.message ?? '',
        };
      case 'assessed': {
        const a = claim.assessment;
        return {
          key,
          title: stepTitles[key],
          at: local(a?.at),
          ...(a
            ? { assessment: { exposures: a.exposures, lossAmount: a.lossAmount, payableAmount: a.payableAmount } }
            : {}),
        };
      }
      case 'closed':
        return { key, title: stepTitles[key], at: local(claim.finishClaimTime) };
      case 'withdrawn':
        return { key, title: stepTitles[key], at: lastOf(history, WITHDRAWN) };
      default:
        return assertNever(key);
    }
  };

  const hasAssessment = claim.assessment !== null;
  let reached: ProgressStepKey[];
  let pending: ProgressStepKey[];
  let next: NextStep | null = null;

  switch (claim.claimState) {
    case ClaimState.editing:
    case ClaimState.saved:
      if (claim.evidenceRequest) {
        reached = [
          'created',
          'submitted',
          ...(wasAccepted ? (['accepted'] as const) : []),
          ...(hasAssessment ? (['assessed'] as const) : []),
          'evidence',
        ];
        pending = [
          ...(wasAccepted ? [] : (['accepted'] as const)),
          ...(hasAssessment ? [] : (['assessed'] as const)),
          'closed',
        ];
        // Both service clocks stop until the claimant submits again.
        next = {
          title: '重新提交',
          hint: '请按要求补充材料后重新提交理赔申请',
          stage: null,
          dueAt: null,
          overdue: false,
        };
      } else {
        reached = ['created'];
        pending = ['submitted', 'accepted', 'assessed', 'closed'];
        next = { title: '提交', hint: '填写完成后提交理赔申请', stage: null, dueAt: null, overdue: false };
      }
      break;
    case ClaimState.submitted:
      reached = ['created', 'submitted'];
      pending = ['accepted', 'assessed', 'closed'];
      next = {
        title: stepTitles.accepted,
        hint: ACCEPT_TARGET,
        stage: 'accept',
        dueAt: minutes(claim.sla.acceptDueAt),
        overdue: overdue('accept'),
      };
      break;
    case ClaimState.processing:
      reached = ['created', 'submitted', 'accepted', ...(hasAssessment ? (['assessed'] as const) : [])];
      pending = [...(hasAssessment ? [] : (['assessed'] as const)), 'closed'];
      next = {
        title: hasAssessment ? stepTitles.closed : stepTitles.assessed,
        hint: CLOSE_TARGET,
        stage: 'close',
        dueAt: minutes(claim.sla.closeDueAt),
        overdue: overdue('close'),
      };
      break;
    case ClaimState.closed:
      reached = ['created', 'submitted', 'accepted', ...(hasAssessment ? (['assessed'] as const) : []), 'closed'];
      pending = [];
      break;
    case ClaimState.withdrawn:
      reached = [
        'created',
        ...(claim.applyTime ? (['submitted'] as const) : []),
        ...(wasAccepted ? (['accepted'] as const) : []),
        ...(claim.evidenceRequest ? (['evidence'] as const) : []),
        ...(hasAssessment ? (['assessed'] as const) : []),
        'withdrawn',
      ];
      pending = [];
      break;
    default:
      return assertNever(claim.claimState);
  }

  const last = reached.length - 1;
  const steps: ProgressStep[] = [
    ...reached.map((key, i): ProgressStep => ({ ...step(key), status: i === last ? 'current' : 'done' })),
    ...pending.map((key): ProgressStep => ({ ...step(key), status: 'pending', at: null })),
  ];
  // The step the overdue clock waits for carries the tag.
  if (next?.overdue) {
    const waiting = steps.find((s) => s.status === 'pending');
    if (waiting) waiting.overdue = true;
  }
  return { steps, next };
};

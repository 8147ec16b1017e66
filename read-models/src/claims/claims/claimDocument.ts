import type { ClaimListRow } from '@feibao/domain/claims/api';
import type { ClaimRecord, ClaimStateValue, ClaimStatus, SlaStage } from '@feibao/domain/claims/claim.events';

export const CLAIMS = 'claims';
export const CLAIM_LIST = 'claim_list';

/**
 * One claim as the details screen needs it, plus the domain state it was shaped from
 * (`claim`), which the projection evolves on the next event. Nothing here depends on who
 * reads it: masking and actions are the caller's, added by the query route.
 */
export type ClaimDocument = {
  id: string;
  claimNo: string;
  policyNo: string;
  orderId: string;
  owner: string;
  status: Exclude<ClaimStatus, 'cancelled'>;
  claimState: ClaimStateValue;
  uavAccidentType: string | null;
  uavAccidentTypeName: string | null;
  createdAt: string;
  applyTime: string | null;
  lossAssessmentAmount: number | null;
  finishClaimTime: string | null;
  /** The current stage when it ran late (domain `currentStageOverdue`); the missed stages are `claim.overdue`. */
  overdue: SlaStage[];
  assignee: string | null;
  submittedAt: string | null;
  acceptedAt: string | null;
  /** The current stage for the desk (domain `currentClaimStage`): its start and due time. */
  stageStartedAt: string | null;
  stageDueAt: string | null;
  /** State 2 because staff asked for more evidence. */
  evidenceRequested: boolean;
  updatedAt: string;
  claim: ClaimRecord;
};

/**
 * A list row as stored: the wire row without the caller's actions, plus what the reader
 * needs to compute them (`owner`, `status`), to sort (`createdAt`) and to age the stage (`stageStartedAt`). `userName` is the
 * claimant's number unmasked; the query service masks it per caller (domain claims/disclosure.ts).
 */
export type StoredClaimListRow = Omit<ClaimListRow, 'actions' | 'slaAgeDays'> & {
  owner: string;
  status: Exclude<ClaimStatus, 'cancelled'>;
  createdAt: string;
  /** The SLA age is counted from here when the list is read (it grows with the clock, not with events). */
  stageStartedAt: string | null;
};
export type { ClaimListRow };

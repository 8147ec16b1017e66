import { choiceLabel, uavAccidentTypes } from '@feibao/domain/claims/catalogue';
import { claimStateNumber, type Claim } from '@feibao/domain/claims/claim.events';
import { currentClaimStage, currentStageOverdue } from '@feibao/domain/claims/sla';
import type { ClaimDocument, StoredClaimListRow } from './claimDocument.ts';

/**
 * Pure: the stored document for a claim state (the domain's `evolveClaim` decides every
 * transition; this only shapes it). A claim that was never opened or was cancelled has no
 * document, so it drops out of every list and reads as missing. `updatedAt` is the time of
 * the last event.
 */
export const toDocument = (claim: Claim, updatedAt: string): ClaimDocument | null => {
  if (claim.status === 'none' || claim.status === 'cancelled') return null;
  const claimState = claimStateNumber(claim.status);
  if (claimState === null) return null;
  const uavAccidentType = claim.form.uavAccidentType ?? null;
  const stage = currentClaimStage(claim);
  return {
    id: claim.claimId,
    claimNo: claim.claimNo,
    policyNo: claim.policy.policyNo,
    orderId: claim.orderId,
    owner: claim.owner,
    status: claim.status,
    claimState,
    uavAccidentType,
    uavAccidentTypeName: choiceLabel(uavAccidentTypes, uavAccidentType),
    createdAt: claim.createdAt,
    applyTime: claim.applyTime,
    lossAssessmentAmount: claim.assessment?.lossAmount ?? null,
    finishClaimTime: claim.finishClaimTime,
    overdue: currentStageOverdue(claim),
    assignee: claim.assignee,
    submittedAt: claim.submittedAt,
    acceptedAt: claim.acceptedAt,
    stageStartedAt: stage?.startedAt ?? null,
    stageDueAt: stage?.dueAt ?? null,
    evidenceRequested: claim.status === 'saved' && claim.evidenceRequest !== null,
    updatedAt,
    claim,
  };
};

/** The list row of a document; the actions depend on the caller, so the reader adds them. */
export const rowOf = (doc: ClaimDocument): StoredClaimListRow => ({
  id: doc.id,
  policyNo: doc.policyNo,
  claimSettlementNo: doc.claimNo,
  userName: doc.owner,
  uavAccidentType: doc.uavAccidentType,
  uavAccidentTypeName: doc.uavAccidentTypeName,
  applyTime: doc.applyTime,
  lossAssessmentAmount: doc.lossAssessmentAmount,
  finishClaimTime: doc.finishClaimTime,
  claimState: doc.claimState,
  overdue: doc.overdue,
  assignee: doc.assignee,
  stageDueAt: doc.stageDueAt,
  evidenceRequested: doc.evidenceRequested,
  owner: doc.owner,
  status: doc.status,
  createdAt: doc.createdAt,
  stageStartedAt: doc.stageStartedAt,
});

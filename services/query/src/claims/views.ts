import { allowedClaimActions } from '@feibao/domain/claims/actions';
import type { ClaimDetails, ClaimListRow, ClaimPictureRow } from '@feibao/domain/claims/api';
import {
  listClaimantFor,
  seesClaimantWhole,
  seesPictureMetadata,
  staffPhoneFor,
  type ClaimReader,
} from '@feibao/domain/claims/disclosure';
import { claimEvidence } from '@feibao/domain/claims/imageTypes';
import { currentStageOverdue } from '@feibao/domain/claims/sla';
import { maskIdCard, maskPhone } from '@feibao/domain/shared/masking';
import { workingDaysBetween } from '@feibao/domain/rating/workingDays';
import { claimableDeviceCodes } from '@feibao/domain/claims/policy';
import type { ClaimDocument, StoredClaimListRow } from '@feibao/read-models/claims/claims/claimDocument';
import type { PictureDocument } from '@feibao/read-models/claims/pictures/pictureDocument';

/**
 * The claims read side's answers as the caller may see them: the stored documents shaped for the
 * wire, with what the domain's disclosure rules (domain/src/claims/disclosure.ts) mask for this caller.
 */

export const CLAIM_PATH = '/api/v1/uav/claim/settlement';

export const claimPictureRow = (picture: PictureDocument, who: ClaimReader): ClaimPictureRow => {
  const fileUrl = `${CLAIM_PATH}/picture/${encodeURIComponent(picture.pictureId)}`;
  const metadata = seesPictureMetadata(who);
  return {
    id: picture.pictureId,
    name: picture.name,
    fileUrl,
    smallFileUrl: picture.processing === 'done' ? `${fileUrl}?size=small` : null,
    imageTypeCode: picture.imageTypeCode,
    imageTypeName: picture.imageTypeName,
    processing: picture.processing,
    uploadedAt: picture.uploadedAt,
    capturedAt: metadata ? picture.capturedAt : null,
    gps: metadata ? picture.gps : null,
  };
};

export const claimListRow = (
  { owner, status, createdAt: _createdAt, stageStartedAt, ...row }: StoredClaimListRow,
  who: ClaimReader,
  now: Date,
  daySeconds: number,
): ClaimListRow => ({
  ...row,
  // Aged when read: the age grows with the clock, not with events.
  slaAgeDays: stageStartedAt ? workingDaysBetween(new Date(stageStartedAt), now, daySeconds) : null,
  userName: listClaimantFor(who, owner, row.userName),
  assignee: staffPhoneFor(who, row.assignee),
  actions: allowedClaimActions({ status, owner }, who),
});

export const claimDetails = (doc: ClaimDocument, who: ClaimReader): ClaimDetails => {
  const { claim } = doc;
  const whole = seesClaimantWhole(who, doc.owner);
  return {
    ...claim.form,
    injuryInfoList: whole
      ? claim.form.injuryInfoList
      : claim.form.injuryInfoList.map((injury) => ({ ...injury, technicalLevel: maskIdCard(injury.technicalLevel) })),
    id: doc.id,
    claimSettlementNo: doc.claimNo,
    policyNo: doc.policyNo,
    orderId: doc.orderId,
    userName: whole ? doc.owner : maskPhone(doc.owner),
    claimState: doc.claimState,
    applyTime: doc.applyTime,
    submittedAt: claim.submittedAt ?? null,
    acceptedAt: claim.acceptedAt ?? null,
    assignee: staffPhoneFor(who, claim.assignee ?? null),
    lossAssessmentAmount: doc.lossAssessmentAmount,
    finishClaimTime: doc.finishClaimTime,
    insuranceCompanyName: claim.policy.insurerName,
    startDate: claim.policy.startDate,
    endDate: claim.policy.endDate,
    insuranceTypeInfoList: claim.policy.lines,
    insuredDeviceNumbers: claimableDeviceCodes(claim.policy),
    policyVersion: claim.policy.policyVersion ?? 1,
    removedDrones: (claim.policy.removedDrones ?? []).map(({ deviceNumber, effectiveDate }) => ({
      deviceNumber,
      effectiveDate,
    })),
    evidenceRequest: claim.evidenceRequest
      ? { message: claim.evidenceRequest.message, at: claim.evidenceRequest.at }
      : null,
    assessment: claim.assessment,
    sla: {
      acceptDueAt: claim.acceptDueAt,
      closeDueAt: claim.closeDueAt,
      overdue: currentStageOverdue(claim),
      missedStages: claim.overdue,
    },
    evidence: claimEvidence(claim),
    pictureCount: Object.keys(claim.pictures).length,
    version: claim.version,
    actions: allowedClaimActions(claim, who),
  };
};

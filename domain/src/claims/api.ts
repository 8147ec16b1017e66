import type { ClaimAction } from './actions.ts';
import type { Assessment, ClaimStateValue, FieldChange, Gps, SlaStage } from './claim.events.ts';
import type { ClaimForm } from './form.ts';
import type { CoverLineSnapshot } from './policy.ts';

/**
 * The claim answers as they travel (page, details, pageImageInfo, contrast): shared by the
 * query service and the web. Amounts: `lossAssessmentAmount` in yuan; injury and property
 * `indemnityAmount` in 10k yuan; cover `insuranceAmount` in 10k yuan (docs/glossary.md).
 */
export type ClaimListRow = {
  id: string;
  policyNo: string;
  claimSettlementNo: string;
  /** The claimant's mobile number: whole to the claimant, masked in everyone else's list (staff see it whole in `details`). */
  userName: string;
  uavAccidentType: string | null;
  uavAccidentTypeName: string | null;
  applyTime: string | null;
  lossAssessmentAmount: number | null;
  finishClaimTime: string | null;
  claimState: ClaimStateValue;
  /** The current stage (accept in 3, close in 4) when it ran late, else empty (sla.ts `currentStageOverdue`). */
  overdue: SlaStage[];
  /** Staff member (mobile phone) the claim is assigned to; masked for the claimant. */
  assignee: string | null;
  /** When the current stage is due: acceptDueAt in 3, closeDueAt in 4; null otherwise (evidence stops the clock). */
  stageDueAt: string | null;
  /** Whole working days (Asia/Shanghai) in the current stage, computed when read; null outside 2 (evidence), 3 and 4. */
  slaAgeDays: number | null;
  /** State 2 because staff asked the claimant for more evidence. */
  evidenceRequested: boolean;
  actions: ClaimAction[];
};

export type ClaimListPage = { datas: ClaimListRow[]; currentPage: number; pageSize: number; totalCount: number };

export type EvidenceStatus = { required: { code: string; name: string }[]; missing: { code: string; name: string }[] };

export type ClaimDetails = ClaimForm & {
  id: string;
  claimSettlementNo: string;
  policyNo: string;
  orderId: string;
  userName: string;
  claimState: ClaimStateValue;
  applyTime: string | null;
  /** Last submission and acceptance (ISO instants). */
  submittedAt: string | null;
  acceptedAt: string | null;
  assignee: string | null;
  lossAssessmentAmount: number | null;
  finishClaimTime: string | null;
  insuranceCompanyName: string;
  startDate: string;
  endDate: string;
  /** The policy's cover lines copied when the claim was opened. */
  insuranceTypeInfoList: CoverLineSnapshot[];
  /** Device codes insured on the policy: the drones a claim may name. */
  insuredDeviceNumbers: string[];
  /** The policy version the claim was opened against (保单版本 第N版; 1 on claims from before versions). */
  policyVersion: number;
  /** Drones a 批改 removed and the day from which they are not insured (an earlier accident is covered). */
  removedDrones: { deviceNumber: string; effectiveDate: string }[];
  evidenceRequest: { message: string; at: string } | null;
  assessment: Assessment | null;
  /**
   * `overdue`: the current stage when it ran late (what the desk sorts and queues by); `missedStages`: every
   * stage that ran late since the claim was last submitted or reopened, the current one included (history).
   */
  sla: { acceptDueAt: string | null; closeDueAt: string | null; overdue: SlaStage[]; missedStages: SlaStage[] };
  evidence: EvidenceStatus;
  pictureCount: number;
  /** The stream version this answer reflects; an amendment names it. */
  version: number;
  actions: ClaimAction[];
};

export type ClaimPictureRow = {
  id: string;
  name: string;
  fileUrl: string;
  smallFileUrl: string | null;
  imageTypeCode: string;
  imageTypeName: string;
  processing: 'pending' | 'done' | 'rejected';
  uploadedAt: string;
  /** Staff only (null for customers): read from the photo before its metadata was stripped. */
  capturedAt?: string | null;
  gps?: Gps | null;
};

export type ContrastAnswer = { id: string; version: number; rows: FieldChange[] };

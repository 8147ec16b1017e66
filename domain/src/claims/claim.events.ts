import { emptyClaimForm, type ClaimForm } from './form.ts';
import type { AssessedExposure, PolicySnapshot } from './policy.ts';

/** Claim states; the numbers are the wire's `claimState` (docs/glossary.md "Claim states"). */
export const ClaimState = {
  editing: 1,
  saved: 2,
  submitted: 3,
  processing: 4,
  closed: 5,
  withdrawn: 6,
} as const;
export type ClaimStateValue = (typeof ClaimState)[keyof typeof ClaimState];

/** One changed field of the form: the unit of history, amendment explanations and the contrast call. */
export type FieldChange = {
  /** Section of the form: 事故基本信息, 无人机损失信息, 配件信息, 人伤信息, 财产损失信息. */
  moduleName: string;
  /** Stable path, e.g. `settlementUavInfoList[UAV-1].price`; explanations are matched on it. */
  path: string;
  /** What the user sees, e.g. 无人机(UAV-1)·购价. */
  fieldName: string;
  operateType: '新增' | '修改' | '删除';
  oldValue: string | null;
  newValue: string | null;
};
export type ExplainedChange = FieldChange & { remark: string };

export type SlaStage = 'accept' | 'close';
export type Gps = { latitude: number; longitude: number };

type At = { claimId: string; at: string; by: string };

export type ClaimOpened = {
  type: 'ClaimOpened';
  data: At & { claimNo: string; orderId: string; owner: string; policy: PolicySnapshot };
};
export type ClaimCancelled = { type: 'ClaimCancelled'; data: At };
export type ClaimDraftSaved = { type: 'ClaimDraftSaved'; data: At & { form: ClaimForm; changes: FieldChange[] } };
export type ClaimSubmitted = {
  type: 'ClaimSubmitted';
  data: At & { form: ClaimForm; changes: FieldChange[]; acceptDueAt: string };
};
export type ClaimWithdrawn = { type: 'ClaimWithdrawn'; data: At & { reason: string | null } };
export type ClaimAccepted = { type: 'ClaimAccepted'; data: At & { reason: string | null; closeDueAt: string } };
export type EvidenceRequested = { type: 'EvidenceRequested'; data: At & { message: string } };
export type ClaimAssessed = {
  type: 'ClaimAssessed';
  data: At & { exposures: AssessedExposure[]; lossAmount: number; payableAmount: number; reason: string | null };
};
export type ClaimClosed = { type: 'ClaimClosed'; data: At & { reason: string } };
export type ClaimReopened = { type: 'ClaimReopened'; data: At & { reason: string; closeDueAt: string } };
export type ClaimAmended = {
  type: 'ClaimAmended';
  data: At & { form: ClaimForm; changes: ExplainedChange[]; basedOnVersion: number };
};
/** `assignee` is a staff member's mobile phone; null takes the claim off everyone's desk. */
export type ClaimAssigned = { type: 'ClaimAssigned'; data: At & { assignee: string | null } };
export type ClaimSlaOverdue = { type: 'ClaimSlaOverdue'; data: At & { stage: SlaStage; dueAt: string } };
export type ClaimPictureUploaded = {
  type: 'ClaimPictureUploaded';
  data: At & { pictureId: string; name: string; mime: string; size: number; storedAs: string; imageTypeCode: string };
};
export type ClaimPictureProcessed = {
  type: 'ClaimPictureProcessed';
  data: At & {
    pictureId: string;
    thumbnailAs: string;
    displayAs: string;
    width: number;
    height: number;
    /** From the photo's EXIF before it was stripped; staff only. */
    capturedAt: string | null;
    gps: Gps | null;
  };
};
export type ClaimPictureRejected = { type: 'ClaimPictureRejected'; data: At & { pictureId: string; reason: string } };
export type ClaimPicturesClassified = {
  type: 'ClaimPicturesClassified';
  data: At & { pictureIds: string[]; imageTypeCode: string; imageTypeName: string };
};
export type ClaimPicturesDeleted = { type: 'ClaimPicturesDeleted'; data: At & { pictureIds: string[] } };

export type ClaimEvent =
  | ClaimOpened
  | ClaimCancelled
  | ClaimDraftSaved
  | ClaimSubmitted
  | ClaimWithdrawn
  | ClaimAccepted
  | EvidenceRequested
  | ClaimAssessed
  | ClaimClosed
  | ClaimReopened
  | ClaimAmended
  | ClaimSlaOverdue
  | ClaimAssigned
  | ClaimPictureUploaded
  | ClaimPictureProcessed
  | ClaimPictureRejected
  | ClaimPicturesClassified
  | ClaimPicturesDeleted;

export const claimEventTypes: readonly ClaimEvent['type'][] = [
  'ClaimOpened',
  'ClaimCancelled',
  'ClaimDraftSaved',
  'ClaimSubmitted',
  'ClaimWithdrawn',
  'ClaimAccepted',
  'EvidenceRequested',
  'ClaimAssessed',
  'ClaimClosed',
  'ClaimReopened',
  'ClaimAmended',
  'ClaimSlaOverdue',
  'ClaimAssigned',
  'ClaimPictureUploaded',
  'ClaimPictureProcessed',
  'ClaimPictureRejected',
  'ClaimPicturesClassified',
  'ClaimPicturesDeleted',
];

export type ClaimPicture = {
  pictureId: string;
  name: string;
  mime: string;
  size: number;
  storedAs: string;
  imageTypeCode: string;
  uploadedAt: string;
  uploadedBy: string;
  processing: 'pending' | 'done' | 'rejected';
  thumbnailAs: string | null;
  displayAs: string | null;
  capturedAt: string | null;
  gps: Gps | null;
};

export type Assessment = Omit<ClaimAssessed['data'], 'claimId'>;

export type ClaimStatus = 'editing' | 'saved' | 'submitted' | 'processing' | 'closed' | 'withdrawn' | 'cancelled';

export type ClaimRecord = {
  status: ClaimStatus;
  claimId: string;
  claimNo: string;
  orderId: string;
  owner: string;
  policy: PolicySnapshot;
  form: ClaimForm;
  createdAt: string;
  /** Events applied: the stream version an amendment is based on. */
  version: number;
  /** First submission: the list's report time. */
  applyTime: string | null;
  submittedAt: string | null;
  acceptedAt: string | null;
  /** Last reopening: with `acceptedAt`, when the current processing stage began. */
  reopenedAt: string | null;
  finishClaimTime: string | null;
  acceptDueAt: string | null;
  closeDueAt: string | null;
  overdue: SlaStage[];
  evidenceRequest: { message: string; at: string; by: string } | null;
  assessment: Assessment | null;
  /** Status before a withdrawal, for the history's wording. */
  withdrawnFrom: ClaimStatus | null;
  pictures: Record<string, ClaimPicture>;
  /** The staff member (mobile phone) the claim is assigned to. */
  assignee: string | null;
};
export type Claim = { status: 'none'; version: number } | ClaimRecord;

export const initialClaim = (): Claim => ({ status: 'none', version: 0 });

export const claimStateNumber = (status: ClaimStatus): ClaimStateValue | null => {
  switch (status) {
    case 'editing':
      return ClaimState.editing;
    case 'saved':
      return ClaimState.saved;
    case 'submitted':
      return ClaimState.submitted;
    case 'processing':
      return ClaimState.processing;
    case 'closed':
      return ClaimState.closed;
    case 'withdrawn':
      return ClaimState.withdrawn;
    case 'cancelled':
      return null;
  }
};

/** Not closed, withdrawn or cancelled: blocks a second claim on the same policy. */
export const isClaimUnfinished = (claim: Claim) =>
  claim.status !== 'none' && claim.status !== 'closed' && claim.status !== 'withdrawn' && claim.status !== 'cancelled';

const withPictures = (claim: ClaimRecord, ids: readonly string[], change: (p: ClaimPicture) => ClaimPicture | null) => {
  const pictures = { ...claim.pictures };
  for (const id of ids) {
    const picture = pictures[id];
    if (!picture) continue;
    const next = change(picture);
    if (next) pictures[id] = next;
    else delete pictures[id];
  }
  return pictures;
};

const applyClaimEvent = (claim: ClaimRecord, event: ClaimEvent): ClaimRecord => {
  switch (event.type) {
    case 'ClaimOpened':
      return claim;
    case 'ClaimCancelled':
      return { ...claim, status: 'cancelled' };
    case 'ClaimDraftSaved':
      return { ...claim, status: 'saved', form: event.data.form };
    case 'ClaimSubmitted':
      return {
        ...claim,
        status: 'submitted',
        form: event.data.form,
        applyTime: claim.applyTime ?? event.data.at,
        submittedAt: event.data.at,
        acceptDueAt: event.data.acceptDueAt,
        evidenceRequest: null,
        overdue: claim.overdue.filter((s) => s !== 'accept'),
      };
    case 'ClaimWithdrawn':
      return { ...claim, status: 'withdrawn', withdrawnFrom: claim.status };
    case 'ClaimAccepted':
      return { ...claim, status: 'processing', acceptedAt: event.data.at, closeDueAt: event.data.closeDueAt };
    case 'EvidenceRequested':
      // Both clocks stop while the claimant gathers evidence; resubmitting starts them afresh.
      return {
        ...claim,
        status: 'saved',
        evidenceRequest: { message: event.data.message, at: event.data.at, by: event.data.by },
        acceptDueAt: null,
        closeDueAt: null,
        overdue: [],
      };
    case 'ClaimAssessed': {
      const { claimId: _, ...assessment } = event.data;
      return { ...claim, assessment };
    }
    case 'ClaimClosed':
      return { ...claim, status: 'closed', finishClaimTime: event.data.at, closeDueAt: null };
    case 'ClaimReopened':
      return {
        ...claim,
        status: 'processing',
        finishClaimTime: null,
        reopenedAt: event.data.at,
        closeDueAt: event.data.closeDueAt,
        overdue: claim.overdue.filter((s) => s !== 'close'),
      };
    case 'ClaimAmended':
      return { ...claim, form: event.data.form };
    case 'ClaimAssigned':
      return { ...claim, assignee: event.data.assignee };
    case 'ClaimSlaOverdue':
      return claim.overdue.includes(event.data.stage)
        ? claim
        : { ...claim, overdue: [...claim.overdue, event.data.stage] };
    case 'ClaimPictureUploaded': {
      const { claimId: _c, at, by, ...picture } = event.data;
      return {
        ...claim,
        pictures: {
          ...claim.pictures,
          [picture.pictureId]: {
            ...picture,
            uploadedAt: at,
            uploadedBy: by,
            processing: 'pending',
            thumbnailAs: null,
            displayAs: null,
            capturedAt: null,
            gps: null,
          },
        },
      };
    }
    case 'ClaimPictureProcessed':
      return {
        ...claim,
        pictures: withPictures(claim, [event.data.pictureId], (p) => ({
          ...p,
          processing: 'done',
          thumbnailAs: event.data.thumbnailAs,
          displayAs: event.data.displayAs,
          capturedAt: event.data.capturedAt,
          gps: event.data.gps,
        })),
      };
    case 'ClaimPictureRejected':
      return {
        ...claim,
        pictures: withPictures(claim, [event.data.pictureId], (p) => ({ ...p, processing: 'rejected' })),
      };
    case 'ClaimPicturesClassified':
      return {
        ...claim,
        pictures: withPictures(claim, event.data.pictureIds, (p) => ({
          ...p,
          imageTypeCode: event.data.imageTypeCode,
        })),
      };
    case 'ClaimPicturesDeleted':
      return { ...claim, pictures: withPictures(claim, event.data.pictureIds, () => null) };
  }
};

export const evolveClaim = (state: Claim, event: ClaimEvent): Claim => {
  const version = state.version + 1;
  if (state.status !== 'none') return { ...applyClaimEvent(state, event), version };
  if (event.type !== 'ClaimOpened') return { ...state, version };
  return {
    status: 'editing',
    claimId: event.data.claimId,
    claimNo: event.data.claimNo,
    orderId: event.data.orderId,
    owner: event.data.owner,
    policy: event.data.policy,
    form: emptyClaimForm(),
    createdAt: event.data.at,
    version,
    applyTime: null,
    submittedAt: null,
    acceptedAt: null,
    reopenedAt: null,
    finishClaimTime: null,
    acceptDueAt: null,
    closeDueAt: null,
    overdue: [],
    evidenceRequest: null,
    assessment: null,
    withdrawnFrom: null,
    pictures: {},
    assignee: null,
  };
};

export const claimStreamId = (claimId: string) => `claim-${claimId}`;

/** A picture's id names its claim, so calls that send only picture ids (classify, delete) find the stream. */
export const pictureIdOf = (claimId: string, unique: string) => `${claimId}.${unique}`;
export const claimIdOfPicture = (pictureId: string) => pictureId.split('.')[0] ?? '';

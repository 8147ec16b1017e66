import { hasRole, isAdmin } from '../accounts/roles.ts';
import { assertNever, type Decider } from '../shared/decider.ts';
import { forbidden, illegalState, invalid, notFound } from '../shared/errors.ts';
import { MAX_PICTURES_PER_CLAIM } from './catalogue.ts';
import { diffClaimForms } from './changes.ts';
import {
  evolveClaim,
  initialClaim,
  type Claim,
  type ClaimEvent,
  type ClaimRecord,
  type ClaimStatus,
  type ExplainedChange,
  type Gps,
  type SlaStage,
} from './claim.events.ts';
import type { ClaimForm } from './form.ts';
import { imageTypeByCode, isImageTypeCode, UNCLASSIFIED } from './imageTypes.ts';
import { assessExposures, type ExposureLoss, type PolicySnapshot } from './policy.ts';

/** Who asks and when. `roles` decide staff powers; workers act as `system`. */
export type ClaimMetadata = { now: Date; actor: string; roles: readonly string[]; system?: boolean };

type Cmd<T extends string, D> = { type: T; data: D; metadata: ClaimMetadata };

export type OpenClaim = Cmd<
  'OpenClaim',
  { claimId: string; claimNo: string; orderId: string; owner: string; policy: PolicySnapshot }
>;
export type CancelClaim = Cmd<'CancelClaim', Record<string, never>>;
export type SaveClaim = Cmd<'SaveClaim', { form: ClaimForm }>;
export type SubmitClaim = Cmd<'SubmitClaim', { form: ClaimForm; acceptDueAt: string }>;
export type WithdrawClaim = Cmd<'WithdrawClaim', { reason: string | null }>;
export type AcceptClaim = Cmd<'AcceptClaim', { reason: string | null; closeDueAt: string }>;
export type RequestEvidence = Cmd<'RequestEvidence', { message: string }>;
export type AssessClaim = Cmd<'AssessClaim', { losses: ExposureLoss[]; reason: string | null }>;
export type CloseClaim = Cmd<'CloseClaim', { reason: string }>;
export type ReopenClaim = Cmd<'ReopenClaim', { reason: string; closeDueAt: string }>;
export type AmendClaim = Cmd<
  'AmendClaim',
  { form: ClaimForm; basedOnVersion: number; explanations: Record<string, string> }
>;
/** `assignee` null unassigns; the route has checked that a named assignee is active staff. */
export type AssignClaim = Cmd<'AssignClaim', { assignee: string | null }>;
export type MarkSlaOverdue = Cmd<'MarkSlaOverdue', { stage: SlaStage; dueAt: string }>;
export type AddPicture = Cmd<
  'AddPicture',
  { pictureId: string; name: string; mime: string; size: number; storedAs: string }
>;
export type RecordPictureProcessed = Cmd<
  'RecordPictureProcessed',
  {
    pictureId: string;
    thumbnailAs: string;
    displayAs: string;
    width: number;
    height: number;
    capturedAt: string | null;
    gps: Gps | null;
  }
>;
export type RejectPicture = Cmd<'RejectPicture', { pictureId: string; reason: string }>;
export type ClassifyPictures = Cmd<'ClassifyPictures', { pictureIds: string[]; imageTypeCode: string }>;
export type DeletePictures = Cmd<'DeletePictures', { pictureIds: string[] }>;

export type ClaimCommand =
  | OpenClaim
  | CancelClaim
  | SaveClaim
  | SubmitClaim
  | WithdrawClaim
  | AcceptClaim
  | RequestEvidence
  | AssessClaim
  | CloseClaim
  | ReopenClaim
  | AmendClaim
  | AssignClaim
  | MarkSlaOverdue
  | AddPicture
  | RecordPictureProcessed
  | RejectPicture
  | ClassifyPictures
  | DeletePictures;

export const claimMessages = {
  notFound: '理赔单不存在',
  exists: '理赔单已存在',
  backOnlyNew: '仅新建未暂存的理赔单可以返回',
  notEditable: '理赔单已提交，不能修改',
  withdrawn: '理赔单已撤回',
  closed: '理赔单已结案',
  staffOnly: '仅理赔人员可以操作',
  adminOnly: '仅管理员可以操作',
  acceptOnlySubmitted: '仅已提交的理赔单可以受理',
  evidenceNotAllowed: '仅已提交或处理中的理赔单可以要求补充材料',
  messageRequired: '请填写需要补充的材料说明',
  assessOnlyProcessing: '仅处理中的理赔单可以定损',
  closeOnlyProcessing: '仅处理中的理赔单可以结案',
  reopenOnlyClosed: '仅已结案的理赔单可以重新打开',
  reasonRequired: '请填写原因',
  assignFinished: '已结案或已撤回的理赔单不能分派',
  changesNeedExplanation: '修改理赔信息需先保存修改说明',
  amendNotAllowed: '当前状态的理赔单不能修改',
  noChanges: '没有修改内容',
  staleVersion: '理赔单已被他人修改，请重新比对',
  explanationRequired: (field: string) => `请填写修改说明：${field}`,
  picturesClosed: '已结案或已撤回的理赔单不能修改图片',
  tooManyPictures: `每个理赔单最多上传${MAX_PICTURES_PER_CLAIM}张图片`,
  pictureNotFound: '图片不存在',
  pictureRequired: '请勾选图片',
  categoryUnknown: '请选择分类',
} as const;

const m = claimMessages;

const isStaff = (meta: ClaimMetadata) => meta.system === true || hasRole(meta.roles, 'claims', 'admin');
const isOwner = (claim: ClaimRecord, meta: ClaimMetadata) => claim.owner === meta.actor;
const at = (claim: ClaimRecord, meta: ClaimMetadata) => ({
  claimId: claim.claimId,
  at: meta.now.toISOString(),
  by: meta.actor,
});

/** Owners reach their claim, staff every claim; a cancelled claim is gone for everyone. */
const existing = (state: Claim, meta: ClaimMetadata): ClaimRecord => {
  if (state.status === 'none' || state.status === 'cancelled') throw notFound(m.notFound);
  if (!isOwner(state, meta) && !isStaff(meta)) throw notFound(m.notFound);
  return state;
};
const staffOnly = (claim: ClaimRecord, meta: ClaimMetadata) => {
  if (!isStaff(meta)) throw forbidden(m.staffOnly);
  return claim;
};
const requireText = (value: string | null | undefined, message: string) => {
  const text = value?.trim() ?? '';
  if (text === '') throw invalid(message);
  return text;
};
const customerEditable: readonly ClaimStatus[] = ['editing', 'saved'];
const amendable: readonly ClaimStatus[] = ['editing', 'saved', 'submitted', 'processing'];

/** The refusal a customer meets when the claim no longer takes changes. */
const notEditableReason = (status: ClaimStatus) =>
  status === 'withdrawn' ? m.withdrawn : status === 'closed' ? m.closed : m.notEditable;

const pictureIdsOf = (claim: ClaimRecord, ids: readonly string[]) => {
  if (ids.length === 0) throw invalid(m.pictureRequired);
  const unique = [...new Set(ids)];
  if (unique.some((id) => !claim.pictures[id])) throw notFound(m.pictureNotFound);
  return unique;
};
const picturesEditable = (claim: ClaimRecord) => {
  if (claim.status === 'closed' || claim.status === 'withdrawn') throw illegalState(m.picturesClosed);
  return claim;
};

const decideSubmit = (command: SubmitClaim, claim: ClaimRecord): ClaimEvent[] => {
  const meta = command.metadata;
  const changes = diffClaimForms(claim.form, command.data.form);
  const submitted = { ...at(claim, meta), form: command.data.form, changes, acceptDueAt: command.data.acceptDueAt };
  if (isOwner(claim, meta) && customerEditable.includes(claim.status))
    return [{ type: 'ClaimSubmitted', data: submitted }];
  // Staff submit what is stored: their own changes go through an explained amendment first.
  if (isAdmin(meta.roles) && (customerEditable.includes(claim.status) || claim.status === 'submitted')) {
    if (changes.length > 0) throw illegalState(m.changesNeedExplanation);
    return claim.status === 'submitted' ? [] : [{ type: 'ClaimSubmitted', data: submitted }];
  }
  throw illegalState(notEditableReason(claim.status));
};

const decideAmend = (command: AmendClaim, claim: ClaimRecord): ClaimEvent[] => {
  const meta = command.metadata;
  if (!isAdmin(meta.roles)) throw forbidden(m.adminOnly);
  if (!amendable.includes(claim.status)) throw illegalState(m.amendNotAllowed);
  if (command.data.basedOnVersion !== claim.version) throw illegalState(m.staleVersion);
  const changes = diffClaimForms(claim.form, command.data.form);
  if (changes.length === 0) throw invalid(m.noChanges);
  const explained = changes.map((change): ExplainedChange => {
    const remark = command.data.explanations[change.path]?.trim() ?? '';
    if (remark === '') throw invalid(m.explanationRequired(change.fieldName));
    return { ...change, remark: remark.slice(0, 500) };
  });
  return [
    {
      type: 'ClaimAmended',
      data: { ...at(claim, meta), form: command.data.form, changes: explained, basedOnVersion: claim.version },
    },
  ];
};

export const decideClaim = (command: ClaimCommand, state: Claim): ClaimEvent[] => {
  const meta = command.metadata;
  switch (command.type) {
    case 'OpenClaim': {
      if (state.status !== 'none') throw illegalState(m.exists);
      const { claimId, claimNo, orderId, owner, policy } = command.data;
      return [
        {
          type: 'ClaimOpened',
          data: { claimId, at: meta.now.toISOString(), by: meta.actor, claimNo, orderId, owner, policy },
        },
      ];
    }
    case 'CancelClaim': {
      const claim = existing(state, meta);
      if (!isOwner(claim, meta) || claim.status !== 'editing') throw illegalState(m.backOnlyNew);
      return [{ type: 'ClaimCancelled', data: at(claim, meta) }];
    }
    case 'SaveClaim': {
      const claim = existing(state, meta);
      if (!isOwner(claim, meta) || !customerEditable.includes(claim.status)) {
        throw illegalState(
          isStaff(meta) && !isOwner(claim, meta) ? m.changesNeedExplanation : notEditableReason(claim.status),
        );
      }
      return [
        {
          type: 'ClaimDraftSaved',
          data: { ...at(claim, meta), form: command.data.form, changes: diffClaimForms(claim.form, command.data.form) },
        },
      ];
    }
    case 'SubmitClaim':
      return decideSubmit(command, existing(state, meta));
    case 'WithdrawClaim': {
      const claim = existing(state, meta);
      if (claim.status === 'withdrawn') throw illegalState(m.withdrawn);
      return [{ type: 'ClaimWithdrawn', data: { ...at(claim, meta), reason: command.data.reason } }];
    }
    case 'AcceptClaim': {
      const claim = staffOnly(existing(state, meta), meta);
      if (claim.status !== 'submitted') throw illegalState(m.acceptOnlySubmitted);
      return [
        {
          type: 'ClaimAccepted',
          data: { ...at(claim, meta), reason: command.data.reason, closeDueAt: command.data.closeDueAt },
        },
      ];
    }
    case 'RequestEvidence': {
      const claim = staffOnly(existing(state, meta), meta);
      if (claim.status !== 'submitted' && claim.status !== 'processing') throw illegalState(m.evidenceNotAllowed);
      return [
        {
          type: 'EvidenceRequested',
          data: { ...at(claim, meta), message: requireText(command.data.message, m.messageRequired) },
        },
      ];
    }
    case 'AssessClaim': {
      const claim = staffOnly(existing(state, meta), meta);
      if (claim.status !== 'processing') throw illegalState(m.assessOnlyProcessing);
      const assessed = assessExposures(claim.policy, command.data.losses);
      return [{ type: 'ClaimAssessed', data: { ...at(claim, meta), ...assessed, reason: command.data.reason } }];
    }
    case 'CloseClaim': {
      const claim = staffOnly(existing(state, meta), meta);
      if (claim.status !== 'processing') throw illegalState(m.closeOnlyProcessing);
      return [
        {
          type: 'ClaimClosed',
          data: { ...at(claim, meta), reason: requireText(command.data.reason, m.reasonRequired) },
        },
      ];
    }
    case 'ReopenClaim': {
      const claim = staffOnly(existing(state, meta), meta);
      if (claim.status !== 'closed') throw illegalState(m.reopenOnlyClosed);
      const reason = requireText(command.data.reason, m.reasonRequired);
      return [{ type: 'ClaimReopened', data: { ...at(claim, meta), reason, closeDueAt: command.data.closeDueAt } }];
    }
    case 'AmendClaim':
      return decideAmend(command, existing(state, meta));
    case 'AssignClaim': {
      const claim = staffOnly(existing(state, meta), meta);
      if (claim.status === 'closed' || claim.status === 'withdrawn') throw illegalState(m.assignFinished);
      const assignee = command.data.assignee?.trim() || null;
      if (assignee === claim.assignee) return [];
      return [{ type: 'ClaimAssigned', data: { ...at(claim, meta), assignee } }];
    }
    case 'MarkSlaOverdue': {
      // A timer that fires after its stage ended (or was restarted with a new due time) changes nothing.
      if (state.status === 'none' || !meta.system) return [];
      const { stage, dueAt } = command.data;
      const running =
        stage === 'accept'
          ? state.status === 'submitted' && state.acceptDueAt === dueAt
          : state.status === 'processing' && state.closeDueAt === dueAt;
      if (!running || state.overdue.includes(stage)) return [];
      return [{ type: 'ClaimSlaOverdue', data: { ...at(state, meta), stage, dueAt } }];
    }
    case 'AddPicture': {
      const claim = picturesEditable(existing(state, meta));
      if (Object.keys(claim.pictures).length >= MAX_PICTURES_PER_CLAIM) throw illegalState(m.tooManyPictures);
      return [
        { type: 'ClaimPictureUploaded', data: { ...at(claim, meta), ...command.data, imageTypeCode: UNCLASSIFIED } },
      ];
    }
    case 'RecordPictureProcessed':
    case 'RejectPicture': {
      // Idempotent for the worker: a deleted or already handled picture needs nothing.
      if (state.status === 'none' || !meta.system) return [];
      const picture = state.pictures[command.data.pictureId];
      if (picture?.processing !== 'pending') return [];
      return command.type === 'RecordPictureProcessed'
        ? [{ type: 'ClaimPictureProcessed', data: { ...at(state, meta), ...command.data } }]
        : [{ type: 'ClaimPictureRejected', data: { ...at(state, meta), ...command.data } }];
    }
    case 'ClassifyPictures': {
      const claim = picturesEditable(existing(state, meta));
      const node = isImageTypeCode(command.data.imageTypeCode)
        ? imageTypeByCode(command.data.imageTypeCode)
        : undefined;
      if (!node) throw invalid(m.categoryUnknown);
      const pictureIds = pictureIdsOf(claim, command.data.pictureIds);
      return [
        {
          type: 'ClaimPicturesClassified',
          data: {
            ...at(claim, meta),
            pictureIds,
            imageTypeCode: node.imageTypeCode,
            imageTypeName: node.imageTypeName,
          },
        },
      ];
    }
    case 'DeletePictures': {
      const claim = picturesEditable(existing(state, meta));
      return [
        {
          type: 'ClaimPicturesDeleted',
          data: { ...at(claim, meta), pictureIds: pictureIdsOf(claim, command.data.pictureIds) },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

export const claimDecider: Decider<Claim, ClaimCommand, ClaimEvent> = {
  decide: decideClaim,
  evolve: evolveClaim,
  initialState: initialClaim,
};

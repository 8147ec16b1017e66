import { assertNever, type Decider } from '../shared/decider.ts';
import { illegalState, invalid, notFound } from '../shared/errors.ts';
import { MAX_PICTURES_PER_CLAIM } from './catalogue.ts';
import { diffClaimForms } from './changes.ts';
import {
  evolveClaim,
  initialClaim,
  type Claim,
  type ClaimEvent,
  type ClaimRecord,
  type ExplainedChange,
  type Gps,
  type SlaStage,
} from './claim.events.ts';
import type { ClaimForm } from './form.ts';
import { guardClaim, type ClaimActor } from './guards.ts';
import { imageTypeByCode, isImageTypeCode, UNCLASSIFIED } from './imageTypes.ts';
import { claimMessages } from './messages.ts';
import { accidentAfterCancellation } from './cancellationFacts.ts';
import { assessExposures, type ExposureLoss, type PolicySnapshot } from './policy.ts';

/** Who asks and when. `roles` decide staff powers; workers act as `system`. */
export type ClaimMetadata = ClaimActor & { now: Date };

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

const m = claimMessages;

const isOwner = (claim: ClaimRecord, meta: ClaimMetadata) => claim.owner === meta.actor;
const at = (claim: ClaimRecord, meta: ClaimMetadata) => ({
  claimId: claim.claimId,
  at: meta.now.toISOString(),
  by: meta.actor,
});

const requireText = (value: string | null | undefined, message: string) => {
  const text = value?.trim() ?? '';
  if (text === '') throw invalid(message);
  return text;
};

const pictureIdsOf = (claim: ClaimRecord, ids: readonly string[]) => {
  if (ids.length === 0) throw invalid(m.pictureRequired);
  const unique = [...new Set(ids)];
  if (unique.some((id) => !claim.pictures[id])) throw notFound(m.pictureNotFound);
  return unique;
};

const decideSubmit = (command: SubmitClaim, state: Claim): ClaimEvent[] => {
  const meta = command.metadata;
  const claim = guardClaim('submit', state, meta);
  const changes = diffClaimForms(claim.form, command.data.form);
  const uncovered = accidentAfterCancellation(claim.policy, command.data.form);
  if (uncovered) throw uncovered;
  const submitted = { ...at(claim, meta), form: command.data.form, changes, acceptDueAt: command.data.acceptDueAt };
  if (isOwner(claim, meta)) return [{ type: 'ClaimSubmitted', data: submitted }];
  // Staff submit what is stored: their own changes go through an explained amendment first.
  if (changes.length > 0) throw illegalState(m.changesNeedExplanation);
  return claim.status === 'submitted' ? [] : [{ type: 'ClaimSubmitted', data: submitted }];
};

const decideAmend = (command: AmendClaim, state: Claim): ClaimEvent[] => {
  const meta = command.metadata;
  const claim = guardClaim('edit', state, meta);
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
      const claim = guardClaim('back', state, meta);
      return [{ type: 'ClaimCancelled', data: at(claim, meta) }];
    }
    case 'SaveClaim': {
      const claim = guardClaim('save', state, meta);
      return [
        {
          type: 'ClaimDraftSaved',
          data: { ...at(claim, meta), form: command.data.form, changes: diffClaimForms(claim.form, command.data.form) },
        },
      ];
    }
    case 'SubmitClaim':
      return decideSubmit(command, state);
    case 'WithdrawClaim': {
      const claim = guardClaim('withdraw', state, meta);
      return [{ type: 'ClaimWithdrawn', data: { ...at(claim, meta), reason: command.data.reason } }];
    }
    case 'AcceptClaim': {
      const claim = guardClaim('accept', state, meta);
      return [
        {
          type: 'ClaimAccepted',
          data: { ...at(claim, meta), reason: command.data.reason, closeDueAt: command.data.closeDueAt },
        },
      ];
    }
    case 'RequestEvidence': {
      const claim = guardClaim('requestEvidence', state, meta);
      return [
        {
          type: 'EvidenceRequested',
          data: { ...at(claim, meta), message: requireText(command.data.message, m.messageRequired) },
        },
      ];
    }
    case 'AssessClaim': {
      const claim = guardClaim('assess', state, meta);
      const assessed = assessExposures(claim.policy, command.data.losses);
      return [{ type: 'ClaimAssessed', data: { ...at(claim, meta), ...assessed, reason: command.data.reason } }];
    }
    case 'CloseClaim': {
      const claim = guardClaim('close', state, meta);
      return [
        {
          type: 'ClaimClosed',
          data: { ...at(claim, meta), reason: requireText(command.data.reason, m.reasonRequired) },
        },
      ];
    }
    case 'ReopenClaim': {
      const claim = guardClaim('reopen', state, meta);
      const reason = requireText(command.data.reason, m.reasonRequired);
      return [{ type: 'ClaimReopened', data: { ...at(claim, meta), reason, closeDueAt: command.data.closeDueAt } }];
    }
    case 'AmendClaim':
      return decideAmend(command, state);
    case 'AssignClaim': {
      const claim = guardClaim('assign', state, meta);
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
      const claim = guardClaim('pictures', state, meta);
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
      const claim = guardClaim('pictures', state, meta);
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
      const claim = guardClaim('pictures', state, meta);
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

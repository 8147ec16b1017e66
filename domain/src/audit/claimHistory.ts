import type { ClaimEvent } from '../claims/claim.events.ts';
import { claimHistoryEntries } from '../claims/history.ts';
import { assertNever } from '../shared/decider.ts';
import type { AuditChange, AuditEntry } from './changeKinds.ts';

/** Which kind of change a claim event is; amendments carry their explanations in the rows' remark. */
export const claimChangeOf = (type: ClaimEvent['type']): AuditChange => {
  switch (type) {
    case 'ClaimOpened':
    case 'ClaimCancelled':
    case 'ClaimDraftSaved':
    case 'ClaimSubmitted':
      return 'fill';
    case 'ClaimWithdrawn':
      return 'revoke';
    case 'ClaimAmended':
      return 'admin';
    case 'ClaimAccepted':
    case 'EvidenceRequested':
    case 'ClaimAssessed':
    case 'ClaimClosed':
    case 'ClaimReopened':
    case 'ClaimAssigned':
    case 'ClaimSlaOverdue':
      return 'handle';
    case 'ClaimPictureUploaded':
    case 'ClaimPictureProcessed':
    case 'ClaimPictureRejected':
    case 'ClaimPicturesClassified':
    case 'ClaimPicturesDeleted':
      return 'picture';
    default:
      return assertNever(type);
  }
};

/** The claim history's own rows (claims/history.ts), each with the event's kind of change. */
export const claimAuditEntries = (event: ClaimEvent, position: number): AuditEntry[] => {
  const change = claimChangeOf(event.type);
  return claimHistoryEntries(event, position).map((e) => ({ ...e, change }));
};

import type { ClaimEvent, SlaStage } from '../claims/claim.events.ts';
import type { PolicyDocumentIssued } from '../documents/document.events.ts';
import type { OrderEvent } from '../ordering/order.events.ts';

type Pick<U, T extends string> = Extract<U, { type: T }>;

/** Order events that make a notification, schedule a check or tell the reactor about the order. */
export type OrderTrigger =
  | Pick<OrderEvent, 'OrderDraftSaved' | 'QuotingCompleted' | 'InsurerQuoteRecorded' | 'PolicyUnderwritten'>
  | Pick<OrderEvent, 'PolicyTookEffect' | 'OrderInsured' | 'PaymentConfirmed' | 'PaymentLapsed'>
  | Pick<OrderEvent, 'PolicyCancelled' | 'CancellationDeclined'>
  | Pick<OrderEvent, 'EndorsementApproved' | 'EndorsementDeclined'>
  | PolicyDocumentIssued;

export type ClaimTrigger = Pick<
  ClaimEvent,
  | 'ClaimOpened'
  | 'ClaimAccepted'
  | 'EvidenceRequested'
  | 'ClaimAssessed'
  | 'ClaimClosed'
  | 'ClaimAssigned'
  | 'ClaimSlaOverdue'
>;

export type TriggerEvent = OrderTrigger | ClaimTrigger;

export const orderTriggerTypes = [
  'OrderDraftSaved',
  'QuotingCompleted',
  'InsurerQuoteRecorded',
  'OrderInsured',
  'PaymentConfirmed',
  'PaymentLapsed',
  'PolicyUnderwritten',
  'PolicyTookEffect',
  'PolicyDocumentIssued',
  'PolicyCancelled',
  'CancellationDeclined',
  'EndorsementApproved',
  'EndorsementDeclined',
] as const satisfies readonly OrderTrigger['type'][];

export const claimTriggerTypes = [
  'ClaimOpened',
  'ClaimAccepted',
  'EvidenceRequested',
  'ClaimAssessed',
  'ClaimClosed',
  'ClaimAssigned',
  'ClaimSlaOverdue',
] as const satisfies readonly ClaimTrigger['type'][];

export const stageLabels: Record<SlaStage, string> = { accept: '受理', close: '结案' };

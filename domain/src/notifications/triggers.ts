import type { ClaimEvent, SlaStage } from '../claims/claim.events.ts';
import type { OrderEvent } from '../ordering/order.events.ts';

/**
 * The events notifications are made from. The payment and document events are written here as their
 * contracts name them (the payments and documents slices own them): the mapping is tested with
 * hand-written events and works unchanged once those slices append them.
 */
export type PaymentDue = { tradeNo: string; amount: number; dueAt: string };
export type OrderInsuredWithPayment = Extract<OrderEvent, { type: 'OrderInsured' }> & {
  data: { payment?: PaymentDue };
};
export type PaymentConfirmed = {
  type: 'PaymentConfirmed';
  data: {
    orderId: string;
    tradeNo: string;
    amount: number;
    paidAt: string;
    providerTradeNo: string;
    via: 'notify' | 'reconciliation';
  };
};
export type PaymentLapsed = {
  type: 'PaymentLapsed';
  data: { orderId: string; tradeNo: string; lapsedAt: string; quoteValid: boolean };
};
export type PolicyDocumentIssued = {
  type: 'PolicyDocumentIssued';
  data: { orderId: string; documentId: string; policyNo: string; issuedAt: string };
};

type Pick<U, T extends string> = Extract<U, { type: T }>;

/** Order events that make a notification, schedule a check or tell the reactor about the order. */
export type OrderTrigger =
  | Pick<OrderEvent, 'OrderDraftSaved' | 'QuotingCompleted' | 'InsurerQuoteRecorded' | 'PolicyUnderwritten'>
  | Pick<OrderEvent, 'PolicyTookEffect'>
  | OrderInsuredWithPayment
  | PaymentConfirmed
  | PaymentLapsed
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

import { illegalState, notFound } from '../shared/errors.ts';
import { mayBuyFrom, refuse, type OrderActor } from './guards.ts';
import { orderMessages } from './messages.ts';
import type { Order, OrderEvent } from './order.events.ts';
import {
  confirmedTexts,
  currentTexts,
  purchaseTermsMessages,
  type CurrentTerms,
  type ReadText,
  type RequestOrigin,
} from './purchaseTerms.ts';

/**
 * The 投保前阅读确认's part of the order decider (docs/api/disclosure.md). `current` is the versions in force,
 * read by the handling from the text streams; the route passes the caller's address and User-Agent.
 */
type Meta = { now: Date } & OrderActor;
export type ShowPurchaseTerms = {
  type: 'ShowPurchaseTerms';
  data: { insurerId: number; current: CurrentTerms } & RequestOrigin;
  metadata: Meta;
};
export type ConfirmPurchaseTerms = {
  type: 'ConfirmPurchaseTerms';
  data: { insurerId: number; texts: ReadText[]; current: CurrentTerms } & RequestOrigin;
  metadata: Meta;
};
export type PurchaseTermsCommand = ShowPurchaseTerms | ConfirmPurchaseTerms;

/** The texts a buyer from this insurer reads now: whoever may buy from it (everything but the terms) may read them. */
const textsInForce = (order: Order, insurerId: number, meta: Meta, current: CurrentTerms) => {
  refuse(mayBuyFrom(order, insurerId, meta, meta.now));
  if (!('lines' in order)) throw notFound(orderMessages.notFound); // unreachable: mayBuyFrom found its plan
  const texts = currentTexts(order.lines, current);
  if (!texts) throw illegalState(purchaseTermsMessages.unavailable);
  const progress = order.insurers.find((p) => p.request.insurerId === insurerId);
  return { order, texts, insurerName: progress?.request.insurerName ?? '' };
};

export const decidePurchaseTerms = (command: PurchaseTermsCommand, state: Order): OrderEvent[] => {
  const { data, metadata } = command;
  const { order, texts, insurerName } = textsInForce(state, data.insurerId, metadata, data.current);
  const at = metadata.now.toISOString();
  const origin = { ip: data.ip, userAgent: data.userAgent };
  if (command.type === 'ShowPurchaseTerms')
    return [
      {
        type: 'PurchaseTermsShown',
        data: {
          orderId: order.orderId,
          insurerId: data.insurerId,
          texts,
          shownAt: at,
          shownTo: metadata.actor,
          ...origin,
        },
      },
    ];
  return [
    {
      type: 'PurchaseTermsConfirmed',
      data: {
        orderId: order.orderId,
        insurerId: data.insurerId,
        insurerName,
        texts: confirmedTexts(command.data.texts, texts),
        confirmedBy: metadata.actor,
        confirmedAt: at,
        ...origin,
      },
    },
  ];
};

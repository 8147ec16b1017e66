import {
  insurerComplete,
  insurerQuotedAll,
  OrderState,
  totalPremium,
  type InsurerProgress,
  type OrderEvent,
  type PlanLine,
} from '@feibao/domain';
import { defineProjection, documentCollection, type PoolClient, type RecordedEvent } from '@feibao/platform';
import { ORDER_LIST, ORDERS, type InsurerQuoteSummary, type OrderDocument, type StoredOrderListRow } from './orderDocument.ts';

export const orders = documentCollection<OrderDocument>(ORDERS);
export const orderList = documentCollection<StoredOrderListRow>(ORDER_LIST);

const summarise = (progress: InsurerProgress, lines: PlanLine[]): InsurerQuoteSummary => {
  const complete = insurerComplete(progress, lines);
  const waiting = lines.some((l) => progress.answers[l.key]?.kind === 'manual');
  const quotedAll = insurerQuotedAll(progress, lines);
  return {
    insuranceCompanyId: progress.request.insurerId,
    insuranceCompanyName: progress.request.insurerName,
    requestId: progress.request.requestId,
    status: progress.timedOut ? 'timed-out' : complete ? 'answered' : waiting ? 'waiting-verification' : 'requested',
    requestedAt: progress.request.requestedAt,
    answerDueAt: progress.request.answerDueAt,
    deadlineAt: progress.request.deadlineAt,
    total: quotedAll ? totalPremium(progress, lines) : null,
    quotedAll,
    answers: progress.answers,
  };
};

/** Rebuild the per-insurer summaries from answers kept on the document. */
const progressOf = (doc: OrderDocument): InsurerProgress[] =>
  doc.insurers.map((s) => ({
    request: {
      requestId: s.requestId,
      insurerId: s.insuranceCompanyId,
      insurerName: s.insuranceCompanyName,
      requestedAt: s.requestedAt,
      answerDueAt: s.answerDueAt,
      deadlineAt: s.deadlineAt,
    },
    answers: s.answers,
    timedOut: s.status === 'timed-out',
  }));

const resummarise = (doc: OrderDocument, progress: InsurerProgress[]): OrderDocument => ({
  ...doc,
  insurers: progress.map((p) => summarise(p, doc.lines)),
});

const deviceNumbers = (doc: OrderDocument) =>
  doc.form.uavInfoList
    .map((d) => d.deviceNumber ?? '')
    .filter(Boolean)
    .join(',');

export const rowOf = (doc: OrderDocument): StoredOrderListRow => ({
  id: doc.id,
  orderNo: doc.orderNo,
  orderTime: doc.orderTime,
  userName: doc.userName,
  orderType: doc.orderType,
  state: doc.state,
  policyNo: doc.policyNo,
  startDate: doc.startDate,
  endDate: doc.endDate,
  insuranceCompanyId: doc.insuranceCompanyId,
  insuranceCompanyName: doc.insuranceCompanyName,
  totalPremium: doc.totalPremium,
  deviceNumber: deviceNumbers(doc),
});

/** Pure: the next document for an event. Uses only event data, so replays are identical. */
export const evolveOrderDocument = (doc: OrderDocument | null, event: OrderEvent): OrderDocument | null => {
  switch (event.type) {
    case 'OrderDraftSaved':
      return {
        ...(doc ?? {
          id: event.data.orderId,
          orderNo: event.data.orderNo,
          orderTime: event.data.savedAt,
          userName: event.data.owner,
          state: OrderState.awaitingInquiry,
          round: 0,
          lines: [],
          insurers: [],
          policyNo: null,
          startDate: null,
          endDate: null,
          insuranceCompanyId: null,
          insuranceCompanyName: null,
          totalPremium: null,
          revokeReason: null,
          revokeReasonTxt: null,
        }),
        orderType: event.data.orderType,
        form: event.data.form,
        updatedAt: event.data.savedAt,
      };
    case 'InquiryRequested':
      if (!doc) return doc;
      return resummarise(
        {
          ...doc,
          state: OrderState.quoting,
          round: event.data.round,
          form: event.data.form,
          lines: event.data.lines,
          revokeReason: null,
          revokeReasonTxt: null,
          updatedAt: event.data.requestedAt,
        },
        event.data.requests.map((request) => ({ request, answers: {}, timedOut: false })),
      );
    case 'InsurerQuoteRecorded':
      if (!doc) return doc;
      return resummarise(
        { ...doc, updatedAt: event.data.recordedAt },
        progressOf(doc).map((p) =>
          p.request.requestId === event.data.requestId
            ? { ...p, answers: { ...p.answers, ...Object.fromEntries(event.data.answers.map((a) => [a.key, a])) } }
            : p,
        ),
      );
    case 'InsurerQuoteTimedOut':
      if (!doc) return doc;
      return resummarise(
        { ...doc, updatedAt: event.data.timedOutAt },
        progressOf(doc).map((p) => (p.request.requestId === event.data.requestId ? { ...p, timedOut: true } : p)),
      );
    case 'QuotingCompleted':
      return doc && { ...doc, state: OrderState.quoted, updatedAt: event.data.completedAt };
    case 'InquiryRevoked':
      return doc && {
        ...doc,
        state: OrderState.awaitingInquiry,
        lines: [],
        insurers: [],
        revokeReason: event.data.revokeReason,
        revokeReasonTxt: event.data.revokeReasonTxt,
        updatedAt: event.data.revokedAt,
      };
    case 'PlanReset':
      return doc && { ...doc, state: OrderState.awaitingInquiry, lines: [], insurers: [], updatedAt: event.data.resetAt };
    case 'PlanLineDeleted':
      if (!doc) return doc;
      return resummarise({ ...doc, lines: doc.lines.filter((l) => l.key !== event.data.key), updatedAt: event.data.deletedAt }, progressOf(doc));
    case 'OrderInsured':
      return doc && {
        ...doc,
        state: OrderState.insured,
        insuranceCompanyId: event.data.insurerId,
        insuranceCompanyName: event.data.insurerName,
        totalPremium: event.data.totalPremium,
        updatedAt: event.data.insuredAt,
      };
    case 'PolicyUnderwritten':
      return doc && {
        ...doc,
        state: OrderState.underwritten,
        policyNo: event.data.policyNo,
        startDate: event.data.startDate,
        endDate: event.data.endDate,
        updatedAt: event.data.underwrittenAt,
      };
    case 'PolicyTookEffect':
      return doc && { ...doc, state: OrderState.inForce, updatedAt: event.data.at };
    case 'PolicyLapsed':
      return doc && { ...doc, state: OrderState.lapsed, updatedAt: event.data.at };
  }
};

/** One read and one write per table for a whole batch, however many events touch an order. */
const applyOrderEvents = async (events: RecordedEvent[], client: PoolClient) => {
  const docs = orders.batch(client);
  const rows = orderList.batch(client);
  await docs.load(events.map((event) => String(event.data.orderId)));
  for (const event of events) {
    const orderId = String(event.data.orderId);
    let next: OrderDocument | null = null;
    docs.update(orderId, (doc) => (next = evolveOrderDocument(doc, { type: event.type, data: event.data } as OrderEvent)));
    if (next) rows.put(orderId, rowOf(next));
  }
  await docs.flush();
  await rows.flush();
};

export const orderProjection = defineProjection({
  name: 'orders',
  version: 1,
  collections: [orders, orderList],
  eventTypes: [
    'OrderDraftSaved',
    'InquiryRequested',
    'InsurerQuoteRecorded',
    'InsurerQuoteTimedOut',
    'QuotingCompleted',
    'InquiryRevoked',
    'PlanReset',
    'PlanLineDeleted',
    'OrderInsured',
    'PolicyUnderwritten',
    'PolicyTookEffect',
    'PolicyLapsed',
  ],
  handle: (event: RecordedEvent, client: PoolClient) => applyOrderEvents([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyOrderEvents(events, client),
});

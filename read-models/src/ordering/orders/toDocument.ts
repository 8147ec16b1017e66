import { insurerComplete, insurerQuotedAll, totalPremium } from '@feibao/domain/ordering/quoting';
import { isOpenStatus, storedDeskStatus } from '@feibao/domain/ordering/quoteDesk';
import { stateNumber, type InsurerProgress, type Order } from '@feibao/domain/ordering/order.events';
import type { PlanLine } from '@feibao/domain/ordering/plan';
import { storedPayment } from '@feibao/domain/payments/status';
import type { InsurerQuoteSummary, OrderDocument, StoredOrderListRow } from './orderDocument.ts';

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
    validUntil: progress.validUntil ?? null,
    attempt: progress.request.attempt ?? 0,
    answers: progress.answers,
    deskStatus: storedDeskStatus(progress, lines),
  };
};

/** ISO instants of one format compare as strings. */
const nextDeadline = (insurers: InsurerQuoteSummary[]) =>
  insurers
    .filter((i) => isOpenStatus(i.deskStatus))
    .map((i) => i.deadlineAt)
    .sort()[0] ?? null;

/**
 * Pure: the stored document for an order state (the domain's `evolveOrder` decides every
 * transition; this only shapes it for the screens). `updatedAt` is the time of the last event.
 * The state itself is kept on the document so the projection can evolve it further.
 */
export const toDocument = (order: Order, updatedAt: string): OrderDocument | null => {
  const state = stateNumber(order);
  if (order.status === 'none' || state === null) return null;
  const lines = 'lines' in order ? order.lines : [];
  const insurers = 'insurers' in order ? order.insurers.map((p) => summarise(p, lines)) : [];
  return {
    id: order.orderId,
    orderNo: order.orderNo,
    orderTime: order.createdAt,
    userName: order.owner,
    orderType: order.orderType,
    state,
    round: order.round,
    form: order.form,
    lines,
    insurers,
    // Only orders still being quoted or quoted wait for anyone.
    nextDeadlineAt: order.status === 'quoting' || order.status === 'quoted' ? nextDeadline(insurers) : null,
    policyNo: 'policyNo' in order ? order.policyNo : null,
    startDate: 'startDate' in order ? order.startDate : null,
    endDate: 'endDate' in order ? order.endDate : null,
    insuranceCompanyId: 'insurer' in order ? order.insurer.id : null,
    insuranceCompanyName: 'insurer' in order ? order.insurer.name : null,
    totalPremium: 'totalPremium' in order ? order.totalPremium : null,
    revokeReason: order.status === 'awaitingInquiry' ? (order.revoked?.reason ?? null) : null,
    revokeReasonTxt: order.status === 'awaitingInquiry' ? (order.revoked?.reasonTxt ?? null) : null,
    payment: storedPayment(order),
    policyVersion: 'policyNo' in order ? (order.version ?? 1) : null,
    pendingChange: 'pendingChange' in order ? (order.pendingChange?.kind ?? null) : null,
    renewalOf: order.renewalOf ?? null,
    renewedBy: 'renewedBy' in order ? (order.renewedBy ?? null) : null,
    requirements: order.requirements ?? null,
    updatedAt,
    order,
  };
};

const deviceNumbers = (doc: OrderDocument) =>
  doc.form.uavInfoList
    .map((d) => d.deviceNumber ?? '')
    .filter(Boolean)
    .join(',');

/** The order list row of a document; the actions depend on the time of reading, so the reader adds them. */
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
  payment: doc.payment ?? null,
  policyVersion: doc.policyVersion ?? (doc.policyNo ? 1 : null),
  pendingChange: doc.pendingChange ?? null,
  renewalOf: doc.renewalOf ?? null,
  renewedBy: doc.renewedBy ?? null,
});

import { cancellationReasonLabel } from './cancellation.events.ts';
import type { CancellationView } from './cancellation.wire.ts';
import type { Order } from './order.events.ts';

/** The order's latest 退保 for the details and the back office (null when none was asked for). */
export const cancellationView = (order: Order): CancellationView | null => {
  if (order.status === 'none' || !('cancellationRequest' in order) || !order.cancellationRequest) return null;
  const r = order.cancellationRequest;
  const refunds = (order.payments?.refunds ?? []).filter((x) => x.reason === 'cancellation');
  const refundStatus =
    r.status !== 'approved' || refunds.length === 0
      ? 'none'
      : refunds.every((x) => x.refundedAt !== null)
        ? 'refunded'
        : 'pending';
  return {
    cancellationId: r.cancellationId,
    status: r.status,
    reason: r.reason,
    reasonLabel: cancellationReasonLabel(r.reason),
    reasonTxt: r.reasonTxt,
    effectiveDate: r.effectiveDate,
    requestedAt: r.requestedAt,
    dueAt: r.dueAt,
    decisionReason: r.decisionReason,
    decidedAt: r.decidedAt,
    terms: r.terms,
    refundStatus,
  };
};

import type { CancellationEvent, CancellationRequestState } from './cancellation.events.ts';
import type { Order } from './order.events.ts';

type PolicyOrder = Extract<Order, { status: 'underwritten' | 'inForce' }>;
const policyOf = (state: Order): PolicyOrder | null =>
  state.status === 'underwritten' || state.status === 'inForce' ? state : null;

/** The order's fold of the cancellation events; PolicyCancelled is folded in order.events.ts. */
export const evolveCancellation = (state: Order, event: CancellationEvent): Order => {
  const order = policyOf(state);
  if (!order) return state;
  switch (event.type) {
    case 'CancellationRequested': {
      const { orderId: _id, auto: _auto, ...request } = event.data;
      return {
        ...order,
        pendingChange: { kind: 'cancellation', id: request.cancellationId, requestedAt: request.requestedAt },
        cancellationRequest: {
          ...request,
          status: 'pending',
          dueAt: null,
          decidedBy: null,
          decisionReason: null,
          decidedAt: null,
        },
      };
    }
    case 'CancellationReferred': {
      const request = order.cancellationRequest;
      if (request?.cancellationId !== event.data.cancellationId) return state;
      return { ...order, cancellationRequest: { ...request, dueAt: event.data.dueAt } };
    }
    case 'CancellationDeclined': {
      const request = order.cancellationRequest;
      if (request?.cancellationId !== event.data.cancellationId) return state;
      return {
        ...order,
        pendingChange: order.pendingChange?.id === event.data.cancellationId ? null : (order.pendingChange ?? null),
        cancellationRequest: {
          ...request,
          status: 'declined',
          decidedBy: event.data.by,
          decisionReason: event.data.reason,
          decidedAt: event.data.declinedAt,
        },
      };
    }
  }
};

/** The request as PolicyCancelled settles it (who approved it, when). */
export const approvedRequest = (
  request: CancellationRequestState | null | undefined,
  cancellationId: string,
  approvedBy: string,
  at: string,
  note: string | null,
): CancellationRequestState | null =>
  request && request.cancellationId === cancellationId
    ? { ...request, status: 'approved', decidedBy: approvedBy, decisionReason: note, decidedAt: at }
    : (request ?? null);

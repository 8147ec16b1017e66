import type { OrderEvent } from '@feibao/domain/ordering/order.events';
import { metricsFor } from '@feibao/platform/metrics';

type Requests = { insurers?: { request: { requestId: string; insurerName: string; requestedAt: string } }[] };

/**
 * Observes quote_turnaround_seconds for the insurer answers and time-outs among `events`, from
 * the request's requestedAt (kept across re-sends) in the order state the command left. Called
 * where answers are recorded (the insurer worker; a manual entry may call it too).
 */
export const observeQuoteTurnaround = (events: readonly { type: string; data: unknown }[], state: unknown) => {
  const insurers = (state as Requests).insurers ?? [];
  for (const event of events as OrderEvent[]) {
    const at =
      event.type === 'InsurerQuoteRecorded'
        ? event.data.recordedAt
        : event.type === 'InsurerQuoteTimedOut'
          ? event.data.timedOutAt
          : null;
    if (!at || !('requestId' in event.data)) continue;
    const requestId = event.data.requestId;
    const request = insurers.find((p) => p.request.requestId === requestId)?.request;
    if (!request) continue;
    const seconds = (Date.parse(at) - Date.parse(request.requestedAt)) / 1000;
    if (!(seconds >= 0)) continue;
    metricsFor().quoteTurnaround.observe(
      { insurer: request.insurerName, outcome: event.type === 'InsurerQuoteRecorded' ? 'answered' : 'timed_out' },
      seconds,
    );
  }
};

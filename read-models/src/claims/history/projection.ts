import { claimEventTypes, type ClaimEvent } from '@feibao/domain/claims/claim.events';
import { claimHistoryEntries, type HistoryEntry } from '@feibao/domain/claims/history';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient } from '@feibao/platform/db';

export const CLAIM_HISTORY = 'claim_history';

/** The history rows of one claim event; `position` is the event's place in the claim's stream. */
export type ClaimHistoryDocument = { claimId: string; position: number; entries: HistoryEntry[] };

export const claimHistory = documentCollection<ClaimHistoryDocument>(CLAIM_HISTORY);

/**
 * One document per event, keyed by the claim and the event's stream position: a replay
 * rewrites the same documents instead of appending the rows twice. The rows come from the
 * domain's `claimHistoryEntries`, so the history is the event stream and nothing else.
 */
const historyId = (claimId: string, position: number) => `${claimId}:${position}`;

const applyHistory = async (events: RecordedEvent[], client: PoolClient) => {
  const docs = claimHistory.batch(client);
  for (const event of events) {
    const claimId = String(event.data.claimId);
    const entries = claimHistoryEntries({ type: event.type, data: event.data } as ClaimEvent, event.streamPosition);
    docs.put(historyId(claimId, event.streamPosition), { claimId, position: event.streamPosition, entries });
  }
  await docs.flush();
};

export const claimHistoryProjection = defineProjection({
  name: 'claim_history',
  version: 1,
  collections: [claimHistory],
  eventTypes: [...claimEventTypes],
  handle: (event: RecordedEvent, client: PoolClient) => applyHistory([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyHistory(events, client),
});

import { claimEventTypes, evolveClaim, initialClaim, type ClaimEvent } from '@feibao/domain/claims/claim.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient } from '@feibao/platform/db';
import { claimPictures, syncPictures } from '../pictures/projection.ts';
import { CLAIM_LIST, CLAIMS, type ClaimDocument, type StoredClaimListRow } from './claimDocument.ts';
import { rowOf, toDocument } from './toDocument.ts';

export const claims = documentCollection<ClaimDocument>(CLAIMS);
export const claimList = documentCollection<StoredClaimListRow>(CLAIM_LIST);

/** Pure: the next document for an event, by the domain's own transitions; event data only, so replays are identical. */
export const evolveClaimDocument = (doc: ClaimDocument | null, event: ClaimEvent): ClaimDocument | null =>
  toDocument(evolveClaim(doc?.claim ?? initialClaim(), event), event.data.at);

/**
 * One read and one write per table for a whole batch, however many events touch a claim.
 * The claim's pictures are synced from the same evolved state (see ../pictures/projection.ts).
 */
const applyClaimEvents = async (events: RecordedEvent[], client: PoolClient) => {
  const docs = claims.batch(client);
  const rows = claimList.batch(client);
  const pictures = claimPictures.batch(client);
  await docs.load(events.map((event) => String(event.data.claimId)));
  for (const event of events) {
    const claimId = String(event.data.claimId);
    const claimEvent = { type: event.type, data: event.data } as ClaimEvent;
    const before = docs.get(claimId)?.claim ?? null;
    const after = evolveClaim(before ?? initialClaim(), claimEvent);
    const next = toDocument(after, claimEvent.data.at);
    if (next) {
      docs.put(claimId, next);
      rows.put(claimId, rowOf(next));
    } else if (before) {
      docs.remove(claimId);
      rows.remove(claimId);
    }
    syncPictures(pictures, claimEvent, before, after.status === 'none' ? null : after);
  }
  await docs.flush();
  await rows.flush();
  await pictures.flush();
};

export const claimProjection = defineProjection({
  name: 'claims',
  // 2: assignment and the desk's stage fields (documents and list rows rebuilt).
  // 3: `overdue` is the current stage's lateness only, so a claim accepted late leaves the overdue queue.
  version: 3,
  collections: [claims, claimList, claimPictures],
  eventTypes: [...claimEventTypes],
  handle: (event: RecordedEvent, client: PoolClient) => applyClaimEvents([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyClaimEvents(events, client),
});

import { assertNever } from '@feibao/domain/shared/decider';
import { opsEventTypes, type OpsEvent } from '@feibao/domain/ops/operations';
import type { OpsActionPage, OpsActionRow } from '@feibao/domain/ops/api';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient, Queryable } from '@feibao/platform/db';

export type OpsActionDocument = OpsActionRow & { position: number };

export const opsActions = documentCollection<OpsActionDocument>('ops_actions');

const describe = (event: OpsEvent): Pick<OpsActionRow, 'target' | 'detail'> => {
  switch (event.type) {
    case 'ProjectionRetried':
      return { target: event.data.name, detail: event.data.lastError?.split('\n')[0] ?? '' };
    case 'ProjectionEventSkipped':
      return {
        target: event.data.name,
        detail: `#${event.data.position} ${event.data.eventType} (${event.data.streamId})`,
      };
    case 'QueueJobRetried':
    case 'QueueJobRemoved':
      return { target: event.data.queue, detail: `${event.data.jobName} #${event.data.jobId}` };
    default:
      return assertNever(event);
  }
};

/** One document per action, keyed by its global position: a replay rewrites the same rows. */
const apply = async (events: RecordedEvent[], client: PoolClient) => {
  const docs = opsActions.batch(client);
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as OpsEvent;
    const id = String(recorded.globalPosition);
    docs.put(id, {
      id,
      position: recorded.globalPosition,
      kind: event.type,
      ...describe(event),
      by: event.data.by,
      reason: event.data.reason,
      at: event.data.at,
    });
  }
  await docs.flush();
};

export const opsActionsProjection = defineProjection({
  name: 'ops_actions',
  version: 1,
  collections: [opsActions],
  eventTypes: [...opsEventTypes],
  handle: (event: RecordedEvent, client: PoolClient) => apply([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => apply(events, client),
});

export const opsActionReader = (db: Queryable) => ({
  /** Newest first, over ops_actions_by_position. */
  async page(page: number, pageSize: number): Promise<OpsActionPage> {
    const [count, rows] = await Promise.all([
      db.query(`SELECT count(*)::int AS total FROM ops_actions`),
      db.query(`SELECT data FROM ops_actions ORDER BY position DESC LIMIT $1 OFFSET $2`, [
        pageSize,
        (page - 1) * pageSize,
      ]),
    ]);
    return {
      total: count.rows[0].total,
      rows: rows.rows.map(({ data }: { data: OpsActionDocument }) => {
        const { position: _position, ...row } = data;
        return row;
      }),
    };
  },
});

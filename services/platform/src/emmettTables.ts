/**
 * Every SQL statement of ours that touches Emmett's own tables (emt_messages, emt_streams…).
 * Emmett owns their layout and may change it in any release, so nothing else in the
 * platform may name them: an upgrade of @event-driven-io/emmett-postgresql is checked here
 * and by tests/int/emmett-tables.int.spec.ts, which is pinned to the version below.
 * Why we read the store ourselves: docs/adr/0001-own-projection-runner.md.
 */

/** The emmett-postgresql release these statements were last checked against. */
export const EMMETT_POSTGRESQL_CHECKED_VERSION = '0.42.0';

/** Where appended events live: the default partition, not archived, kind 'E' (events). */
const LIVE_EVENT = `partition = 'emt:default' AND is_archived = FALSE AND message_kind = 'E'`;
const LIVE_EVENT_M = `m.partition = 'emt:default' AND m.is_archived = FALSE AND m.message_kind = 'E'`;

export const EmmettSql = {
  /**
   * A projection batch after checkpoint ($1 xid8, $2 position), at most $3 events, in
   * (transaction id, position) order; only transactions older than every running one.
   * $4: the types read in full (null: all); other events come back with position and type.
   * The ids, positions and types come from an index-only scan of feibao_emt_messages_by_commit;
   * only wanted events are read from the table.
   */
  readBatch: `WITH batch AS (
       SELECT transaction_id, global_position, message_type FROM emt_messages
        WHERE ${LIVE_EVENT}
          AND (transaction_id, global_position) > ($1::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, global_position
        LIMIT $3)
     SELECT b.transaction_id::text AS transaction_id, b.global_position, b.message_type,
            m.stream_id, m.stream_position, m.message_data, m.created, m.request_id
       FROM batch b
       -- OFFSET 0 keeps the subquery from being flattened, so the test on b.message_type
       -- gates the table read (a One-Time Filter) instead of filtering after it.
       LEFT JOIN LATERAL (
         SELECT stream_id, stream_position, message_data, created, message_metadata ->> 'requestId' AS request_id FROM emt_messages m
          WHERE m.global_position = b.global_position AND m.partition = 'emt:default' AND m.is_archived = FALSE
            AND ($4::text[] IS NULL OR b.message_type = ANY($4::text[]))
         OFFSET 0) m ON TRUE
      ORDER BY b.transaction_id, b.global_position`,

  /**
   * Projection $1's state without taking a lock: running, heartbeat older than $2 ms,
   * `ready` (visible events past its checkpoint), `pending` (events past it at all).
   */
  peekProjection: `SELECT p.status = 'running' AS running,
            p.heartbeat_at IS NULL OR p.heartbeat_at < now() - $2 * interval '1 millisecond' AS heartbeat_due,
            EXISTS (SELECT 1 FROM emt_messages m
                     WHERE ${LIVE_EVENT_M}
                       AND (m.transaction_id, m.global_position) > (p.position_xid, p.position)
                       AND m.transaction_id < pg_snapshot_xmin(pg_current_snapshot())) AS ready,
            EXISTS (SELECT 1 FROM emt_messages m
                     WHERE ${LIVE_EVENT_M}
                       AND (m.transaction_id, m.global_position) > (p.position_xid, p.position)) AS pending
       FROM feibao_projections p WHERE p.name = $1`,

  /**
   * For each read-your-writes token in $1 (a global position), whether every projection of its
   * scope in $2 (projection names joined by commas; NULL: every projection) holds everything up
   * to that event: its checkpoint is at or past the event's (transaction id,
   * position), or no event of its types lies between the two. The second half is what lets a
   * read go as soon as the projections that care have applied the write, instead of waiting for
   * every projection's loop to step past events it ignores (docs/adr/0011). A projection with no
   * recorded types counts every event. A token naming no event holds nothing back. Uses
   * feibao_emt_messages_by_position for the token and an index-only range of
   * feibao_emt_messages_by_commit per projection behind it.
   */
  tokensCaughtUp: `SELECT t.token, t.scope, NOT EXISTS (
                SELECT 1 FROM feibao_projections p
                 WHERE (t.scope IS NULL OR p.name = ANY(string_to_array(t.scope, ',')))
                   AND (p.position_xid, p.position) < (m.transaction_id, m.global_position)
                   AND (p.event_types IS NULL OR EXISTS (
                         SELECT 1 FROM emt_messages e
                          WHERE e.partition = 'emt:default' AND e.is_archived = FALSE AND e.message_kind = 'E'
                            AND (e.transaction_id, e.global_position) > (p.position_xid, p.position)
                            AND (e.transaction_id, e.global_position) <= (m.transaction_id, m.global_position)
                            AND e.message_type = ANY(p.event_types)))) AS done
         FROM unnest($1::bigint[], $2::text[]) AS t(token, scope)
         LEFT JOIN emt_messages m ON m.global_position = t.token AND m.partition = 'emt:default'`,

  /**
   * Every projection's lag (operations console): how many events of its types lie after its
   * checkpoint (counted up to $1, so a rebuild's backlog stays cheap to show) and when the
   * oldest of them was stored. Both walk feibao_emt_messages_by_commit from the checkpoint.
   */
  projectionLag: `SELECT p.name,
            (SELECT count(*) FROM (
               SELECT 1 FROM emt_messages m
                WHERE ${LIVE_EVENT_M}
                  AND (m.transaction_id, m.global_position) > (p.position_xid, p.position)
                  AND (p.event_types IS NULL OR m.message_type = ANY(p.event_types))
                LIMIT $1) behind)::int AS lag_events,
            (SELECT m.created FROM emt_messages m
              WHERE ${LIVE_EVENT_M}
                AND (m.transaction_id, m.global_position) > (p.position_xid, p.position)
                AND (p.event_types IS NULL OR m.message_type = ANY(p.event_types))
              ORDER BY m.transaction_id, m.global_position LIMIT 1) AS oldest_unapplied,
            now() AS read_at
       FROM feibao_projections p ORDER BY p.name`,

  /**
   * One command's append as one autocommit statement (append.ts): Emmett's own
   * emt_append_to_stream writes the rows, positions and transaction id exactly as its
   * appendToStream would, without the BEGIN and COMMIT round trips around it.
   * $1 message ids, $2 data, $3 metadata, $4 schema versions, $5 types, $6 kinds ('E'),
   * $7 stream id, $8 stream type, $9 expected stream position (0: no stream yet, NULL: any).
   * A first write that finds the stream fails on emt_streams' key (23505); a later one
   * whose position moved answers success = false.
   */
  appendToStream: `SELECT success, next_stream_position, global_positions
       FROM emt_append_to_stream($1::text[], $2::jsonb[], $3::jsonb[], $4::text[], $5::text[], $6::text[],
                                 $7::text, $8::text, $9::bigint, 'emt:default')`,

  /** The events of the streams in $1 (text[]), in stream order: what Emmett's readStream selects. */
  readStreams: `SELECT stream_id, stream_position, global_position, message_data, message_metadata, message_type, message_id
       FROM emt_messages
      WHERE stream_id = ANY($1::text[]) AND partition = 'emt:default' AND is_archived = FALSE
      ORDER BY stream_id, stream_position`,

  /** The store answers (health). */
  probe: `SELECT 1 FROM emt_messages LIMIT 1`,

  /** Events stored, archived or not (rebuild report). */
  countEvents: `SELECT count(*)::bigint AS events FROM emt_messages`,
  /** Streams under the prefix $1 holding an event of type $2 (every defined rule: stage ranks, pool pieces, 规则迁移's copy). Rare and staff-only, so unindexed. */
  streamsWithEvent: `SELECT DISTINCT stream_id FROM emt_messages WHERE ${LIVE_EVENT} AND starts_with(stream_id, $1) AND message_type = $2`,
} as const;

/**
 * Our objects on Emmett's tables, created by migration 0002 (services/platform/migrations).
 * Frozen: an applied migration's text may not change, so a new definition is a new constant
 * and a new migration.
 */
export const EmmettDdlV1 = {
  /** Wakes the projection runner (LISTEN on this channel) once per appending statement. */
  notifyChannel: 'feibao_events_appended',
  notifyTrigger: `
    CREATE OR REPLACE FUNCTION feibao_notify_appended() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_notify('feibao_events_appended', '');
      RETURN NULL;
    END $$ LANGUAGE plpgsql;
    DROP TRIGGER IF EXISTS feibao_events_appended ON emt_messages;
    CREATE TRIGGER feibao_events_appended AFTER INSERT ON emt_messages
      FOR EACH STATEMENT EXECUTE FUNCTION feibao_notify_appended();`,
  /**
   * Emmett 0.42 indexes emt_messages only by (stream_id, stream_position). Without the first
   * index every readBatch is a full scan and sort of the store (≈ 2 s per batch at a million
   * events); it covers every column the batch filter reads. The second finds a read-your-writes
   * token's transaction. feibao_emt_messages_global_position was an earlier name of it.
   */
  eventIndexes: `
    CREATE INDEX IF NOT EXISTS feibao_emt_messages_by_commit ON emt_messages (transaction_id, global_position)
      INCLUDE (message_type, partition, is_archived, message_kind);
    CREATE INDEX IF NOT EXISTS feibao_emt_messages_by_position ON emt_messages (global_position);
    DROP INDEX IF EXISTS feibao_emt_messages_global_position;`,
} as const;

/**
 * Migration 0017: the append trigger's NOTIFY is gone. PostgreSQL serialises the commits of
 * every transaction that notifies (a global lock held through the commit's WAL flush), so a
 * NOTIFY inside each append capped appends at one WAL flush each: 250–720 appends/s at 32
 * clients against 1,800–2,800 without it. Appenders now wake the runners after their commit,
 * coalesced (append.ts `wakeProjections`), on the same channel.
 */
export const EmmettDdlV2 = {
  dropNotifyTrigger: `
    DROP TRIGGER IF EXISTS feibao_events_appended ON emt_messages;
    DROP FUNCTION IF EXISTS feibao_notify_appended();`,
} as const;

import pg from 'pg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { allProjections } from '@feibao/read-models/projections';
import { createProjectionRunner, rebuildProjections } from '@feibao/platform/projections/runner';

/**
 * What must hold after any fault, read from the stores themselves: the event store is the truth,
 * read models must equal a rebuild from it, and the work the events asked for must have happened
 * exactly once.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Every read-model table, row by row, in a stable order; without the bookkeeping columns a rebuild
 * rewrites (write time, and a write count that depends on how events were batched).
 */
const dumpReadModels = async (pool: pg.Pool) => {
  const dump: Record<string, string[]> = {};
  for (const projection of allProjections)
    for (const collection of projection.collections) {
      const { rows } = await pool.query(
        `SELECT (to_jsonb(t) - '_created' - '_updated' - '_version')::text AS row FROM "${collection.name}" t`,
      );
      dump[collection.name] = rows.map((r) => r.row as string).sort();
    }
  return dump;
};

/** Waits until no projection has events left to apply (the projector caught up). */
export const projectionsCaughtUp = async (pool: pg.Pool, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query(
      `SELECT p.name FROM feibao_projections p
        WHERE p.status <> 'running' OR EXISTS (SELECT 1 FROM emt_messages m WHERE m.is_archived = FALSE
              AND (m.transaction_id, m.global_position) > (p.position_xid, p.position))`,
    );
    if (rows.length === 0) return;
    if (Date.now() > deadline) throw new Error(`projections behind: ${rows.map((r) => r.name).join(', ')}`);
    await sleep(200);
  }
};

/**
 * Compares every read model with a rebuild from the events, with the workers stopped (the rebuild
 * is what `npm run projections:rebuild` runs). Answers the tables that differ.
 */
export const readModelsEqualRebuild = async (databaseUrl: string) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    // A job the stopping workers finished may have appended after the projector stopped: the live
    // read models first take what is left incrementally, as the next start of the workers would.
    await createProjectionRunner(pool, allProjections).catchUp();
    const live = await dumpReadModels(pool);
    await rebuildProjections(pool, allProjections);
    const rebuilt = await dumpReadModels(pool);
    const differing = Object.keys(live).filter(
      (table) => JSON.stringify(live[table]) !== JSON.stringify(rebuilt[table]),
    );
    const rows = Object.values(live).reduce((n, r) => n + r.length, 0);
    return {
      differing,
      rows,
      sample: differing.map((t) => ({ table: t, live: live[t]!.length, rebuilt: rebuilt[t]!.length })),
    };
  } finally {
    await pool.end();
  }
};

export type StoreFacts = {
  events: number;
  /** Insurer answers recorded more than once for one request (and re-send attempt). */
  duplicateAnswers: string[];
  /** Orders and their states. */
  orders: { id: string; state: number }[];
  /** Pictures whose thumbnail was never made. */
  picturesWithoutThumbnail: string[];
  pictures: number;
  /**
   * Submitted claims not (yet) marked overdue for acceptance: every scenario leaves its claims
   * unaccepted with due times seconds away, so each timer must have fired once the platform settles.
   */
  timersNotFired: string[];
  /** A claim stage marked overdue more than once (two timer runs). */
  timersFiredTwice: string[];
  claims: number;
};

export const readFacts = async (databaseUrl: string): Promise<StoreFacts> => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const events = Number(
      (await pool.query(`SELECT count(*) AS n FROM emt_messages WHERE is_archived = FALSE`)).rows[0].n,
    );
    const duplicates = await pool.query(
      `SELECT stream_id, message_data->'data'->>'requestId' AS request, count(*) AS n FROM emt_messages
        WHERE message_type = 'InsurerQuoteRecorded' AND message_data->'data'->>'source' = 'automatic'
        GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    const orders = await pool.query(`SELECT _id AS id, (data->>'state')::int AS state FROM orders`);
    const pictures = await pool.query(`SELECT _id AS id, data->>'thumbnailAs' AS thumb FROM claim_pictures`);
    // A claim stream: its accept SLA due time from ClaimSubmitted, and whether MarkSlaOverdue recorded it.
    const timers = await pool.query(
      `SELECT s.stream_id FROM emt_messages s
        WHERE s.message_type = 'ClaimSubmitted'
          AND NOT EXISTS (SELECT 1 FROM emt_messages a WHERE a.stream_id = s.stream_id AND a.message_type = 'ClaimAccepted')
          AND NOT EXISTS (SELECT 1 FROM emt_messages o WHERE o.stream_id = s.stream_id AND o.message_type = 'ClaimSlaOverdue')`,
    );
    const twice = await pool.query(
      `SELECT stream_id, message_data->'data'->>'stage' AS stage FROM emt_messages WHERE message_type = 'ClaimSlaOverdue'
        GROUP BY 1, 2, message_data->'data'->>'dueAt' HAVING count(*) > 1`,
    );
    const claims = Number(
      (
        await pool.query(
          `SELECT count(DISTINCT stream_id) AS n FROM emt_messages WHERE message_type = 'ClaimSubmitted'`,
        )
      ).rows[0].n,
    );
    return {
      events,
      duplicateAnswers: duplicates.rows.map((r) => `${r.stream_id} ${r.request} ×${r.n}`),
      orders: orders.rows,
      picturesWithoutThumbnail: pictures.rows.filter((r) => !r.thumb).map((r) => r.id),
      pictures: pictures.rows.length,
      timersNotFired: timers.rows.map((r) => r.stream_id),
      timersFiredTwice: twice.rows.map((r) => `${r.stream_id} ${r.stage}`),
      claims,
    };
  } finally {
    await pool.end();
  }
};

/** Jobs BullMQ holds as failed (retries exhausted): work the platform gave up on. */
export const failedJobs = async (redisUrl: string, prefix: string, queues: string[]) => {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  try {
    const failed: string[] = [];
    for (const name of queues) {
      const queue = new Queue(name, { connection: redis, prefix });
      for (const job of await queue.getFailed()) failed.push(`${name}/${job.id}: ${job.failedReason}`);
      await queue.close();
    }
    return failed;
  } finally {
    redis.disconnect();
  }
};

/**
 * The facts once the platform has finished what it was asked: the claim timers (due within seconds)
 * fired, the pictures processed, and every projection past the last event those appended.
 */
export const settledFacts = async (databaseUrl: string) => {
  let facts = await readFacts(databaseUrl);
  for (let i = 0; i < 60 && (facts.timersNotFired.length > 0 || facts.picturesWithoutThumbnail.length > 0); i++) {
    await sleep(500);
    facts = await readFacts(databaseUrl);
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    await projectionsCaughtUp(pool);
  } finally {
    await pool.end();
  }
  return readFacts(databaseUrl);
};

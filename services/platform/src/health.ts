import type { Redis } from 'ioredis';
import type { Pool } from './db.ts';
import { EmmettSql } from './emmettTables.ts';
import { readProjectionStatuses } from './projections/runner.ts';

export type HealthReport = { ok: boolean; checks: Record<string, { ok: boolean; detail?: unknown }> };

/** How often the workers process rewrites its heartbeat, and how long one counts. */
export const WORKERS_HEARTBEAT_MS = 5000;
export const WORKERS_HEARTBEAT_TTL_MS = 15_000;
export const workersHeartbeatKey = (queuePrefix: string) => `${queuePrefix}:heartbeat:workers`;

/**
 * The workers process's heartbeat: a Redis key that expires unless rewritten, so a stopped or
 * hung workers process shows in health within the TTL whatever its queues and projections do.
 * `ready` settles after the first beat; `stop` removes the key, so a clean stop shows at once.
 */
export const startWorkersHeartbeat = (redis: Redis, queuePrefix: string) => {
  const key = workersHeartbeatKey(queuePrefix);
  const beat = () =>
    redis
      .set(key, JSON.stringify({ pid: process.pid, at: new Date().toISOString() }), 'PX', WORKERS_HEARTBEAT_TTL_MS)
      .catch(() => undefined);
  const first = beat();
  const timer = setInterval(beat, WORKERS_HEARTBEAT_MS);
  timer.unref();
  return {
    ready: first,
    async stop() {
      clearInterval(timer);
      await redis.del(key).catch(() => undefined);
    },
  };
};

const settle = async (check: () => Promise<unknown>) => {
  try {
    const detail = await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 2s')), 2000)),
    ]);
    return { ok: true, detail };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
};

/**
 * Healthy only when the event store answers and is migrated, every projection is running
 * with a recent heartbeat (the projector's), the queue's Redis answers and the workers
 * process has beaten within its TTL.
 */
export const checkHealth = async (pool: Pool, redis: Redis, queuePrefix: string): Promise<HealthReport> => {
  const [eventStore, migrations, projections, queue, workers] = await Promise.all([
    settle(async () => {
      await pool.query(EmmettSql.probe);
      return 'reachable';
    }),
    settle(async () => {
      const { rows } = await pool.query(`SELECT max(version) AS current FROM feibao_migrations`);
      if (!rows[0]?.current) throw new Error('no migration applied: run npm run migrate');
      return rows[0].current;
    }),
    settle(async () => {
      const statuses = await readProjectionStatuses(pool);
      if (statuses.length === 0) throw new Error('no projection has registered yet (workers not started?)');
      const now = Date.now();
      const bad = statuses.filter(
        (s) => s.status !== 'running' || !s.heartbeatAt || now - new Date(s.heartbeatAt).getTime() > 15_000,
      );
      if (bad.length > 0)
        throw new Error(
          bad
            .map(
              (s) =>
                `${s.name}: ${s.status === 'parked' ? `parked (${s.lastError?.split('\n')[0]})` : 'no heartbeat in 15 s'}`,
            )
            .join('; '),
        );
      return statuses.map((s) => ({ name: s.name, position: s.position }));
    }),
    settle(async () => {
      const pong = await redis.ping();
      if (pong !== 'PONG') throw new Error(`unexpected ping answer ${pong}`);
      return 'reachable';
    }),
    settle(async () => {
      const beat = await redis.get(workersHeartbeatKey(queuePrefix));
      if (!beat) throw new Error(`no workers heartbeat in ${WORKERS_HEARTBEAT_TTL_MS / 1000} s (workers not started?)`);
      const { pid, at } = JSON.parse(beat) as { pid: number; at: string };
      // The key expires on its own; this also catches a beat written without its TTL.
      const age = Date.now() - new Date(at).getTime();
      if (!(age <= WORKERS_HEARTBEAT_TTL_MS))
        throw new Error(`workers heartbeat stale: last beat at ${at} (pid ${pid})`);
      return { pid, at };
    }),
  ]);
  const checks = { eventStore, migrations, projections, queue, workers };
  return { ok: Object.values(checks).every((c) => c.ok), checks };
};

import type { Redis } from 'ioredis';
import type { Pool } from './db.ts';
import { EmmettSql } from './emmettTables.ts';
import { readProjectionStatuses } from './projections/runner.ts';

export type HealthReport = { ok: boolean; checks: Record<string, { ok: boolean; detail?: unknown }> };

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
 * with a recent heartbeat — the projector lives in the workers process, so this is the
 * workers' heartbeat too — and the queue's Redis answers.
 */
export const checkHealth = async (pool: Pool, redis: Redis): Promise<HealthReport> => {
  const [eventStore, migrations, projections, queue] = await Promise.all([
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
            .map((s) => `${s.name}: ${s.status === 'parked' ? `parked (${s.lastError?.split('\n')[0]})` : 'no heartbeat in 15 s'}`)
            .join('; '),
        );
      return statuses.map((s) => ({ name: s.name, position: s.position }));
    }),
    settle(async () => {
      const pong = await redis.ping();
      if (pong !== 'PONG') throw new Error(`unexpected ping answer ${pong}`);
      return 'reachable';
    }),
  ]);
  const checks = { eventStore, migrations, projections, queue };
  return { ok: Object.values(checks).every((c) => c.ok), checks };
};

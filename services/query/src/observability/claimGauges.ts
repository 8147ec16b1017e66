/**
 * Claim SLA gauges, read from the claims read model when scraped: open claims by status, and those
 * waiting past their stage's due time. Due times are compared with the clock here rather than
 * read from the overdue flags, which the SLA timer jobs set only when they run.
 */
import { Gauge, type Registry } from 'prom-client';
import { logger } from '@feibao/platform/logger';
import type { Queryable } from '@feibao/platform/db';
import { CLAIMS } from '@feibao/read-models/claims/claims/claimDocument';

/** The SLA stage a claim in this status waits in (domain claims/sla.ts); others have no due time. */
const stageOf: Record<string, string> = { submitted: 'accept', processing: 'close' };

type Row = { status: string; open: number; overdue: number };

const readClaimCounts = async (db: Queryable): Promise<Row[]> => {
  try {
    const { rows } = await db.query<Row>(
      `SELECT data->>'status' AS status, count(*)::int AS open,
              count(*) FILTER (WHERE data->>'stageDueAt' IS NOT NULL AND (data->>'stageDueAt')::timestamptz < now())::int AS overdue
         FROM ${CLAIMS}
        WHERE data->>'status' NOT IN ('closed', 'withdrawn')
        GROUP BY 1`,
    );
    return rows;
  } catch (error) {
    logger.warn({ err: error }, 'metrics: claim counts unavailable');
    return [];
  }
};

/** Registers anew on each start (a test restarts the service in one Node process). */
export const registerClaimGauges = (registry: Registry, db: Queryable) => {
  for (const name of ['claims_open', 'claims_sla_overdue']) registry.removeSingleMetric(name);
  let cached: { at: number; rows: Promise<Row[]> } | null = null;
  // Both gauges are read in one scrape: one query for the two.
  const counts = () => {
    if (!cached || Date.now() - cached.at > 1000) cached = { at: Date.now(), rows: readClaimCounts(db) };
    return cached.rows;
  };
  new Gauge({
    name: 'claims_open',
    help: 'Claims not closed or withdrawn, by status',
    labelNames: ['status'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const row of await counts()) this.set({ status: row.status }, row.open);
    },
  });
  new Gauge({
    name: 'claims_sla_overdue',
    help: 'Claims waiting past the due time of their SLA stage (accept: submitted, close: processing)',
    labelNames: ['stage'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const stage of Object.values(stageOf)) this.set({ stage }, 0);
      for (const row of await counts()) {
        const stage = stageOf[row.status];
        if (stage) this.set({ stage }, row.overdue);
      }
    },
  });
};

/**
 * Wire types of per-process health (docs/api/operations.md "Metrics, logs and health"): every process answers
 * `/healthz` with its own facts, and the back-office call `GET /api/v1/uav/backoffice/ops/processes`
 * gathers all of them through the edge.
 */

/** The processes `npm start` runs; each one reports its own health. */
export const processNames = ['edge', 'command', 'query', 'workers'] as const;
export type ProcessName = (typeof processNames)[number];

export type HealthCheck = { ok: boolean; detail?: unknown };

/** What one process says about itself at `/healthz`. */
export type ProcessHealth = {
  process: ProcessName;
  ok: boolean;
  pid: number;
  /** Whole seconds since the process started. */
  uptimeSeconds: number;
  startedAt: string;
  /** Its own dependencies and loops: db, redis, projector, heartbeat… */
  checks: Record<string, HealthCheck>;
};

/** One row of the processes report: the process's own answer, or why the edge could not get one. */
export type ProcessStatus =
  | ({ reachable: true } & ProcessHealth)
  | { reachable: false; process: ProcessName; ok: false; error: string };

export type ProcessesReport = { ok: boolean; checkedAt: string; processes: ProcessStatus[] };

/** Wire types of the operations console (GET /api/v1/uav/backoffice/ops/…), shared by the query service and the web. */

/** `retrying`: running but its last batch failed and the runner is backing off; `parked`: stopped until an operator acts. */
export type ProjectionState = 'running' | 'retrying' | 'parked';

export const projectionStateOf = (status: 'running' | 'parked', attempts: number): ProjectionState =>
  status === 'parked' ? 'parked' : attempts > 0 ? 'retrying' : 'running';

export type ProjectionRow = {
  name: string;
  version: number;
  /** Global position of the last event applied (its checkpoint). */
  position: number;
  /** Events of its types after the checkpoint, counted up to `lagCap`. */
  lagEvents: number;
  lagCapped: boolean;
  /** Age of the oldest event it has not applied; 0 when caught up. */
  lagMs: number;
  state: ProjectionState;
  attempts: number;
  lastError: string | null;
  heartbeatAt: string | null;
  /** The event it failed on (known once the runner has narrowed a failing batch to one event). */
  failedEvent: { position: number; type: string; streamId: string } | null;
};

export const QUEUE_COUNT_KINDS = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type QueueCountKind = (typeof QUEUE_COUNT_KINDS)[number];
export type QueueRow = { name: string; paused: boolean; counts: Record<QueueCountKind, number> };

export type FailedJobRow = {
  id: string;
  name: string;
  failedReason: string | null;
  attemptsMade: number;
  attempts: number;
  createdAt: string | null;
  failedAt: string | null;
  /** The job's data, as JSON cut to a few hundred characters. */
  dataSummary: string;
};
export type FailedJobPage = { queue: string; total: number; rows: FailedJobRow[] };

export type OpsActionKind = 'ProjectionRetried' | 'ProjectionEventSkipped' | 'QueueJobRetried' | 'QueueJobRemoved';
export type OpsActionRow = {
  id: string;
  kind: OpsActionKind;
  /** The projection or queue acted on. */
  target: string;
  /** What exactly: the skipped event, the job. */
  detail: string;
  by: string;
  reason: string;
  at: string;
};
export type OpsActionPage = { total: number; rows: OpsActionRow[] };

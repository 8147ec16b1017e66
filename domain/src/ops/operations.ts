import { assertNever, type Decider } from '../shared/decider.ts';
import { invalid } from '../shared/errors.ts';

/**
 * What operators do from the operations console, recorded as events so the console's 操作记录 and any
 * audit read them like every other fact of the platform. One stream per thing acted on
 * (`ops-projection-<name>`, `ops-queue-<queue>`): short streams, and two operators on different
 * projections never contend. The effect itself (the checkpoint row, the BullMQ job) is not an
 * event; the command service performs it next to the append (services/command/src/ops).
 */
type Who = { by: string; reason: string; at: string };

export type ProjectionRetried = { type: 'ProjectionRetried'; data: Who & { name: string; lastError: string | null } };
export type ProjectionEventSkipped = {
  type: 'ProjectionEventSkipped';
  data: Who & { name: string; position: number; eventType: string; streamId: string; lastError: string | null };
};
export type QueueJobRetried = {
  type: 'QueueJobRetried';
  data: Who & { queue: string; jobId: string; jobName: string; failedReason: string | null };
};
export type QueueJobRemoved = {
  type: 'QueueJobRemoved';
  data: Who & { queue: string; jobId: string; jobName: string; failedReason: string | null };
};
export type OpsEvent = ProjectionRetried | ProjectionEventSkipped | QueueJobRetried | QueueJobRemoved;
export const opsEventTypes = [
  'ProjectionRetried',
  'ProjectionEventSkipped',
  'QueueJobRetried',
  'QueueJobRemoved',
] as const satisfies readonly OpsEvent['type'][];

type Meta = { now: Date; by: string; reason: string };
export type OpsCommand =
  | { type: 'RetryProjection'; data: { name: string; lastError: string | null }; metadata: Meta }
  | {
      type: 'SkipProjectionEvent';
      data: { name: string; position: number; eventType: string; streamId: string; lastError: string | null };
      metadata: Meta;
    }
  | {
      type: 'RetryQueueJob';
      data: { queue: string; jobId: string; jobName: string; failedReason: string | null };
      metadata: Meta;
    }
  | {
      type: 'RemoveQueueJob';
      data: { queue: string; jobId: string; jobName: string; failedReason: string | null };
      metadata: Meta;
    };

/** How many actions the stream holds; nothing an operator does depends on earlier actions. */
export type OpsLog = { actions: number };

export const opsMessages = {
  reasonRequired: '请填写原因',
  reasonTooLong: '原因不能超过500个字符',
  notParked: '该投影未暂停，无需重试或跳过',
  skipStale: '暂停位置已变化，请刷新后重试',
  projectionNotFound: '投影不存在',
  queueNotFound: '队列不存在',
  jobNotFound: '任务不存在',
  jobNotFailed: '只能重试或删除失败的任务',
} as const;

export const OPS_REASON_MAX = 500;

export const opsProjectionStreamId = (name: string) => `ops-projection-${name}`;
export const opsQueueStreamId = (queue: string) => `ops-queue-${queue}`;

const who = (meta: Meta): Who => {
  const reason = meta.reason.trim();
  if (reason === '') throw invalid(opsMessages.reasonRequired);
  if (reason.length > OPS_REASON_MAX) throw invalid(opsMessages.reasonTooLong);
  return { by: meta.by, reason, at: meta.now.toISOString() };
};

export const decideOps = (command: OpsCommand, _state: OpsLog): OpsEvent[] => {
  switch (command.type) {
    case 'RetryProjection':
      return [{ type: 'ProjectionRetried', data: { ...command.data, ...who(command.metadata) } }];
    case 'SkipProjectionEvent':
      return [{ type: 'ProjectionEventSkipped', data: { ...command.data, ...who(command.metadata) } }];
    case 'RetryQueueJob':
      return [{ type: 'QueueJobRetried', data: { ...command.data, ...who(command.metadata) } }];
    case 'RemoveQueueJob':
      return [{ type: 'QueueJobRemoved', data: { ...command.data, ...who(command.metadata) } }];
    default:
      return assertNever(command);
  }
};

export const evolveOps = (state: OpsLog, _event: OpsEvent): OpsLog => ({ actions: state.actions + 1 });

export const opsDecider: Decider<OpsLog, OpsCommand, OpsEvent> = {
  decide: decideOps,
  evolve: evolveOps,
  initialState: () => ({ actions: 0 }),
};

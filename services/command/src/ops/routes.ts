import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { illegalState } from '@feibao/domain/shared/errors';
import {
  OPS_REASON_MAX,
  opsDecider,
  opsMessages,
  opsProjectionStreamId,
  opsQueueStreamId,
  type OpsCommand,
} from '@feibao/domain/ops/operations';
import { caller } from '@feibao/platform/http/auth';
import { handleCommand } from '@feibao/platform/eventStore';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { retryParkedProjection, skipParkedEvent } from '@feibao/platform/projections/operations';
import { setConsistencyToken } from '@feibao/platform/consistency';
import { withTransaction } from '@feibao/platform/db';
import type { CommandDeps } from '../deps.ts';
import { failedJob } from './failedJob.ts';
import { OPERATED_QUEUES } from '@feibao/domain/ops/queues';

export const OPS_PREFIX = '/api/v1/uav/backoffice/ops';

const reason = z
  .string({ error: opsMessages.reasonRequired })
  .trim()
  .min(1, { error: opsMessages.reasonRequired })
  .max(OPS_REASON_MAX, { error: opsMessages.reasonTooLong });
const name = z
  .string({ error: '请选择投影' })
  .trim()
  .min(1, { error: '请选择投影' })
  .max(100, { error: opsMessages.projectionNotFound });
const retryBody = z.object({ name, reason });
const skipBody = z.object({
  name,
  position: z.coerce
    .number({ error: '请指定要跳过的事件' })
    .int({ error: '请指定要跳过的事件' })
    .min(1, { error: '请指定要跳过的事件' }),
  reason,
});
const jobBody = z.object({
  queue: z.enum(OPERATED_QUEUES as [string, ...string[]], { error: opsMessages.queueNotFound }),
  jobId: z
    .string({ error: opsMessages.jobNotFound })
    .trim()
    .min(1, { error: opsMessages.jobNotFound })
    .max(200, { error: opsMessages.jobNotFound }),
  reason,
});

/**
 * The operations console's actions (admin): retry or skip a parked projection, retry or remove a
 * failed job. Each is recorded as an ops event with who, when and why (domain ops/operations.ts).
 * Projection actions change the checkpoint row and append the record in one transaction, so the
 * change is undone if the record cannot be written. A job lives in Redis, out of any transaction:
 * the record is appended first, so no job is ever retried or removed without one.
 */
export const opsRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: OPS_PREFIX });
  const meta = (ctx: Context, why: string) => ({ now: deps.now(), by: caller(ctx).sub, reason: why });
  const record = (streamId: string, command: OpsCommand) =>
    handleCommand(deps.eventStore, streamId, opsDecider, command);

  router.post('/projections/retry', validate(retryBody), async (ctx) => {
    const body = input<z.output<typeof retryBody>>(ctx);
    const result = await withTransaction(deps.pool, async (client) => {
      const { lastError } = await retryParkedProjection(client, body.name);
      return record(opsProjectionStreamId(body.name), {
        type: 'RetryProjection',
        data: { name: body.name, lastError },
        metadata: meta(ctx, body.reason),
      });
    });
    setConsistencyToken(ctx, result.position);
    ok(ctx, { name: body.name }, '已重新启动投影');
  });

  router.post('/projections/skip', validate(skipBody), async (ctx) => {
    const body = input<z.output<typeof skipBody>>(ctx);
    const result = await withTransaction(deps.pool, async (client) => {
      const skipped = await skipParkedEvent(client, body.name, body.position);
      return record(opsProjectionStreamId(body.name), {
        type: 'SkipProjectionEvent',
        data: { name: body.name, ...skipped },
        metadata: meta(ctx, body.reason),
      });
    });
    setConsistencyToken(ctx, result.position);
    ok(ctx, { name: body.name, position: body.position }, '已跳过该事件');
  });

  const jobAction = (kind: 'RetryQueueJob' | 'RemoveQueueJob', message: string) => async (ctx: Context) => {
    const body = input<z.output<typeof jobBody>>(ctx);
    const { job, row } = await failedJob(deps.opsQueues, body.queue, body.jobId);
    const result = await record(opsQueueStreamId(body.queue), {
      type: kind,
      data: { queue: body.queue, jobId: row.id, jobName: row.name, failedReason: row.failedReason },
      metadata: meta(ctx, body.reason),
    });
    try {
      if (kind === 'RetryQueueJob') await job.retry('failed');
      else await job.remove();
    } catch {
      // Another operator or the job's own retention got there between the check and the act.
      throw illegalState(opsMessages.jobNotFailed);
    }
    setConsistencyToken(ctx, result.position);
    ok(ctx, { queue: body.queue, jobId: row.id }, message);
  };
  router.post('/queues/retry', validate(jobBody), jobAction('RetryQueueJob', '已重新排队'));
  router.post('/queues/remove', validate(jobBody), jobAction('RemoveQueueJob', '已删除任务'));

  return router;
};

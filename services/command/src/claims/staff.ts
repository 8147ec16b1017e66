import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import {
  claimIdSchema as id,
  claimMessages,
  slaDueAt,
  type Claim,
  type ClaimCommand,
  type ClaimMetadata,
} from '@feibao/domain';
import { input, ok, requireArea, validate } from '@feibao/platform';
import type { CommandDeps } from '../deps.ts';
import type { ClaimHandling } from './handling.ts';

/**
 * Claim handling by staff (role `claims` or admin), which the old system never showed:
 * accept, ask for more evidence, assess per cover line, close and reopen, each with who,
 * when and why (the events carry them; the history shows them); and assigning a claim to a
 * staff member for the desk's "my claims".
 */
type Tools = {
  auth: Middleware;
  meta: (ctx: Context) => ClaimMetadata;
  run: (ctx: Context, id: string, command: ClaimCommand | ((state: Claim) => ClaimCommand)) => Promise<unknown>;
  handling: ClaimHandling;
};

const reason = z.string().trim().max(500, { error: '原因不能超过500个字符' }).nullish();
const requiredReason = z
  .string({ error: '请填写原因' })
  .trim()
  .min(1, { error: '请填写原因' })
  .max(500, { error: '原因不能超过500个字符' });
const withReason = z.object({ id, reason });
const withRequiredReason = z.object({ id, reason: requiredReason });
const evidenceBody = z.object({
  id,
  message: z
    .string({ error: '请填写需要补充的材料说明' })
    .trim()
    .min(1, { error: '请填写需要补充的材料说明' })
    .max(1000),
});
const NOT_CLAIMS_STAFF = claimMessages.notClaimsStaff;
const assignBody = z.object({
  id,
  // '' and null unassign.
  assignee: z
    .string({ error: NOT_CLAIMS_STAFF })
    .trim()
    .max(20, { error: NOT_CLAIMS_STAFF })
    .nullish()
    .transform((v) => v || null),
});
const assessBody = z.object({
  id,
  reason,
  exposures: z
    .array(
      z.object({
        lineKey: z.string({ error: '请选择定损险种' }).min(1, { error: '请选择定损险种' }).max(50),
        kind: z.enum(['drone', 'injury', 'property', 'other'], { error: '损失类型不正确' }),
        lossAmount: z.coerce
          .number({ error: '损失金额不正确' })
          .min(0, { error: '损失金额不正确' })
          .max(1_000_000_000, { error: '损失金额不正确' }),
        remark: z.string().trim().max(200).optional(),
      }),
      { error: '请填写定损明细' },
    )
    .min(1, { error: '请填写定损明细' })
    .max(100),
});

export const staffClaimRoutes = (deps: CommandDeps, { auth, meta, run, handling }: Tools) => {
  const router = new Router();
  const staff = requireArea('claims');
  const daySeconds = deps.config.quoteDaySeconds;

  router.post('/accept', auth, staff, validate(withReason), async (ctx) => {
    const body = input<z.output<typeof withReason>>(ctx);
    const m = meta(ctx);
    await run(ctx, body.id, {
      type: 'AcceptClaim',
      data: { reason: body.reason ?? null, closeDueAt: slaDueAt(m.now, 'close', daySeconds) },
      metadata: m,
    });
    ok(ctx, { id: body.id }, '受理成功');
  });

  router.post('/requestEvidence', auth, staff, validate(evidenceBody), async (ctx) => {
    const body = input<z.output<typeof evidenceBody>>(ctx);
    await run(ctx, body.id, { type: 'RequestEvidence', data: { message: body.message }, metadata: meta(ctx) });
    ok(ctx, { id: body.id }, '已通知客户补充材料');
  });

  router.post('/assess', auth, staff, validate(assessBody), async (ctx) => {
    const body = input<z.output<typeof assessBody>>(ctx);
    await run(ctx, body.id, {
      type: 'AssessClaim',
      data: { losses: body.exposures, reason: body.reason ?? null },
      metadata: meta(ctx),
    });
    ok(ctx, { id: body.id }, '定损成功');
  });

  router.post('/close', auth, staff, validate(withRequiredReason), async (ctx) => {
    const body = input<z.output<typeof withRequiredReason>>(ctx);
    await run(ctx, body.id, { type: 'CloseClaim', data: { reason: body.reason }, metadata: meta(ctx) });
    ok(ctx, { id: body.id }, '结案成功');
  });

  router.post('/assign', auth, staff, validate(assignBody), async (ctx) => {
    const body = input<z.output<typeof assignBody>>(ctx);
    if (body.assignee !== null) await handling.requireClaimsStaff(body.assignee);
    await run(ctx, body.id, { type: 'AssignClaim', data: { assignee: body.assignee }, metadata: meta(ctx) });
    ok(ctx, { id: body.id, assignee: body.assignee }, '分派成功');
  });

  router.post('/reopen', auth, staff, validate(withRequiredReason), async (ctx) => {
    const body = input<z.output<typeof withRequiredReason>>(ctx);
    const m = meta(ctx);
    await run(ctx, body.id, {
      type: 'ReopenClaim',
      data: { reason: body.reason, closeDueAt: slaDueAt(m.now, 'close', daySeconds) },
      metadata: m,
    });
    ok(ctx, { id: body.id }, '重新打开成功');
  });

  return [router];
};

import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { ClaimCommand, ClaimMetadata } from '@feibao/domain/claims/claim.commands';
import { slaDueAt } from '@feibao/domain/claims/sla';
import { claimIdQuery, claimIdSchema, openClaimQuery } from '@feibao/domain/claims/requests';
import { claimMessages } from '@feibao/domain/claims/messages';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { Claim } from '@feibao/domain/claims/claim.events';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok, reply } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { HandleOptions } from '@feibao/platform/eventStore';
import type { CommandDeps } from '../deps.ts';
import { acceptClaimForm, claimHandling } from './handling.ts';
import { pictureBatchRoutes } from './pictureBatch.ts';
import { staffClaimRoutes } from './staff.ts';

const saveLogBody = z.object({
  id: claimIdSchema,
  version: z.coerce.number({ error: '请先比对修改内容' }).int().min(0),
  form: z.unknown(),
  list: z
    .array(
      z.object({
        path: z.string().max(300),
        remark: z.string().max(500, { error: '修改说明不能超过500个字符' }).nullish(),
      }),
      {
        error: '修改说明格式不正确',
      },
    )
    .max(2000),
});

/** contrast's optional `version`: the claim version the admin's form was loaded at (details' `version`). */
const seenVersionOf = (body: unknown): number | null => {
  const raw = (body as Record<string, unknown> | undefined)?.version;
  if (raw === undefined || raw === null || raw === '') return null;
  const version = Number(raw);
  if (!Number.isInteger(version) || version < 1)
    throw new HttpError(ResultCode.badRequest, claimMessages.seenVersionInvalid);
  return version;
};

const bodyId = (ctx: Context) => {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const parsed = claimIdSchema.safeParse(body?.id ?? ctx.query.id);
  if (!parsed.success) throw new HttpError(ResultCode.badRequest, claimMessages.idRequired);
  return parsed.data;
};

/** The claims slice's commands: each route parses, builds the command, hands it to the handling and replies. */
export const claimRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav/claim/settlement' });
  const handling = claimHandling(deps);
  const meta = (ctx: Context, now = deps.now()): ClaimMetadata => {
    const me = caller(ctx);
    return { now, actor: me.sub, roles: me.roles };
  };
  const run = async (
    ctx: Context,
    id: string,
    command: ClaimCommand | ((state: Claim) => ClaimCommand),
    options?: HandleOptions<Claim>,
  ) => {
    const result = await handling.handle(id, command, options);
    setConsistencyToken(ctx, result.position);
    return result;
  };

  router.get('/createClaimSettlement', validate(openClaimQuery, 'query'), async (ctx) => {
    const { orderId } = input<z.output<typeof openClaimQuery>>(ctx);
    const outcome = await handling.openClaim(orderId, meta(ctx));
    if (outcome.kind === 'unfinishedExists')
      return reply(ctx, ResultCode.special, claimMessages.openClaimExists, outcome.claimId);
    setConsistencyToken(ctx, outcome.position);
    ok(ctx, outcome.claimId, '申请理赔成功');
  });

  router.post('/save', async (ctx) => {
    const id = bodyId(ctx);
    const m = meta(ctx);
    await run(ctx, id, (state) => ({
      type: 'SaveClaim',
      data: { form: acceptClaimForm(ctx.request.body, state, m, false) },
      metadata: m,
    }));
    ok(ctx, { id }, '暂存成功');
  });

  router.post('/submit', async (ctx) => {
    const id = bodyId(ctx);
    const m = meta(ctx);
    await run(ctx, id, (state) => ({
      type: 'SubmitClaim',
      data: {
        form: acceptClaimForm(ctx.request.body, state, m, true),
        acceptDueAt: slaDueAt(m.now, 'accept', deps.config.quoteDaySeconds),
      },
      metadata: m,
    }));
    ok(ctx, { id }, '提交成功');
  });

  router.get('/back', validate(claimIdQuery, 'query'), async (ctx) => {
    const { id } = input<z.output<typeof claimIdQuery>>(ctx);
    await run(ctx, id, { type: 'CancelClaim', data: {}, metadata: meta(ctx) });
    ok(ctx, { id }, '返回成功');
  });

  // The old mobile client's method is unknown: withdraw answers GET and POST alike.
  const withdraw = async (ctx: Context) => {
    const id = bodyId(ctx);
    const body = ctx.request.body as Record<string, unknown> | undefined;
    const reason = typeof body?.reason === 'string' ? body.reason.trim().slice(0, 500) || null : null;
    await run(ctx, id, { type: 'WithdrawClaim', data: { reason }, metadata: meta(ctx) });
    ok(ctx, { id }, '撤销成功');
  };
  router.get('/revocation', withdraw);
  router.post('/revocation', withdraw);

  /** Admin: one row per changed field against the stored claim (handling.ts `contrast`). */
  router.post('/contrast', async (ctx) => {
    const id = bodyId(ctx);
    const seenVersion = seenVersionOf(ctx.request.body);
    ok(ctx, await handling.contrast(id, ctx.request.body, seenVersion, meta(ctx)));
  });

  /** Admin: the amendment and every field's explanation, in one append against the version compared. */
  router.post('/saveLog', validate(saveLogBody), async (ctx) => {
    const body = input<z.output<typeof saveLogBody>>(ctx);
    const m = meta(ctx);
    const explanations = Object.fromEntries(body.list.map((row) => [row.path, row.remark ?? '']));
    await run(ctx, body.id, (state) => ({
      type: 'AmendClaim',
      data: { form: acceptClaimForm(body.form, state, m, false), basedOnVersion: body.version, explanations },
      metadata: m,
    }));
    ok(ctx, { id: body.id }, '保存修改成功');
  });

  for (const sub of [...staffClaimRoutes(deps, { meta, run, handling }), pictureBatchRoutes({ meta, run })])
    router.use(sub.routes());
  return router;
};

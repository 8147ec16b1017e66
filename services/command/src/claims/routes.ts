import Router from '@koa/router';
import type { Context } from 'koa';
import { randomInt, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { allowedActions } from '@feibao/domain/ordering/guards';
import { blocksNewClaim, policyClaimsDecider, policyClaimsStreamId } from '@feibao/domain/claims/policyClaims';
import { claimDecider, type ClaimCommand, type ClaimMetadata } from '@feibao/domain/claims/claim.commands';
import { claimNumber, slaDueAt } from '@feibao/domain/claims/sla';
import {
  claimStreamId,
  evolveClaim,
  initialClaim,
  type Claim,
  type ClaimEvent,
  type ClaimRecord,
} from '@feibao/domain/claims/claim.events';
import { diffClaimForms } from '@feibao/domain/claims/changes';
import { DomainError } from '@feibao/domain/shared/errors';
import { isAdmin, isClaimsStaff } from '@feibao/domain/accounts/roles';
import {
  normaliseClaimForm,
  parseClaimForm,
  validateClaimForm,
  type ClaimForm,
  type ClaimPart,
} from '@feibao/domain/claims/form';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { OrderState, orderStreamId } from '@feibao/domain/ordering/order.events';
import { policySnapshot } from '@feibao/domain/claims/policy';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { ContrastAnswer } from '@feibao/domain/claims/api';
import { aggregate, handleCommand, load, loadMany, type HandleOptions } from '@feibao/platform/eventStore';
import { authenticate, caller, requireRole } from '@feibao/platform/http/auth';
import { HttpError, ok, reply } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { pictureBatchRoutes } from './pictureBatch.ts';
import { staffClaimRoutes } from './staff.ts';

export const OPEN_CLAIM_EXISTS = '已存在未结案的理赔单，暂不能再次申请理赔, 是否跳转?';
export const claimRouteMessages = {
  orderNotFound: '订单不存在',
  policyNotInForce: '保单未生效，暂不能申请理赔',
  outsidePolicyPeriod: '当前不在保单保障期内，暂不能申请理赔',
  idRequired: '理赔单编号不能为空',
  claimNotFound: '理赔单不存在',
  /** The form an admin loaded was changed by someone else before they compared: comparing would undo it. */
  changedSinceLoaded: '理赔单已被他人修改，请刷新后重试',
  seenVersionInvalid: '理赔单版本不正确',
} as const;

const claimId = z
  .string({ error: claimRouteMessages.idRequired })
  .trim()
  .min(1, { error: claimRouteMessages.idRequired })
  .max(64);
export const idQuery = z.object({ id: claimId });
const createQuery = z.object({
  orderId: z.string({ error: '订单编号不能为空' }).trim().min(1, { error: '订单编号不能为空' }).max(64),
});
const saveLogBody = z.object({
  id: claimId,
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
    throw new HttpError(ResultCode.badRequest, claimRouteMessages.seenVersionInvalid);
  return version;
};

/** The form as the caller may store it: customers cannot touch parts (admin only), so theirs are kept. */
const acceptForm = (body: unknown, claim: ClaimRecord, meta: ClaimMetadata, forSubmit: boolean): ClaimForm => {
  const parsed = parseClaimForm(body);
  if (!parsed.ok) throw new HttpError(ResultCode.badRequest, parsed.message);
  const storedParts = isAdmin(meta.roles)
    ? undefined
    : new Map<string, ClaimPart[]>(claim.form.settlementUavInfoList.map((d) => [d.deviceNumber ?? '', d.partInfoList]));
  const form = normaliseClaimForm(parsed.form, storedParts);
  const refusal = validateClaimForm(form, {
    now: meta.now,
    insuredDeviceCodes: claim.policy.drones.map((d) => d.deviceNumber),
    forSubmit,
  });
  if (refusal) throw new HttpError(ResultCode.badRequest, refusal);
  return form;
};

/** The stored claim the form is checked against: the owner's or, for staff, anyone's; the decider rules on the rest. */
const visibleClaim = (state: Claim, meta: ClaimMetadata): ClaimRecord => {
  const reachable =
    state.status !== 'none' &&
    state.status !== 'cancelled' &&
    (state.owner === meta.actor || isClaimsStaff(meta.roles));
  if (!reachable) throw new HttpError(ResultCode.notFound, claimRouteMessages.claimNotFound);
  return state;
};

const bodyId = (ctx: Context) => {
  const body = ctx.request.body as Record<string, unknown> | undefined;
  const parsed = claimId.safeParse(body?.id ?? ctx.query.id);
  if (!parsed.success) throw new HttpError(ResultCode.badRequest, claimRouteMessages.idRequired);
  return parsed.data;
};

export const claimRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav/claim/settlement' });
  const auth = authenticate(deps.tokens, deps.revocations);
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
    const result = await handleCommand(deps.eventStore, claimStreamId(id), claimDecider, command, options);
    setConsistencyToken(ctx, result.position);
    return result;
  };

  /** Only the caller's own policy, in force, inside its period; one unfinished claim per policy. */
  router.get('/createClaimSettlement', auth, validate(createQuery, 'query'), async (ctx) => {
    const { orderId } = input<z.output<typeof createQuery>>(ctx);
    const m = meta(ctx);
    // The order and the policy's claim registry in one read; the registry is then written from what was read.
    const registryStream = policyClaimsStreamId(orderId);
    const [orderRead, registryRead] = await loadMany(deps.eventStore, [
      { streamId: orderStreamId(orderId), decider: orderDecider },
      { streamId: registryStream, decider: policyClaimsDecider },
    ] as const);
    const order = orderRead.state;
    let registry = registryRead;
    if (order.status === 'none' || order.owner !== m.actor)
      throw new HttpError(ResultCode.notFound, claimRouteMessages.orderNotFound);
    if (order.status !== 'inForce') throw new HttpError(ResultCode.conflict, claimRouteMessages.policyNotInForce);
    // The same rule that shows the order's 申请理赔 button.
    if (
      !allowedActions(
        { state: OrderState.inForce, orderType: order.orderType, startDate: order.startDate, endDate: order.endDate },
        m.now,
      ).includes('claim')
    )
      throw new HttpError(ResultCode.conflict, claimRouteMessages.outsidePolicyPeriod);

    const newId = randomUUID();
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) registry = await load(deps.eventStore, registryStream, policyClaimsDecider);
      const { lastClaimId } = registry.state;
      if (lastClaimId) {
        const latest = await aggregate(deps.eventStore, claimStreamId(lastClaimId), claimDecider);
        if (blocksNewClaim(registry.state, latest, m.now))
          return reply(ctx, ResultCode.special, OPEN_CLAIM_EXISTS, lastClaimId);
      }
      try {
        await handleCommand(
          deps.eventStore,
          registryStream,
          policyClaimsDecider,
          {
            type: 'RegisterPolicyClaim',
            data: { orderId, claimId: newId, latestSeen: lastClaimId },
            metadata: { now: m.now },
          },
          { from: registry },
        );
        break;
      } catch (error) {
        // Someone registered a claim on this policy meanwhile: look again (it is probably unfinished).
        if (!(error instanceof DomainError) || attempt >= 2) throw error;
      }
    }
    await run(
      ctx,
      newId,
      {
        type: 'OpenClaim',
        data: {
          claimId: newId,
          claimNo: claimNumber(m.now, randomInt(0, 1_000_000)),
          orderId,
          owner: order.owner,
          policy: policySnapshot(order),
        },
        metadata: m,
      },
      { from: 'new' },
    );
    ok(ctx, newId, '申请理赔成功');
  });

  router.post('/save', auth, async (ctx) => {
    const id = bodyId(ctx);
    const m = meta(ctx);
    await run(ctx, id, (state) => ({
      type: 'SaveClaim',
      data: { form: acceptForm(ctx.request.body, visibleClaim(state, m), m, false) },
      metadata: m,
    }));
    ok(ctx, { id }, '暂存成功');
  });

  router.post('/submit', auth, async (ctx) => {
    const id = bodyId(ctx);
    const m = meta(ctx);
    await run(ctx, id, (state) => ({
      type: 'SubmitClaim',
      data: {
        form: acceptForm(ctx.request.body, visibleClaim(state, m), m, true),
        acceptDueAt: slaDueAt(m.now, 'accept', deps.config.quoteDaySeconds),
      },
      metadata: m,
    }));
    ok(ctx, { id }, '提交成功');
  });

  router.get('/back', auth, validate(idQuery, 'query'), async (ctx) => {
    const { id } = input<z.output<typeof idQuery>>(ctx);
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
  router.get('/revocation', auth, withdraw);
  router.post('/revocation', auth, withdraw);

  /**
   * The claim now and as it stood at `seenVersion`, from one read of its stream. Versions move with
   * every event (a picture processed, a timer), so it is the form that tells whether someone changed it.
   */
  const formChangedSince = async (id: string, seenVersion: number | null) => {
    const { events } = await deps.eventStore.readStream<ClaimEvent>(claimStreamId(id));
    let state = initialClaim();
    let seen: Claim | null = null;
    for (const event of events) {
      state = evolveClaim(state, event);
      if (state.version === seenVersion) seen = state;
    }
    if (seenVersion === null || seenVersion >= state.version || state.status === 'none')
      return { state, changed: false };
    const changed = !seen || seen.status === 'none' || diffClaimForms(seen.form, state.form).length > 0;
    return { state, changed };
  };

  /**
   * Admin: one row per changed field against the stored claim, and the version compared against.
   * With the version the admin's form was loaded at, a form someone else changed since is refused
   * instead of compared: the rows would silently undo that change.
   */
  router.post('/contrast', auth, requireRole('admin'), async (ctx) => {
    const id = bodyId(ctx);
    const m = meta(ctx);
    const seenVersion = seenVersionOf(ctx.request.body);
    const { state, changed } = await formChangedSince(id, seenVersion);
    const claim = visibleClaim(state, m);
    if (changed) throw new HttpError(ResultCode.conflict, claimRouteMessages.changedSinceLoaded);
    const form = acceptForm(ctx.request.body, claim, m, false);
    ok(ctx, { id, version: claim.version, rows: diffClaimForms(claim.form, form) } satisfies ContrastAnswer);
  });

  /** Admin: the amendment and every field's explanation, in one append against the version compared. */
  router.post('/saveLog', auth, requireRole('admin'), validate(saveLogBody), async (ctx) => {
    const body = input<z.output<typeof saveLogBody>>(ctx);
    const m = meta(ctx);
    const explanations = Object.fromEntries(body.list.map((row) => [row.path, row.remark ?? '']));
    await run(ctx, body.id, (state) => ({
      type: 'AmendClaim',
      data: {
        form: acceptForm(body.form, visibleClaim(state, m), m, false),
        basedOnVersion: body.version,
        explanations,
      },
      metadata: m,
    }));
    ok(ctx, { id: body.id }, '保存修改成功');
  });

  for (const sub of [...staffClaimRoutes(deps, { auth, meta, run }), pictureBatchRoutes({ auth, meta, run })])
    router.use(sub.routes());
  return router;
};

import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  BATCH_TEST_MAX_SUBJECTS,
  batchTestDecider,
  batchTestMessages,
  outcomeOf,
  ruleTestStreamId,
} from '@feibao/domain/rules/batchTests';
import { normaliseOrderForm, parseOrderForm, type OrderForm } from '@feibao/domain/ordering/form';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { ResultCode } from '@feibao/domain/shared/codes';
import {
  ruleCaseDecider,
  ruleCaseMessages,
  ruleCaseStreamId,
  type CaseExpectation,
  type RuleCaseCommand,
} from '@feibao/domain/rules/cases';
import { ruleDecider, ruleMessages, ruleStreamId } from '@feibao/domain/rules/rule';
import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';

const caseId = z
  .string({ error: '案例编号不能为空' })
  .trim()
  .min(1, { error: '案例编号不能为空' })
  .max(64, { error: '案例编号不正确' });
const name = z
  .string({ error: '请填写案例名称' })
  .trim()
  .min(1, { error: '请填写案例名称' })
  .max(100, { error: '案例名称不能超过100个字符' });
const money = z
  .number({ error: '保费不正确' })
  .min(0, { error: '保费不正确' })
  .max(100_000_000, { error: '保费不正确' });
const expected = z.strictObject({
  referral: z.boolean({ error: '请选择是否转人工核保' }),
  premiums: z.record(z.string().regex(/^\d{1,7}$/, { error: '保险公司编号不正确' }), money, {
    error: '预期保费不正确',
  }),
  tolerance: z
    .number({ error: '允许误差不正确' })
    .min(0, { error: '允许误差不正确' })
    .max(1_000_000, { error: '允许误差不正确' }),
});
const caseBody = z.strictObject({ name, form: z.unknown(), expected });
const updateBody = caseBody.extend({ caseId });
const deleteBody = z.strictObject({ caseId });
const fromOrderBody = z.strictObject({
  orderId: z
    .string({ error: '订单编号不能为空' })
    .trim()
    .min(1, { error: '订单编号不能为空' })
    .max(64, { error: '订单编号不正确' }),
  name: name.optional(),
});
const startBody = z
  .strictObject({
    ruleId: z
      .string({ error: '规则编号不能为空' })
      .trim()
      .min(1, { error: '规则编号不能为空' })
      .max(64, { error: '规则编号不正确' }),
    version: z
      .number({ error: '版本号不正确' })
      .int({ error: '版本号不正确' })
      .min(1, { error: '版本号不正确' })
      .max(1_000_000, { error: '版本号不正确' }),
    caseIds: z
      .array(caseId, { error: '测试案例不正确' })
      .max(BATCH_TEST_MAX_SUBJECTS, { error: batchTestMessages.tooMany })
      .optional(),
    lastN: z
      .number({ error: '最近申请数量不正确' })
      .int({ error: '最近申请数量不正确' })
      .min(1, { error: '最近申请数量不正确' })
      .max(1_000, { error: '最近申请数量不能超过1000' })
      .optional(),
  })
  .refine((b) => (b.caseIds?.length ?? 0) > 0 !== (b.lastN !== undefined), { error: batchTestMessages.noSubjects });

/** A case's application: parsed and normalised as an order's, without the date checks (a case may describe any day). */
const caseForm = (body: unknown): OrderForm => {
  const parsed = parseOrderForm(body);
  if (!parsed.ok) throw new HttpError(ResultCode.badRequest, parsed.message);
  return normaliseOrderForm(parsed.form);
};

/**
 * Rule cases (ruleCase: admin, auditor) and starting batch tests (batchTest/null: the batchTest
 * role); the rules-workers run the tests (workers/src/rules/batchTests.ts). docs/api/rules-batch-tests.md.
 */
export const ruleTestCommandRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: RULES_API_PREFIX });
  /** Whether every case exists and is not deleted, from the cases' own streams. */
  const casesExist = async (ids: readonly string[]) => {
    for (let i = 0; i < ids.length; i += 32) {
      const states = await Promise.all(
        ids.slice(i, i + 32).map((id) => aggregate(deps.eventStore, ruleCaseStreamId(id), ruleCaseDecider)),
      );
      if (states.some((s) => s.status !== 'active')) return false;
    }
    return true;
  };
  const meta = (ctx: Context) => ({ now: deps.now(), actor: caller(ctx).sub });
  const runCase = async (ctx: Context, command: RuleCaseCommand) => {
    const result = await handleCommand(
      deps.eventStore,
      ruleCaseStreamId(command.data.caseId),
      ruleCaseDecider,
      command,
    );
    setConsistencyToken(ctx, result.position);
  };
  const create = async (
    ctx: Context,
    data: { name: string; form: OrderForm; expected: CaseExpectation; orderId: string | null },
  ) => {
    const id = randomUUID();
    await runCase(ctx, { type: 'CreateRuleCase', data: { caseId: id, ...data }, metadata: meta(ctx) });
    ok(ctx, { caseId: id, ...data }, '已保存案例');
  };

  router.post('/cases/create', validate(caseBody), async (ctx) => {
    const body = input<z.output<typeof caseBody>>(ctx);
    await create(ctx, { name: body.name, form: caseForm(body.form), expected: body.expected, orderId: null });
  });

  router.post('/cases/update', validate(updateBody), async (ctx) => {
    const body = input<z.output<typeof updateBody>>(ctx);
    const data = { caseId: body.caseId, name: body.name, form: caseForm(body.form), expected: body.expected };
    await runCase(ctx, { type: 'UpdateRuleCase', data, metadata: meta(ctx) });
    ok(ctx, data, '已保存案例');
  });

  router.post('/cases/delete', validate(deleteBody), async (ctx) => {
    const { caseId: id } = input<z.output<typeof deleteBody>>(ctx);
    await runCase(ctx, { type: 'DeleteRuleCase', data: { caseId: id }, metadata: meta(ctx) });
    ok(ctx, { caseId: id }, '已删除案例');
  });

  /** A real application as a case; what it was actually quoted becomes the expectation (a regression case). */
  router.post('/cases/fromOrder', validate(fromOrderBody), async (ctx) => {
    const body = input<z.output<typeof fromOrderBody>>(ctx);
    const order = await aggregate(deps.eventStore, orderStreamId(body.orderId), orderDecider);
    if (order.status === 'none') throw new HttpError(ResultCode.notFound, '订单不存在');
    const lines = 'lines' in order ? order.lines : [];
    const insurers = 'insurers' in order ? order.insurers : [];
    const answered = insurers
      .map((i) => ({
        insurerId: i.request.insurerId,
        lines: lines.flatMap((l) => (i.answers[l.key] ? [i.answers[l.key]!] : [])),
      }))
      .filter((i) => i.lines.length === lines.length && i.lines.length > 0);
    const outcome = outcomeOf(answered);
    const premiums = Object.fromEntries(
      Object.entries(outcome.premiums).flatMap(([id, amount]) => (amount === null ? [] : [[id, amount]])),
    );
    await create(ctx, {
      name: body.name ?? `订单${order.orderNo || order.orderId}`,
      form: order.form,
      expected: { referral: outcome.referral, premiums, tolerance: 0.01 },
      orderId: order.orderId,
    });
  });

  router.post('/batchTests/start', validate(startBody), async (ctx) => {
    const body = input<z.output<typeof startBody>>(ctx);
    const rule = await aggregate(deps.eventStore, ruleStreamId(body.ruleId), ruleDecider);
    if (!rule.definition) throw new HttpError(ResultCode.notFound, ruleMessages.unknownRule);
    if (!rule.versions.some((v) => v.version === body.version))
      throw new HttpError(ResultCode.notFound, ruleMessages.versionNotFound);
    const caseIds = [...new Set(body.caseIds ?? [])];
    if (!(await casesExist(caseIds))) throw new HttpError(ResultCode.notFound, ruleCaseMessages.notFound);
    const runId = randomUUID();
    const result = await handleCommand(
      deps.eventStore,
      ruleTestStreamId(runId),
      batchTestDecider,
      {
        type: 'StartBatchTest',
        data: {
          runId,
          ruleId: body.ruleId,
          version: body.version,
          caseIds,
          lastN: body.lastN ?? null,
          by: caller(ctx).sub,
        },
        metadata: { now: deps.now() },
      },
      { from: 'new' },
    );
    setConsistencyToken(ctx, result.position);
    ok(ctx, { runId, status: 'queued', total: caseIds.length || body.lastN }, '批量测试已开始');
  });

  return router;
};

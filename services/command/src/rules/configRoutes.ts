import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  configCode,
  configDecider,
  configKind,
  configReason,
  configStreamId,
  type ConfigCommand,
} from '@feibao/domain/rules/config';
import { caller } from '@feibao/platform/http/auth';
import { handleCommand } from '@feibao/platform/eventStore';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';

const target = { kind: configKind, code: configCode, reason: configReason };
// The kind's own fields are checked by the decider (domain rules/config.ts), which knows them per kind.
const entryBody = z.looseObject({ ...target, enabled: z.boolean({ error: '启用状态格式错误' }).optional() });
const stepBody = z.strictObject(target);

/**
 * The rule dictionaries (docs/api/rules-config.md): create, update, disable and
 * enable one entry. Guarded by the menu route of the kind named (admin and auditor).
 */
export const ruleConfigCommandRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: `${RULES_API_PREFIX}/config` });
  const metadata = (ctx: Context) => ({ now: deps.now(), actor: caller(ctx).sub, roles: caller(ctx).roles });
  const run = async (ctx: Context, command: ConfigCommand, message: string) => {
    const result = await handleCommand(
      deps.eventStore,
      configStreamId(command.data.kind, command.data.code),
      configDecider,
      command,
    );
    setConsistencyToken(ctx, result.position);
    ok(
      ctx,
      { kind: command.data.kind, code: command.data.code, enabled: result.state.enabled, ...result.state.fields },
      message,
    );
  };

  router.post('/create', validate(entryBody), async (ctx) => {
    const { kind, code, reason, enabled, ...fields } = input<z.output<typeof entryBody>>(ctx);
    await run(
      ctx,
      { type: 'CreateConfigEntry', data: { kind, code, reason, enabled, fields }, metadata: metadata(ctx) },
      '已新增',
    );
  });
  router.post('/update', validate(entryBody.omit({ enabled: true })), async (ctx) => {
    const { kind, code, reason, ...fields } = input<z.output<typeof entryBody>>(ctx);
    await run(
      ctx,
      { type: 'UpdateConfigEntry', data: { kind, code, reason, fields }, metadata: metadata(ctx) },
      '已保存',
    );
  });
  router.post('/disable', validate(stepBody), async (ctx) => {
    await run(
      ctx,
      { type: 'DisableConfigEntry', data: input<z.output<typeof stepBody>>(ctx), metadata: metadata(ctx) },
      '已停用',
    );
  });
  router.post('/enable', validate(stepBody), async (ctx) => {
    await run(
      ctx,
      { type: 'EnableConfigEntry', data: input<z.output<typeof stepBody>>(ctx), metadata: metadata(ctx) },
      '已启用',
    );
  });
  return router;
};

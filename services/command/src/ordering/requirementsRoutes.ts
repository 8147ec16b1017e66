import Router from '@koa/router';
import type { z } from 'zod';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { requirementMessages, stateRequirementsBody } from '@feibao/domain/ordering/requirements';
import { setConsistencyToken } from '@feibao/platform/consistency';
import { handleCommand } from '@feibao/platform/eventStore';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import type { CommandDeps } from '../deps.ts';

/** 投保要求 (docs/api/requirements.md): the owner states them whole, before the purchase. */
export const requirementsRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });

  router.post('/order/requirements', validate(stateRequirementsBody), async (ctx) => {
    const { id, ...requirements } = input<z.output<typeof stateRequirementsBody>>(ctx);
    const me = caller(ctx);
    const result = await handleCommand(deps.eventStore, orderStreamId(id), orderDecider, {
      type: 'StateRequirements',
      data: { requirements },
      metadata: { now: deps.now(), actor: me.sub, roles: me.roles },
    });
    setConsistencyToken(ctx, result.position);
    ok(ctx, { id, ...requirements }, requirementMessages.stated);
  });

  return router;
};

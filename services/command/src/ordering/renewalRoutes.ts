import type Router from '@koa/router';
import type { z } from 'zod';
import { renewalMessages, renewBody } from '@feibao/domain/ordering/renewal';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { renewalHandling } from './renewal.ts';

/** 续保 (docs/api/renewal.md): one call makes the renewal order and asks its insurers. */
export const addRenewalRoutes = (router: Router, deps: CommandDeps) => {
  const renewal = renewalHandling(deps);
  router.post('/order/renew', validate(renewBody), async (ctx) => {
    const body = input<z.output<typeof renewBody>>(ctx);
    const me = caller(ctx);
    const renewed = await renewal.renew(body.id, body.insuranceCompanyIds, {
      now: deps.now(),
      actor: me.sub,
      roles: me.roles,
    });
    setConsistencyToken(ctx, renewed.position);
    ok(
      ctx,
      { id: renewed.orderId, orderNo: renewed.orderNo, startDate: renewed.startDate, gapDays: renewed.gapDays },
      renewalMessages.renewed,
    );
  });
};

import Router from '@koa/router';
import type { z } from 'zod';
import { addCertificateBody, withdrawCertificateBody } from '@feibao/domain/documents/certificateForm';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { documentHandling } from './handling.ts';

/** 投保证明: the customer names a certificate holder, or withdraws one (docs/api/documents.md). */
export const documentRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const handling = documentHandling(deps);
  const meta = (ctx: Parameters<typeof caller>[0]) => {
    const me = caller(ctx);
    return { now: deps.now(), actor: me.sub, roles: me.roles };
  };

  router.post('/order/certificate/add', validate(addCertificateBody), async (ctx) => {
    const { orderId, ...holder } = input<z.output<typeof addCertificateBody>>(ctx);
    const added = await handling.addCertificateHolder(orderId, holder, meta(ctx));
    setConsistencyToken(ctx, added.position);
    ok(ctx, { certificateId: added.certificateId }, '已添加，投保证明正在生成');
  });

  router.post('/order/certificate/withdraw', validate(withdrawCertificateBody), async (ctx) => {
    const { certificateId } = input<z.output<typeof withdrawCertificateBody>>(ctx);
    const withdrawn = await handling.withdrawCertificate(certificateId, meta(ctx));
    setConsistencyToken(ctx, withdrawn.position);
    ok(ctx, { certificateId }, '投保证明已撤销');
  });

  return router;
};

import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { disclosureMessages, publishTextSchema } from '@feibao/domain/disclosure/texts';
import { confirmTermsSchema, purchaseTermsMessages, type RequestOrigin } from '@feibao/domain/ordering/purchaseTerms';
import { setConsistencyToken } from '@feibao/platform/consistency';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import type { CommandDeps } from '../deps.ts';
import { disclosureHandling } from './handling.ts';

/** The texts shown before 投保, by order and insurer (the dialog's first call). */
export const termsShownSchema = confirmTermsSchema.pick({ id: true, insuranceCompanyId: true }).strict();

const USER_AGENT_MAX = 300;

/** 信息披露's commands (docs/api/disclosure.md): the buyer's record of the texts, an admin's new version. */
export const disclosureRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const handling = disclosureHandling(deps);
  const meta = (ctx: Context) => {
    const me = caller(ctx);
    return { now: deps.now(), actor: me.sub, roles: me.roles };
  };
  /** The address (the edge forwards the client's) and device the record keeps. */
  const origin = (ctx: Context): RequestOrigin => ({
    ip: ctx.ip || '-',
    userAgent: (ctx.get('user-agent') || '-').slice(0, USER_AGENT_MAX),
  });

  router.post('/order/purchaseTerms/shown', validate(termsShownSchema), async (ctx) => {
    const body = input<z.output<typeof termsShownSchema>>(ctx);
    const result = await handling.shown(body.id, body.insuranceCompanyId, origin(ctx), meta(ctx));
    setConsistencyToken(ctx, result.position);
    ok(ctx, { id: body.id }, purchaseTermsMessages.shown);
  });

  router.post('/order/purchaseTerms/confirm', validate(confirmTermsSchema), async (ctx) => {
    const body = input<z.output<typeof confirmTermsSchema>>(ctx);
    const texts = body.texts.map((t) => ({ kind: t.kind, coverId: t.coverId ?? null, version: t.version }));
    const result = await handling.confirm(body.id, body.insuranceCompanyId, texts, origin(ctx), meta(ctx));
    setConsistencyToken(ctx, result.position);
    ok(ctx, { id: body.id, insuranceCompanyId: body.insuranceCompanyId }, purchaseTermsMessages.confirmed);
  });

  router.post('/backoffice/disclosure/publish', validate(publishTextSchema), async (ctx) => {
    const body = input<z.output<typeof publishTextSchema>>(ctx);
    const { coverId, ...rest } = body;
    const published = await handling.publish(
      rest.kind === 'exclusions'
        ? { ...rest, coverId: coverId ?? undefined }
        : { ...rest, ...(coverId != null ? { coverId } : {}) },
      meta(ctx),
    );
    setConsistencyToken(ctx, published.position);
    ok(ctx, { key: published.key, version: published.version }, disclosureMessages.published(published.version));
  });

  return router;
};

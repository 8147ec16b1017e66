import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { PublicDisclosure, PurchaseTermsAnswer } from '@feibao/domain/disclosure/api';
import { broker, complaintChannels, deliveryNotes, disclosedInsurers } from '@feibao/domain/disclosure/broker';
import { disclosureMessages, textKey } from '@feibao/domain/disclosure/texts';
import { mayReadOrder, orderFacts, type OrderActor } from '@feibao/domain/ordering/guards';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { requiredTexts, termsRefusal } from '@feibao/domain/ordering/purchaseTerms';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { redisRateLimiter } from '@feibao/platform/rateLimit';
import { disclosureTextReader } from '@feibao/read-models/disclosure/texts';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import type { QueryAppDeps } from '../deps.ts';

const WINDOW_SECONDS = 60;
/** Public reads per address a minute: the page makes one call, a person never needs more. */
export const DISCLOSURE_READS_PER_MINUTE = 60;
const tooMany = '访问过于频繁，请稍后再试';

export const textQuery = z.object({
  key: z
    .string({ message: '文本不存在' })
    .trim()
    .regex(/^(customerNotice|purchaseInstructions|exclusions-\d{1,4})$/, '文本不存在'),
  version: z.coerce.number({ message: '版本无效' }).int('版本无效').positive('版本无效').optional(),
});
export const purchaseTermsQuery = z.object({
  id: z.string({ message: '订单不存在' }).trim().min(1, '订单不存在').max(64, '订单不存在'),
  insuranceCompanyId: z.coerce.number({ message: '保险公司无效' }).int('保险公司无效').positive('保险公司无效'),
});

/** 信息披露's reads (docs/api/disclosure.md): the public page and any text version, the buyer's texts, the editor's list. */
export const disclosureQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const limiter = redisRateLimiter(deps.redis, deps.config.queuePrefix);
  const texts = disclosureTextReader(deps.pool);
  const orders = orderReader(deps.pool);

  const publicBudget = async (ctx: Context, next: () => Promise<unknown>) => {
    if (!(await limiter.hit(`disclosure:ip:${ctx.ip}`, DISCLOSURE_READS_PER_MINUTE, WINDOW_SECONDS))) {
      ctx.set('Retry-After', String(WINDOW_SECONDS));
      throw new HttpError(ResultCode.tooManyRequests, tooMany);
    }
    await next();
  };

  router.get('/public/disclosure', publicBudget, async (ctx) => {
    const answer: PublicDisclosure = {
      broker: { ...broker },
      insurers: disclosedInsurers(),
      complaint: { ...complaintChannels },
      delivery: { ...deliveryNotes },
      texts: await texts.current(),
    };
    ctx.set('Cache-Control', 'public, max-age=60');
    ok(ctx, answer);
  });

  router.get('/public/disclosure/text', publicBudget, validate(textQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof textQuery>>(ctx);
    const text = await texts.version(q.key, q.version ?? null);
    if (!text) throw new HttpError(ResultCode.notFound, disclosureMessages.textNotFound);
    ok(ctx, text);
  });

  router.get('/order/purchaseTerms', validate(purchaseTermsQuery, 'query'), async (ctx) => {
    const q = input<z.output<typeof purchaseTermsQuery>>(ctx);
    const me = caller(ctx);
    const who: OrderActor = { actor: me.sub, roles: me.roles };
    const doc = await orders.byId(q.id);
    if (!doc || doc.order.status === 'none' || mayReadOrder(orderFacts(doc.order), who))
      throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    const insurer = doc.insurers.find((i) => i.insuranceCompanyId === q.insuranceCompanyId);
    if (!insurer || !('lines' in doc.order))
      throw new HttpError(ResultCode.conflict, orderMessages.insurerNotInInquiry);
    const inForce = new Map((await texts.current()).map((t) => [t.key, t]));
    const required = requiredTexts(doc.order.lines).map((ref) => inForce.get(textKey(ref)));
    const current = Object.fromEntries(
      [...inForce.values()].map((t) => [t.key, { version: t.version, title: t.title, sha256: t.sha256 }]),
    );
    const confirmation = doc.order.termsConfirmed?.find((c) => c.insurerId === q.insuranceCompanyId) ?? null;
    const answer: PurchaseTermsAnswer = {
      orderId: doc.id,
      insuranceCompanyId: insurer.insuranceCompanyId,
      insuranceCompanyName: insurer.insuranceCompanyName,
      texts: required.filter((t) => t !== undefined),
      confirmedAt:
        confirmation && !termsRefusal(doc.order.termsConfirmed, doc.order.lines, q.insuranceCompanyId, current)
          ? confirmation.confirmedAt
          : null,
    };
    ok(ctx, answer);
  });

  router.get('/backoffice/disclosure/texts', async (ctx) => {
    ok(ctx, await texts.history());
  });

  return router;
};

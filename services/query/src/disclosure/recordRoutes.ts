import Router from '@koa/router';
import { z } from 'zod';
import { purchaseRecordSpec } from '@feibao/domain/disclosure/purchaseRecordPdf';
import { layoutDocument } from '@feibao/domain/documents/layout';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { ResultCode } from '@feibao/domain/shared/codes';
import { maskPhone } from '@feibao/domain/shared/masking';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { purchaseRecordReader } from '@feibao/read-models/disclosure/purchaseRecords';
import { renderPdf } from '@feibao/read-models/documents/render';
import type { QueryAppDeps } from '../deps.ts';

export const purchaseRecordQuery = z.object({
  orderId: z.string({ message: '订单不存在' }).trim().min(1, '订单不存在').max(64, '订单不存在'),
});

/** The audit screen's 投保过程记录 of one order, and the same as a PDF (docs/api/disclosure.md); audit staff. */
export const purchaseRecordRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: '/api/v1/uav/backoffice/audit' });
  const records = purchaseRecordReader(deps.pool);
  const recordOf = async (orderId: string) => {
    const record = await records.byOrderId(orderId);
    if (!record) throw new HttpError(ResultCode.notFound, orderMessages.notFound);
    return record;
  };

  router.get('/purchaseRecord', validate(purchaseRecordQuery, 'query'), async (ctx) => {
    const record = await recordOf(input<z.output<typeof purchaseRecordQuery>>(ctx).orderId);
    ok(ctx, { ...record, owner: maskPhone(record.owner) });
  });

  router.get('/purchaseRecord/pdf', validate(purchaseRecordQuery, 'query'), async (ctx) => {
    const record = await recordOf(input<z.output<typeof purchaseRecordQuery>>(ctx).orderId);
    const printedAt = deps.now();
    const { bytes } = await renderPdf(layoutDocument(purchaseRecordSpec(record, printedAt)), {
      title: `投保过程记录 ${record.orderNo}`,
      subject: '投保过程记录',
      issuedAt: printedAt,
    });
    const name = `投保过程记录-${record.orderNo}.pdf`;
    ctx.type = 'application/pdf';
    ctx.set(
      'Content-Disposition',
      `attachment; filename="purchase-record-${record.orderNo}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.body = bytes;
  });

  return router;
};

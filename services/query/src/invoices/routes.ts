import Router from '@koa/router';
import type { Context, Next } from 'koa';
import {
  invoiceSearchSchema,
  staffInvoiceSearchSchema,
  type InvoiceSearch,
  type StaffInvoiceSearch,
} from '@feibao/domain/invoices/search';
import { maskPhone } from '@feibao/domain/shared/masking';
import { ResultCode, type Envelope } from '@feibao/domain/shared/codes';
import type { Invoice } from '@feibao/domain/invoices/invoice';
import type { InvoiceEnvelope, InvoicePage, InvoiceRow, StaffInvoiceRow } from '@feibao/domain/invoices/api';
import { caller } from '@feibao/platform/http/auth';
import { errorEnvelope } from '@feibao/platform/http/app';
import { input, validate } from '@feibao/platform/http/validate';
import { ok } from '@feibao/platform/http/envelope';
import { invoiceReader, type InvoiceFilter } from '@feibao/read-models/invoices/reader';
import type { QueryDeps } from '../deps.ts';

/**
 * The old invoice page reads `success` and `errMessage` beside the envelope: every answer of these
 * routes, refusals included, carries both, and code/message/data stay exactly as everywhere else.
 */
const withSuccessFlag = async (ctx: Context, next: Next) => {
  await errorEnvelope(ctx, next);
  const body = ctx.body as Envelope | undefined;
  if (!body || typeof body.code !== 'number') return;
  const success = body.code === ResultCode.success;
  ctx.body = { ...body, success, errMessage: success ? null : body.message } satisfies InvoiceEnvelope<unknown>;
};

const invoicePaths = new Set(['/api/v1/uav/invoice/page', '/api/v1/uav/backoffice/invoice/page']);

/** The invoice calls answer in their envelope with `success`, the guard's refusals too (so it runs before the guard). */
export const invoiceEnvelope = async (ctx: Context, next: Next) => {
  if (ctx.method === 'POST' && invoicePaths.has(ctx.path)) await withSuccessFlag(ctx, next);
  else await next();
};

const rowOf = ({
  id,
  invoiceNo,
  invoiceName,
  invoiceTime,
  centerBranchName,
  payStatus,
  amount,
  operator,
  orderNo,
  policyNo,
  insuranceCompanyName,
  insuredAt,
}: Invoice): InvoiceRow => ({
  id,
  invoiceNo,
  invoiceName,
  invoiceTime,
  centerBranchName,
  payStatus,
  amount,
  operator,
  orderNo,
  policyNo,
  insuranceCompanyName,
  insuredAt,
});

const filterOf = ({ currentPage: _page, pageSize: _size, ...filter }: StaffInvoiceSearch): InvoiceFilter => filter;

/**
 * Invoices (docs/api/invoices.md, docs/invoices.md): `POST /invoice/page` lists the caller's own,
 * whatever the body says; `POST /backoffice/invoice/page` every customer's, for the invoices
 * area's roles, the customer's phone masked (searchable only by the whole number). The role is checked before the body is read.
 */
export const invoiceQueryRoutes = (deps: QueryDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const reader = invoiceReader(deps.pool);

  router.post('/invoice/page', validate(invoiceSearchSchema), async (ctx) => {
    const search = input<InvoiceSearch>(ctx);
    const page = await reader.page(
      { ...filterOf(search), owner: caller(ctx).sub },
      search.currentPage,
      search.pageSize,
    );
    ok(ctx, { ...page, datas: page.datas.map(rowOf) } satisfies InvoicePage);
  });

  // `phone`: the customer's whole number, matched exactly; the rows still show it masked.
  router.post('/backoffice/invoice/page', validate(staffInvoiceSearchSchema), async (ctx) => {
    const search = input<StaffInvoiceSearch>(ctx);
    const page = await reader.page(filterOf(search), search.currentPage, search.pageSize);
    ok(ctx, {
      ...page,
      datas: page.datas.map((invoice) => ({ ...rowOf(invoice), userName: maskPhone(invoice.owner) })),
    } satisfies InvoicePage<StaffInvoiceRow>);
  });

  return router;
};

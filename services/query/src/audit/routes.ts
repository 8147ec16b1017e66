import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { pageFields } from '@feibao/domain/shared/fields';
import {
  AUDIT_PAGE_SIZE,
  auditKinds,
  auditMessages,
  type AuditHistory,
  type AuditKind,
  type AuditSearchPage,
  type AuditSubject,
} from '@feibao/domain/audit/api';
import { auditChanges, countChanges } from '@feibao/domain/audit/changeKinds';
import { auditCsv } from '@feibao/domain/audit/csv';
import { maskIdNumbersIn } from '@feibao/domain/shared/masking';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { auditReader } from '@feibao/read-models/audit/reader';
import type { QueryDeps } from '../deps.ts';

const PREFIX = '/api/v1/uav/backoffice/audit';

const searchQuery = z.object({
  q: z
    .string({ error: auditMessages.queryRequired })
    .trim()
    .min(1, { error: auditMessages.queryRequired })
    .max(64, { error: '搜索内容不能超过64个字符' }),
  ...pageFields(AUDIT_PAGE_SIZE),
});

const historyQuery = z.object({
  kind: z.enum(auditKinds, { error: auditMessages.kindInvalid }),
  id: z
    .string({ error: auditMessages.idRequired })
    .trim()
    .min(1, { error: auditMessages.idRequired })
    .max(64, { error: auditMessages.idRequired }),
  // '' (an untouched filter) means every kind of change.
  change: z
    .union([z.enum(auditChanges), z.literal('')], { error: auditMessages.changeInvalid })
    .optional()
    .transform((v) => v || undefined),
});
type HistoryQuery = z.output<typeof historyQuery>;

const notFound = (kind: AuditKind) =>
  new HttpError(ResultCode.notFound, kind === 'order' ? auditMessages.orderNotFound : auditMessages.claimNotFound);

/** Safe in a quoted header value: numbers are [A-Z0-9] today, but the header must never break. */
const fileName = (subject: AuditSubject) =>
  `${subject.kind}-${subject.number.replace(/[^A-Za-z0-9_-]/g, '_')}-audit.csv`;

/**
 * The back office's audit (docs/api/audit.md): admins find any order or claim and read
 * its whole history. Every call is guarded by the audit area's roles before its input is read,
 * so a refused caller learns nothing about what exists.
 */
export const auditQueryRoutes = (deps: QueryDeps) => {
  const router = new Router({ prefix: PREFIX });
  const audit = auditReader(deps.pool);

  const history = async (ctx: Context): Promise<AuditHistory> => {
    const { kind, id, change } = input<HistoryQuery>(ctx);
    const subject = await audit.subject(kind, id);
    if (!subject) throw notFound(kind);
    const [all, related] = await Promise.all([
      audit.entries(kind, id),
      kind === 'order' ? audit.claimsOfOrder(id) : Promise.resolve([]),
    ]);
    // Phones stay whole here (admins search and call by them); ID numbers in the rows' text (a claim's
    // injured person, a remark) do not: the audit shows what changed, the claim's form shows the number.
    const entries = (change ? all.filter((e) => e.change === change) : all).map((e) => ({
      ...e,
      details: maskIdNumbersIn(e.details),
      remark: maskIdNumbersIn(e.remark),
    }));
    return { subject, changes: countChanges(all), entries, related };
  };

  router.get('/search', validate(searchQuery, 'query'), async (ctx) => {
    const { q, currentPage, pageSize } = input<z.output<typeof searchQuery>>(ctx);
    const page: AuditSearchPage = await audit.search(q, currentPage, pageSize);
    ok(ctx, page);
  });

  router.get('/history', validate(historyQuery, 'query'), async (ctx) => {
    ok(ctx, await history(ctx));
  });

  router.get('/history.csv', validate(historyQuery, 'query'), async (ctx) => {
    const answer = await history(ctx);
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${fileName(answer.subject)}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = auditCsv(answer.entries);
  });

  return router;
};

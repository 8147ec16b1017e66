import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { notFound } from '@feibao/domain/shared/errors';
import { workbookSheets, type ExportedRule, type RuleExport } from '@feibao/domain/rules/transposition';
import type { RuleDefinition } from '@feibao/domain/rules/definition';
import { caller } from '@feibao/platform/http/auth';
import { input, validate } from '@feibao/platform/http/validate';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { ruleVersionReader } from '@feibao/read-models/rules/ruleVersions';
import type { QueryAppDeps } from '../deps.ts';
import { writeWorkbook, XLSX_MIME } from '@feibao/domain/rules/zen/workbook';

const exportQuery = z.object({
  format: z.enum(['json', 'xlsx'], { error: '导出格式只能是json或xlsx' }).default('json'),
  ruleIds: z
    .string({ error: '规则编号不正确' })
    .max(4000, { error: '规则编号不正确' })
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ]),
});

/** ASCII name for old clients, the Chinese one (RFC 5987) for the rest. */
const attachment = (ctx: Context, now: Date, name: string, ext: string, mime: string) => {
  const stamp = now.toISOString().slice(0, 10);
  ctx.set('Content-Type', mime);
  ctx.set(
    'Content-Disposition',
    `attachment; filename="rules-${stamp}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${name}-${stamp}.${ext}`)}`,
  );
  ctx.set('Cache-Control', 'private, no-store');
};

/**
 * 规则迁移's export (docs/api/rules-transposition.md): each chosen rule's enabled version (or its
 * newest when none is enabled) with its definition, as JSON or as a workbook whose table sheets
 * the import maps back. Roles named admin only (menu route ruleTransposition).
 */
export const ruleTranspositionQueryRoutes = (deps: QueryAppDeps) => {
  const router = new Router({ prefix: `${RULES_API_PREFIX}/transposition` });
  const versions = ruleVersionReader(deps.pool);

  const exported = async (ruleIds: string[]): Promise<ExportedRule[]> => {
    const all = await versions.list();
    const unknown = ruleIds.filter((id) => !all.some((r) => r.ruleId === id));
    if (unknown.length > 0) throw notFound(`规则不存在：${unknown.join('、')}`);
    const chosen = all.filter((r) => (ruleIds.length === 0 || ruleIds.includes(r.ruleId)) && r.versions.length > 0);
    const rules = await Promise.all(
      chosen.map(async (rule) => {
        const doc = await versions.version(rule.ruleId, rule.enabledVersion ?? rule.versions[0]!.version);
        // The definition joins the list with the rule definitions contract; before it a rule has none.
        const definition = (rule as { definition?: RuleDefinition | null }).definition ?? null;
        return doc
          ? { ruleId: rule.ruleId, definition, version: doc.version, status: doc.status, content: doc.content }
          : null;
      }),
    );
    return rules.filter((r) => r !== null);
  };

  router.get('/export', validate(exportQuery, 'query'), async (ctx) => {
    const { format, ruleIds } = input<z.output<typeof exportQuery>>(ctx);
    const rules = await exported(ruleIds);
    if (format === 'xlsx') {
      const bytes = await writeWorkbook(workbookSheets(rules));
      attachment(ctx, deps.now(), '规则导出', 'xlsx', XLSX_MIME);
      ctx.body = bytes;
      return;
    }
    const document: RuleExport = { exportedAt: deps.now().toISOString(), exportedBy: caller(ctx).sub, rules };
    attachment(ctx, deps.now(), '规则导出', 'json', 'application/json; charset=utf-8');
    ctx.body = JSON.stringify(document, null, 2);
  });

  return router;
};

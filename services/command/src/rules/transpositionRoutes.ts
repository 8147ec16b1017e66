import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  applyTableSheet,
  copiedRuleId,
  copiedRuleName,
  groupTableSheets,
  insurerCopyProblem,
  parseRuleExport,
  readTableSheet,
  transpositionMessages,
  type DefinitionInput,
  type TableSheet,
  type TranspositionResult,
} from '@feibao/domain/rules/transposition';
import { DomainError, invalid } from '@feibao/domain/shared/errors';
import { isPipelineStage } from '@feibao/domain/rules/definition';
import { jdmProblem, type Jdm } from '@feibao/domain/rules/jdm';
import { ruleDecider, ruleStreamId, type RuleCommand, type RuleEvent } from '@feibao/domain/rules/rule';
import { caller } from '@feibao/platform/http/auth';
import { handleCommand } from '@feibao/platform/eventStore';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { isStorableValue, malformedTextMessage } from '@feibao/platform/http/wellFormed';
import { RULES_API_PREFIX } from '@feibao/platform/http/rulesAuth';
import { setConsistencyToken } from '@feibao/platform/consistency';
import type { CommandDeps } from '../deps.ts';
import { multipartUpload, type UploadedPart } from '../files/multipart.ts';
import { definedRules } from './ruleStreams.ts';
import { readWorkbook } from '@feibao/domain/rules/zen/workbook';
import { ruleContentError } from '@feibao/domain/rules/zen/zen';

export const TRANSPOSITION_MAX_BYTES = 5 * 1024 * 1024;
const reason = z
  .string({ error: '请填写原因' })
  .trim()
  .min(1, { error: '请填写原因' })
  .max(500, { error: '原因不能超过500个字符' });
const importFields = z.object({
  format: z.enum(['json', 'xlsx'], { error: '文件格式只能是json或xlsx' }).optional(),
  reason,
});
const insurerId = z.coerce.number({ error: '保险公司不正确' }).int({ error: '保险公司不正确' });
const copyBody = z.strictObject({ fromInsurerId: insurerId, toInsurerId: insurerId, reason });

/** The `file` field of the upload (multipartUpload shared with the other upload routes: size capped while it streams). */
const uploaded = (ctx: Context): UploadedPart | null => {
  const raw = ctx.request.files?.file;
  return ((Array.isArray(raw) ? raw[0] : raw) as unknown as UploadedPart | undefined) ?? null;
};
/** Every part received, the `file` one included: none is kept after the import. */
const allParts = (ctx: Context): UploadedPart[] =>
  Object.values(ctx.request.files ?? {}).flat() as unknown as UploadedPart[];

/** The version's content as drafted, read from the rule's own stream. */
const contentOf = (events: readonly { type: string; data: unknown }[], version: number): Jdm | null => {
  const drafted = events.find(
    (e) => e.type === 'RuleVersionDrafted' && (e.data as { version: number }).version === version,
  );
  return drafted ? (drafted.data as { content: Jdm }).content : null;
};

/**
 * 规则迁移 (docs/api/rules-transposition.md): import an export (JSON or Excel) and copy one
 * insurer's rules to another. Every rule becomes a new draft through the rule decider, never an
 * enabled version; a rule not defined yet is defined from the export's definition. Each rule
 * answers on its own, so one bad rule does not stop the others. Roles named admin only.
 */
export const ruleTranspositionCommandRoutes = (deps: CommandDeps) => {
  const router = new Router({ prefix: `${RULES_API_PREFIX}/transposition` });
  const metadata = (ctx: Context) => ({ now: deps.now(), actor: caller(ctx).sub, roles: caller(ctx).roles });

  const run = async (ctx: Context, ruleId: string, command: RuleCommand) => {
    const result = await handleCommand(deps.eventStore, ruleStreamId(ruleId), ruleDecider, command);
    setConsistencyToken(ctx, result.position);
    return result;
  };
  const rule = async (ruleId: string) => {
    const stream = await deps.eventStore.readStream<RuleEvent>(ruleStreamId(ruleId));
    const events = stream.events as unknown as RuleEvent[];
    return { events, state: events.reduce(ruleDecider.evolve, ruleDecider.initialState()) };
  };

  /** Defines the rule when it is new (and a definition is at hand), then drafts the content. */
  const draft = async (
    ctx: Context,
    ruleId: string,
    content: unknown,
    why: string,
    definition: DefinitionInput | null,
  ): Promise<TranspositionResult> => {
    try {
      const problem = jdmProblem(content) ?? ruleContentError(content as Jdm);
      if (problem) return { ruleId, ok: false, message: `规则无法加载：${problem}` };
      const { state } = await rule(ruleId);
      if (!state.definition) {
        if (!definition) return { ruleId, ok: false, message: transpositionMessages.noDefinition };
        await run(ctx, ruleId, {
          type: 'DefineRule',
          data: { ruleId, ...definition, reason: why },
          metadata: metadata(ctx),
        });
      }
      const result = await run(ctx, ruleId, {
        type: 'DraftRuleVersion',
        data: { ruleId, content, reason: why },
        metadata: metadata(ctx),
      });
      return { ruleId, ok: true, version: (result.events.at(-1)!.data as { version: number }).version };
    } catch (error) {
      if (error instanceof DomainError || error instanceof HttpError)
        return { ruleId, ok: false, message: error.message };
      throw error;
    }
  };

  const importJson = async (ctx: Context, bytes: Buffer, why: string) => {
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw invalid(transpositionMessages.notExport);
    }
    // A file is input like a body: text PostgreSQL cannot store is refused, not stored (platform http/wellFormed.ts).
    if (!isStorableValue(json)) throw invalid(malformedTextMessage);
    const parsed = parseRuleExport(json);
    if ('error' in parsed) throw invalid(parsed.error);
    const results: TranspositionResult[] = [];
    // One after the other: a rule may appear twice, and each draft numbers the next.
    for (const r of parsed)
      results.push(
        r.error
          ? { ruleId: r.ruleId, ok: false, message: r.error }
          : await draft(ctx, r.ruleId, r.content, why, r.definition),
      );
    return results;
  };

  const importXlsx = async (ctx: Context, bytes: Buffer, why: string) => {
    let grids: Awaited<ReturnType<typeof readWorkbook>>;
    try {
      grids = await readWorkbook(bytes);
    } catch {
      throw invalid('文件不是有效的Excel工作簿');
    }
    if (!isStorableValue(grids)) throw invalid(malformedTextMessage);
    const read = grids.map(readTableSheet).filter((s) => s !== null);
    const bad = read.find((s) => 'error' in s);
    if (bad && 'error' in bad) throw invalid(bad.error);
    const sheets = read as TableSheet[];
    if (sheets.length === 0) throw invalid(transpositionMessages.emptyTables);
    const results: TranspositionResult[] = [];
    for (const group of groupTableSheets(sheets)) {
      if (group.error) {
        results.push({ ruleId: group.ruleId, ok: false, message: group.error });
        continue;
      }
      const { events } = await rule(group.ruleId);
      let content = contentOf(events, group.version);
      if (!content) {
        results.push({
          ruleId: group.ruleId,
          ok: false,
          message: `规则版本不存在：${group.ruleId} 版本${group.version}`,
        });
        continue;
      }
      let failure: string | null = null;
      for (const sheet of group.sheets) {
        const next = applyTableSheet(content, sheet);
        if ('error' in next) failure ??= next.error;
        else content = next;
      }
      results.push(
        failure
          ? { ruleId: group.ruleId, ok: false, message: failure }
          : await draft(ctx, group.ruleId, content, why, null),
      );
    }
    return results;
  };

  router.post(
    '/import',
    multipartUpload(path.join(tmpdir(), 'feibao-transposition'), TRANSPOSITION_MAX_BYTES),
    validate(importFields),
    async (ctx) => {
      const body = input<z.output<typeof importFields>>(ctx);
      const file = uploaded(ctx);
      if (!file) {
        await Promise.all(allParts(ctx).map((part) => rm(part.filepath, { force: true })));
        throw invalid('请选择要导入的文件');
      }
      try {
        const bytes = await readFile(file.filepath);
        const format = body.format ?? (/\.xlsx$/i.test(file.originalFilename ?? '') ? 'xlsx' : 'json');
        const results =
          format === 'xlsx' ? await importXlsx(ctx, bytes, body.reason) : await importJson(ctx, bytes, body.reason);
        ok(ctx, results, `已导入${results.filter((r) => r.ok).length}条规则为草稿`);
      } finally {
        await Promise.all(allParts(ctx).map((part) => rm(part.filepath, { force: true })));
      }
    },
  );

  router.post('/copy', validate(copyBody), async (ctx) => {
    const { fromInsurerId, toInsurerId, reason: why } = input<z.output<typeof copyBody>>(ctx);
    const problem = insurerCopyProblem(fromInsurerId, toInsurerId);
    if (problem) throw invalid(problem);
    // From the store, not a read model: every defined rule (docs/api/rules-transposition.md).
    const rules = await definedRules(deps.pool, deps.eventStore);
    const sources = rules
      .filter(
        ({ state }) =>
          state.definition && state.definition.insurerId === fromInsurerId && isPipelineStage(state.definition.stage),
      )
      .sort((a, b) => a.state.ruleId!.localeCompare(b.state.ruleId!));
    if (sources.length === 0) throw invalid(transpositionMessages.nothingToCopy);
    const results: TranspositionResult[] = [];
    for (const { state, events } of sources) {
      const source = state.definition!;
      const target = copiedRuleId(source.ruleId, fromInsurerId, toInsurerId);
      const content = state.enabled === null ? null : contentOf(events, state.enabled);
      if (!content) {
        results.push({ ruleId: target, ok: false, message: `${source.ruleId}：${transpositionMessages.noEnabled}` });
        continue;
      }
      const { ruleId: _id, ...fields } = source;
      const definition: DefinitionInput = {
        ...fields,
        insurerId: toInsurerId,
        name: copiedRuleName(source.name, fromInsurerId, toInsurerId),
      };
      results.push(
        await draft(
          ctx,
          target,
          content,
          `${why}（复制自${source.ruleId}版本${state.enabled}）`.slice(0, 500),
          definition,
        ),
      );
    }
    ok(ctx, results, `已复制${results.filter((r) => r.ok).length}条规则为草稿`);
  });

  return router;
};

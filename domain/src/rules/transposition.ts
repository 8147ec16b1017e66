import { insurerById, visibleInsurers } from '../ordering/catalogue.ts';
import {
  definitionFieldSchemas,
  ruleIdSchema,
  stageLabels,
  stageSchema,
  type RuleDefinition,
  type RuleDefinitionFields,
  type RuleStage,
} from './definition.ts';
import type { Jdm, JdmNode } from './jdm.ts';
import { tariffRuleId } from './rating.ts';
import type { RuleVersionStatus } from './rule.ts';

/**
 * 规则迁移: rule sets out of and into the platform as JSON or an Excel workbook, and one insurer's
 * rules copied to another. Pure mapping only; the workbook bytes are written and read in
 * @feibao/platform (rules/workbook.ts), the drafts recorded by the command service. An import
 * never enables anything: every rule becomes a draft that goes through review.
 */

export type ExportedRule = {
  ruleId: string;
  definition: RuleDefinition | null;
  version: number;
  status: RuleVersionStatus;
  content: Jdm;
};
export type RuleExport = { exportedAt: string; exportedBy: string; rules: ExportedRule[] };
/** One rule's answer of an import or copy. */
export type TranspositionResult =
  | { ruleId: string; ok: true; version: number }
  | { ruleId: string; ok: false; message: string };

export const transpositionMessages = {
  notExport: '文件不是规则导出文件',
  noRules: '文件中没有规则',
  badSheet: (sheet: string) => `工作表「${sheet}」格式不正确`,
  versionsDiffer: '同一规则的工作表来自不同版本',
  nodeMissing: (node: string) => `规则版本中没有决策表节点${node}`,
  noDefinition: '规则不存在，且文件中没有该规则的定义',
  noEnabled: '该规则没有启用的版本',
  unknownInsurer: '保险公司不存在',
  sameInsurer: '源保险公司与目标保险公司不能相同',
  nothingToCopy: '源保险公司没有专属的规则',
  emptyTables: '文件中没有决策表工作表',
  badColumn: (sheet: string) => `工作表「${sheet}」的列类型只能是“输入”或“输出”，且须填写字段`,
} as const;

// ---------------------------------------------------------------------------
// Excel: a summary sheet and one sheet per decision table; grids of text (the ZEN expressions).

export type Cell = string | number | null;
export type SheetGrid = { name: string; rows: Cell[][] };

export const SUMMARY_SHEET = '规则';
export const summaryHeader = ['编号', '名称', '阶段', '保险公司', '版本', '状态'] as const;
const statusLabels: Record<RuleVersionStatus, string> = {
  draft: '草稿',
  inReview: '审核中',
  approved: '已审批',
  rejected: '已驳回',
  enabled: '已启用',
  retired: '已停用',
};
const kindLabels = { input: '输入', output: '输出' } as const;
/** Rows above a table's own rows: rule, version, node, column kind, column name, column field. */
const HEAD_ROWS = 6;

type Column = { id: string; name: string; field: string };
type TableContent = { inputs: Column[]; outputs: Column[]; rules: Record<string, string>[] } & Record<string, unknown>;

const isTable = (node: JdmNode): node is JdmNode & { content: TableContent } =>
  node.type === 'decisionTableNode' && !!node.content;

/** Excel's limits: 31 characters, none of []:*?/\, not 规则, unique regardless of case. */
export const sheetName = (ruleId: string, nodeName: string, taken: Set<string>): string => {
  const base = `${ruleId}.${nodeName}`.replace(/[[\]:*?/\\]/g, '_').replace(/^'+|'+$/g, '') || 'sheet';
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `~${n}`;
    const name = base.slice(0, 31 - suffix.length) + suffix;
    const key = name.toLowerCase();
    if (key !== SUMMARY_SHEET && !taken.has(key)) {
      taken.add(key);
      return name;
    }
  }
};

const insurerName = (id: number | null) => (id === null ? '全部' : (insurerById(id)?.name ?? String(id)));

/** The workbook of an export: 规则 first, then every decision table of every rule. */
export const workbookSheets = (rules: readonly ExportedRule[]): SheetGrid[] => {
  const summary: SheetGrid = {
    name: SUMMARY_SHEET,
    rows: [
      [...summaryHeader],
      ...rules.map((r) => [
        r.ruleId,
        r.definition?.name ?? '',
        r.definition ? stageLabels[r.definition.stage] : '',
        r.definition ? insurerName(r.definition.insurerId) : '',
        r.version,
        statusLabels[r.status],
      ]),
    ],
  };
  const taken = new Set<string>();
  const tables = rules.flatMap((rule) =>
    rule.content.nodes.filter(isTable).map((node): SheetGrid => {
      const { inputs, outputs, rules: rows } = node.content;
      const columns = [
        ...inputs.map((c) => ({ ...c, kind: 'input' as const })),
        ...outputs.map((c) => ({ ...c, kind: 'output' as const })),
      ];
      return {
        name: sheetName(rule.ruleId, node.name, taken),
        rows: [
          ['规则编号', rule.ruleId],
          ['版本', rule.version],
          ['节点', node.id, node.name],
          ['列类型', ...columns.map((c) => kindLabels[c.kind])],
          ['名称', ...columns.map((c) => c.name)],
          ['字段', ...columns.map((c) => c.field)],
          ...rows.map((row) => [row._id ?? '', ...columns.map((c) => row[c.id] ?? '')]),
        ],
      };
    }),
  );
  return [summary, ...tables];
};

export type TableSheet = {
  sheet: string;
  ruleId: string;
  version: number;
  nodeId: string;
  columns: { kind: 'input' | 'output'; name: string; field: string }[];
  rows: { id: string; cells: string[] }[];
};

const text = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : String(cell).trim());

/** A table sheet back into its rule, version, node, columns and rows; the summary sheet is skipped (null). */
export const readTableSheet = (grid: SheetGrid): TableSheet | { error: string } | null => {
  if (grid.name === SUMMARY_SHEET) return null;
  const at = (r: number, c: number) => text(grid.rows[r]?.[c]);
  const version = Number(at(1, 1));
  if (at(0, 0) !== '规则编号' || !at(0, 1) || !Number.isInteger(version) || version < 1 || !at(2, 1))
    return { error: transpositionMessages.badSheet(grid.name) };
  const width = Math.max(...grid.rows.slice(3, HEAD_ROWS).map((row) => row.length), 1);
  const columns: TableSheet['columns'] = [];
  for (let c = 1; c < width; c++) {
    const [kind, name, field] = [at(3, c), at(4, c), at(5, c)];
    if (!kind && !name && !field) continue;
    const key = kind === kindLabels.input ? 'input' : kind === kindLabels.output ? 'output' : null;
    if (!key || !field) return { error: transpositionMessages.badColumn(grid.name) };
    columns.push({ kind: key, name: name || field, field });
  }
  if (!columns.some((c) => c.kind === 'output')) return { error: transpositionMessages.badColumn(grid.name) };
  const used = [...Array(width).keys()].slice(1).filter((c) => at(3, c) || at(4, c) || at(5, c));
  const rows = grid.rows
    .slice(HEAD_ROWS)
    .map((row) => ({ id: text(row[0]), cells: used.map((c) => text(row[c])) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  return { sheet: grid.name, ruleId: at(0, 1), version, nodeId: at(2, 1), columns, rows };
};

/** The version's content with the sheet's table in place of the node's; columns keep their ids when kind and field match. */
export const applyTableSheet = (content: Jdm, sheet: TableSheet): Jdm | { error: string } => {
  const node = content.nodes.find((n) => n.id === sheet.nodeId);
  if (!node || !isTable(node)) return { error: transpositionMessages.nodeMissing(sheet.nodeId) };
  const old = node.content;
  const taken = new Set([...old.inputs, ...old.outputs].map((c) => c.id));
  const fresh = (prefix: string) => {
    let n = 0;
    while (taken.has(`${prefix}${n}`)) n++;
    taken.add(`${prefix}${n}`);
    return `${prefix}${n}`;
  };
  const ids = sheet.columns.map((c) => {
    const existing = (c.kind === 'input' ? old.inputs : old.outputs).find((o) => o.field === c.field);
    return existing?.id ?? fresh(c.kind === 'input' ? 'i' : 'o');
  });
  const columnsOf = (kind: 'input' | 'output') =>
    sheet.columns.flatMap((c, i) => (c.kind === kind ? [{ id: ids[i]!, name: c.name, field: c.field }] : []));
  // Rows keep the ids they were exported with; a row typed into the sheet gets a new one.
  const rowIds = new Set(sheet.rows.map((row) => row.id).filter(Boolean));
  const seen = new Set<string>();
  let next = 0;
  const rules = sheet.rows.map((row) => {
    let id = row.id;
    if (!id || seen.has(id)) {
      while (rowIds.has(`r${next}`)) next++;
      id = `r${next}`;
      rowIds.add(id);
    }
    seen.add(id);
    return { _id: id, ...Object.fromEntries(ids.map((colId, i) => [colId, row.cells[i] ?? ''])) };
  });
  const table = { ...node, content: { ...old, inputs: columnsOf('input'), outputs: columnsOf('output'), rules } };
  return { ...content, nodes: content.nodes.map((n) => (n.id === node.id ? table : n)) };
};

/** The table sheets of a workbook grouped by rule; a rule whose sheets name different versions is an error. */
export const groupTableSheets = (sheets: readonly TableSheet[]) => {
  const byRule = new Map<string, TableSheet[]>();
  for (const sheet of sheets) byRule.set(sheet.ruleId, [...(byRule.get(sheet.ruleId) ?? []), sheet]);
  return [...byRule].map(([ruleId, list]) => ({
    ruleId,
    version: list[0]!.version,
    sheets: list,
    error: list.some((s) => s.version !== list[0]!.version) ? transpositionMessages.versionsDiffer : null,
  }));
};

// ---------------------------------------------------------------------------
// JSON

export type DefinitionInput = RuleDefinitionFields & { stage: RuleStage; rank: number };
export type ImportedRule = {
  ruleId: string;
  content: unknown;
  definition: DefinitionInput | null;
  error: string | null;
};

/** The definition an export carries, checked as the define route checks it; null when absent or unusable. */
const definitionOf = (raw: unknown): DefinitionInput | null => {
  if (!raw || typeof raw !== 'object') return null;
  const d = raw as Record<string, unknown>;
  const fields = {
    name: definitionFieldSchemas.name.safeParse(d.name),
    insurerId: definitionFieldSchemas.insurerId.safeParse(d.insurerId ?? null),
    scenes: definitionFieldSchemas.scenes.safeParse(d.scenes ?? []),
    type: definitionFieldSchemas.type.safeParse(d.type ?? null),
    source: definitionFieldSchemas.source.safeParse(d.source ?? null),
    risk: definitionFieldSchemas.risk.safeParse(d.risk ?? null),
    message: definitionFieldSchemas.message.safeParse(d.message ?? null),
    description: definitionFieldSchemas.description.safeParse(d.description ?? ''),
    stage: stageSchema.safeParse(d.stage),
  };
  if (Object.values(fields).some((f) => !f.success)) return null;
  const value = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.data])) as Omit<
    DefinitionInput,
    'rank'
  >;
  return { ...value, rank: typeof d.rank === 'number' && Number.isFinite(d.rank) ? d.rank : Number.MAX_SAFE_INTEGER };
};

/** The rules of an exported JSON document; each with its own error so one bad rule does not stop the rest. */
export const parseRuleExport = (json: unknown): ImportedRule[] | { error: string } => {
  const rules = (json as { rules?: unknown } | null)?.rules;
  if (!json || typeof json !== 'object' || !Array.isArray(rules)) return { error: transpositionMessages.notExport };
  if (rules.length === 0) return { error: transpositionMessages.noRules };
  return rules.map((raw, i): ImportedRule => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const id = ruleIdSchema.safeParse(r.ruleId);
    if (!id.success)
      return {
        ruleId: typeof r.ruleId === 'string' ? r.ruleId : `#${i + 1}`,
        content: null,
        definition: null,
        error: id.error.issues[0]!.message,
      };
    return { ruleId: id.data, content: r.content, definition: definitionOf(r.definition), error: null };
  });
};

// ---------------------------------------------------------------------------
// Copying an insurer's rules to another insurer

export const insurerCopyProblem = (fromInsurerId: number, toInsurerId: number): string | null => {
  const known = (id: number) => visibleInsurers.some((i) => i.id === id);
  if (!known(fromInsurerId) || !known(toInsurerId)) return transpositionMessages.unknownInsurer;
  if (fromInsurerId === toInsurerId) return transpositionMessages.sameInsurer;
  return null;
};

/**
 * The target insurer's counterpart of a rule: tariff-<to> for the tariff; else the id with its
 * insurer number (a `-<n>` or `-i<n>` segment) replaced, or `-i<to>` appended when it names none.
 */
export const copiedRuleId = (ruleId: string, fromInsurerId: number, toInsurerId: number): string => {
  if (ruleId === tariffRuleId(fromInsurerId)) return tariffRuleId(toInsurerId);
  const swap: Record<string, string> = {
    [String(fromInsurerId)]: String(toInsurerId),
    [`i${fromInsurerId}`]: `i${toInsurerId}`,
  };
  const parts = ruleId.split('-');
  const mapped = parts.map((part, i) => (i > 0 && swap[part] !== undefined ? swap[part] : part));
  if (mapped.some((part, i) => part !== parts[i])) return mapped.join('-');
  const suffix = `-i${toInsurerId}`;
  return ruleId.slice(0, 64 - suffix.length) + suffix;
};

/** The copy's name: the source insurer's name replaced by the target's, or the target's appended. */
export const copiedRuleName = (name: string, fromInsurerId: number, toInsurerId: number): string => {
  const from = insurerById(fromInsurerId)?.name ?? '';
  const to = insurerById(toInsurerId)?.name ?? String(toInsurerId);
  const renamed = from && name.includes(from) ? name.replaceAll(from, to) : `${name}（${to}）`;
  return renamed.slice(0, 50);
};

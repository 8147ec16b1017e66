import type { Jdm, JdmEdge, JdmNode, JdmNodeType } from '@feibao/domain/rules/jdm';

/**
 * The rule editor's state changes (docs/adr/0008-rule-editor.md): pure functions from a JDM model
 * to the next one. Existing ids stay as they are (the trace and batch-test results name rows by
 * `_id`); new ones are the first free `<prefix><n>` in their scope.
 */

export type Column = { id: string; name: string; field: string };
export type Row = { _id: string; _description?: string } & Record<string, string>;
export type HitPolicy = 'first' | 'collect';
export type TableContent = {
  hitPolicy: HitPolicy;
  inputs: Column[];
  outputs: Column[];
  rules: Row[];
  passThrough?: boolean;
  inputField?: string | null;
  outputPath?: string | null;
  executionMode?: string;
};
export type Expression = { id: string; key: string; value: string };
export type ExpressionContent = {
  expressions: Expression[];
  passThrough?: boolean;
  inputField?: string | null;
  outputPath?: string | null;
  executionMode?: string;
};
export type Statement = { id: string; condition: string };
export type SwitchContent = { hitPolicy?: string; statements: Statement[] };
export type Side = 'inputs' | 'outputs';

export const nodeTypeLabels: Partial<Record<JdmNodeType, string>> = {
  inputNode: '输入',
  outputNode: '输出',
  decisionTableNode: '决策表',
  expressionNode: '表达式',
  switchNode: '分支',
};

/** The first `<prefix><n>` not in `taken`. */
export const freshId = (prefix: string, taken: Iterable<string>) => {
  const used = new Set(taken);
  let n = 1;
  while (used.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
};

// ---------------------------------------------------------------------------
// Graph

export const nodeById = (model: Jdm, id: string) => model.nodes.find((n) => n.id === id) ?? null;

export const updateNode = (model: Jdm, id: string, change: (node: JdmNode) => JdmNode): Jdm => ({
  ...model,
  nodes: model.nodes.map((n) => (n.id === id ? change(n) : n)),
});

export const updateContent = <C>(model: Jdm, id: string, change: (content: C) => C): Jdm =>
  updateNode(model, id, (n) => ({ ...n, content: change(n.content as C) }));

export const renameNode = (model: Jdm, id: string, name: string): Jdm => updateNode(model, id, (n) => ({ ...n, name }));

/**
 * Nodes in reading order: depth first from the input along the edges as stored (a switch's
 * branches in turn), the output last, nodes no edge reaches after it.
 */
export const nodeOrder = (model: Jdm): JdmNode[] => {
  const out = new Map<string, string[]>();
  for (const e of model.edges) out.set(e.sourceId, [...(out.get(e.sourceId) ?? []), e.targetId]);
  const outputs = new Set(model.nodes.filter((n) => n.type === 'outputNode').map((n) => n.id));
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (id: string) => {
    if (seen.has(id) || outputs.has(id)) return;
    seen.add(id);
    order.push(id);
    for (const next of out.get(id) ?? []) visit(next);
  };
  for (const n of model.nodes) if (n.type === 'inputNode') visit(n.id);
  const byId = new Map(model.nodes.map((n) => [n.id, n]));
  const rest = model.nodes.filter((n) => !seen.has(n.id) && !outputs.has(n.id));
  return [...order.map((id) => byId.get(id)!), ...model.nodes.filter((n) => outputs.has(n.id)), ...rest];
};

/** A chain without branches: the editor may then add nodes anywhere in it. */
export const isLinear = (model: Jdm) =>
  !model.nodes.some((n) => n.type === 'switchNode') &&
  model.nodes.every((n) => model.edges.filter((e) => e.sourceId === n.id).length <= 1);

/** Why no node can be added after this one, or null. Branching graphs keep their edges as they are. */
export const insertProblem = (model: Jdm, id: string): string | null => {
  const node = nodeById(model, id);
  if (!node) return '节点不存在';
  if (node.type === 'outputNode') return '输出节点之后不能再添加节点';
  if (node.type === 'switchNode') return '分支节点之后的连线不能在此编辑';
  const outgoing = model.edges.filter((e) => e.sourceId === id);
  if (outgoing.length > 1 || outgoing.some((e) => e.sourceHandle)) return '该节点有多个出口，不能在其后插入节点';
  return null;
};

export type NewNodeKind = 'table' | 'expression';

const emptyContent = (kind: NewNodeKind): TableContent | ExpressionContent =>
  kind === 'table'
    ? {
        hitPolicy: 'first',
        passThrough: true,
        inputField: null,
        outputPath: null,
        executionMode: 'single',
        inputs: [{ id: 'i1', name: '条件', field: '' }],
        outputs: [{ id: 'o1', name: '结果', field: 'result' }],
        rules: [{ _id: 'r1', i1: '', o1: 'null' }],
      }
    : {
        passThrough: true,
        inputField: null,
        outputPath: null,
        executionMode: 'single',
        expressions: [{ id: 'x1', key: 'result', value: 'null' }],
      };

/**
 * Adds a table or expression node after `afterId`: its one outgoing edge now ends at the new node
 * (keeping the edge's id), and a new edge goes on to the former target. Returns the new node's id.
 */
export const insertAfter = (model: Jdm, afterId: string, kind: NewNodeKind): { model: Jdm; id: string } => {
  const problem = insertProblem(model, afterId);
  if (problem) throw new Error(problem);
  const after = nodeById(model, afterId)!;
  const id = freshId(
    'n',
    model.nodes.map((n) => n.id),
  );
  const outgoing = model.edges.find((e) => e.sourceId === afterId);
  const target = outgoing ? nodeById(model, outgoing.targetId) : null;
  const position = target
    ? {
        x: Math.round((after.position.x + target.position.x) / 2),
        y: Math.round((after.position.y + target.position.y) / 2) + 40,
      }
    : { x: after.position.x + 260, y: after.position.y };
  const node: JdmNode = {
    id,
    type: kind === 'table' ? 'decisionTableNode' : 'expressionNode',
    name: kind === 'table' ? '新决策表' : '新表达式',
    position,
    content: emptyContent(kind),
  };
  const index = model.nodes.findIndex((n) => n.id === afterId);
  const nodes = [...model.nodes.slice(0, index + 1), node, ...model.nodes.slice(index + 1)];
  const edgeIds = model.edges.map((e) => e.id);
  const edge = (sourceId: string, targetId: string): JdmEdge => ({
    id: freshId('e', edgeIds),
    type: 'edge',
    sourceId,
    targetId,
  });
  const edges = outgoing
    ? [...model.edges.map((e) => (e === outgoing ? { ...e, targetId: id } : e)), edge(id, outgoing.targetId)]
    : [...model.edges, edge(afterId, id)];
  return { model: { nodes, edges }, id };
};

/** A new rule's first version: input → one decision table → output. */
export const startingModel = (): Jdm => {
  const table = emptyContent('table');
  return {
    nodes: [
      { id: 'n1', type: 'inputNode', name: '请求', position: { x: 80, y: 80 } },
      { id: 'n2', type: 'decisionTableNode', name: '决策表', position: { x: 340, y: 80 }, content: table },
      { id: 'n3', type: 'outputNode', name: '结果', position: { x: 600, y: 80 } },
    ],
    edges: [
      { id: 'e1', type: 'edge', sourceId: 'n1', targetId: 'n2' },
      { id: 'e2', type: 'edge', sourceId: 'n2', targetId: 'n3' },
    ],
  };
};

// ---------------------------------------------------------------------------
// Decision tables

const columnIds = (t: TableContent) => [...t.inputs, ...t.outputs].map((c) => c.id);

export const setHitPolicy = (t: TableContent, hitPolicy: HitPolicy): TableContent => ({ ...t, hitPolicy });

/** A new column; its cells are empty (any) for an input, `null` for an output. */
export const addColumn = (t: TableContent, side: Side): TableContent => {
  const id = freshId(side === 'inputs' ? 'i' : 'o', columnIds(t));
  const column: Column = { id, name: side === 'inputs' ? '新条件' : '新结果', field: '' };
  const empty = side === 'inputs' ? '' : 'null';
  return { ...t, [side]: [...t[side], column], rules: t.rules.map((r) => ({ ...r, [id]: empty })) };
};

export const removeColumn = (t: TableContent, side: Side, id: string): TableContent => ({
  ...t,
  [side]: t[side].filter((c) => c.id !== id),
  rules: t.rules.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== id)) as Row),
});

export const changeColumn = (
  t: TableContent,
  side: Side,
  id: string,
  change: Partial<Pick<Column, 'name' | 'field'>>,
): TableContent => ({
  ...t,
  [side]: t[side].map((c) => (c.id === id ? { ...c, ...change } : c)),
});

/** A new row after `index` (at the end when omitted): any input, `null` outputs. */
export const addRow = (t: TableContent, index = t.rules.length - 1): TableContent => {
  const row = {
    _id: freshId(
      'r',
      t.rules.map((r) => r._id),
    ),
    ...Object.fromEntries(t.inputs.map((c) => [c.id, ''])),
    ...Object.fromEntries(t.outputs.map((c) => [c.id, 'null'])),
  } as Row;
  return { ...t, rules: [...t.rules.slice(0, index + 1), row, ...t.rules.slice(index + 1)] };
};

export const removeRow = (t: TableContent, index: number): TableContent => ({
  ...t,
  rules: t.rules.filter((_, i) => i !== index),
});

/** Moves a row up (-1) or down (+1); at either end nothing changes. With first hit, order is meaning. */
export const moveRow = (t: TableContent, index: number, delta: -1 | 1): TableContent => {
  const to = index + delta;
  if (index < 0 || index >= t.rules.length || to < 0 || to >= t.rules.length) return t;
  const rules = [...t.rules];
  [rules[index], rules[to]] = [rules[to]!, rules[index]!];
  return { ...t, rules };
};

export const setCell = (t: TableContent, index: number, columnId: string, value: string): TableContent => ({
  ...t,
  rules: t.rules.map((r, i) => (i === index ? ({ ...r, [columnId]: value } as Row) : r)),
});

export const setRowDescription = (t: TableContent, index: number, description: string): TableContent => ({
  ...t,
  rules: t.rules.map((r, i) => {
    if (i !== index) return r;
    const { _description: _, ...rest } = r;
    return (description ? { ...rest, _description: description } : rest) as Row;
  }),
});

// ---------------------------------------------------------------------------
// Expressions and switches

export const addExpression = (c: ExpressionContent): ExpressionContent => ({
  ...c,
  expressions: [
    ...c.expressions,
    {
      id: freshId(
        'x',
        c.expressions.map((x) => x.id),
      ),
      key: '',
      value: '',
    },
  ],
});
export const removeExpression = (c: ExpressionContent, id: string): ExpressionContent => ({
  ...c,
  expressions: c.expressions.filter((x) => x.id !== id),
});
export const changeExpression = (
  c: ExpressionContent,
  id: string,
  change: Partial<Pick<Expression, 'key' | 'value'>>,
): ExpressionContent => ({
  ...c,
  expressions: c.expressions.map((x) => (x.id === id ? { ...x, ...change } : x)),
});

export const setCondition = (c: SwitchContent, id: string, condition: string): SwitchContent => ({
  ...c,
  statements: c.statements.map((s) => (s.id === id ? { ...s, condition } : s)),
});

/** A switch's branches: condition (其他 for the empty one) and the node each leads to. */
export const branchesOf = (model: Jdm, id: string) => {
  const node = nodeById(model, id);
  const statements = (node?.content as SwitchContent | undefined)?.statements ?? [];
  return statements.map((s) => ({
    id: s.id,
    condition: s.condition.trim() || '其他',
    targets: model.edges
      .filter((e) => e.sourceId === id && e.sourceHandle === s.id)
      .map((e) => nodeById(model, e.targetId)?.name ?? e.targetId),
  }));
};

// ---------------------------------------------------------------------------
// Checks before 试算 and 保存 (the server loads the model again)

export type ModelProblem = { nodeId: string; message: string };

const duplicates = (values: string[]) => values.filter((v, i) => v !== '' && values.indexOf(v) !== i);

/** What the editor can tell before sending: empty names and fields, duplicate output fields and keys. */
export const modelProblems = (model: Jdm): ModelProblem[] => {
  const problems: ModelProblem[] = [];
  for (const node of model.nodes) {
    const say = (message: string) =>
      problems.push({ nodeId: node.id, message: `「${node.name || node.id}」${message}` });
    if (!node.name.trim()) say('节点名称不能为空');
    if (node.type === 'decisionTableNode') {
      const t = node.content as TableContent;
      if (t.outputs.length === 0) say('至少需要一个输出列');
      if (t.outputs.some((c) => !c.field.trim())) say('输出列的字段不能为空');
      for (const field of duplicates(t.outputs.map((c) => c.field.trim()))) say(`输出字段「${field}」重复`);
    }
    if (node.type === 'expressionNode') {
      const c = node.content as ExpressionContent;
      if (c.expressions.some((x) => !x.key.trim())) say('表达式的键不能为空');
      if (c.expressions.some((x) => !x.value.trim())) say('表达式不能为空');
      for (const key of duplicates(c.expressions.map((x) => x.key.trim()))) say(`键「${key}」重复`);
    }
  }
  return problems;
};

/** The 试算 box's text → an input object, or why not. */
export const parseTryInput = (
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `试算输入不是有效的 JSON：${(error as Error).message}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: '试算输入必须是JSON对象' };
  return { ok: true, value: value as Record<string, unknown> };
};

/**
 * The JSON Decision Model (JDM) of GoRules ZEN, as far as the rule platform writes and checks it:
 * a graph of nodes joined by edges. The engine itself runs in @feibao/platform (rules/engine.ts);
 * here the models are plain data, so the domain stays pure.
 */

export type JdmNodeType =
  | 'inputNode'
  | 'outputNode'
  | 'decisionTableNode'
  | 'expressionNode'
  | 'switchNode'
  | 'functionNode'
  | 'decisionNode'
  | 'customNode';

export type JdmNode = {
  id: string;
  type: JdmNodeType;
  name: string;
  position: { x: number; y: number };
  content?: unknown;
};
export type JdmEdge = { id: string; type: 'edge'; sourceId: string; targetId: string; sourceHandle?: string };
export type Jdm = { nodes: JdmNode[]; edges: JdmEdge[] };

/**
 * Rating must stay fast and deterministic: no JavaScript. A decision node may only name a rule of
 * the pool (规则池), which is inlined when the version is compiled (`inlinePool`).
 */
const allowedNodeTypes: readonly string[] = [
  'inputNode',
  'outputNode',
  'decisionTableNode',
  'expressionNode',
  'switchNode',
  'decisionNode',
];

const poolKeyOf = (node: Pick<JdmNode, 'type' | 'content'>): string | null => {
  if (node.type !== 'decisionNode') return null;
  const key = (node.content as { key?: unknown } | undefined)?.key;
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : null;
};

/** Why content cannot be a rule version (a Chinese message), or null. The engine compiles it afterwards. */
export const jdmProblem = (content: unknown): string | null => {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return '规则内容必须是JDM决策模型';
  const { nodes, edges } = content as { nodes?: unknown; edges?: unknown };
  if (!Array.isArray(nodes) || !Array.isArray(edges)) return '规则内容必须包含nodes和edges';
  if (nodes.length === 0 || nodes.length > 500 || edges.length > 2000) return '规则节点数量不正确';
  for (const node of nodes as Partial<JdmNode>[]) {
    if (!node || typeof node.id !== 'string' || typeof node.type !== 'string') return '规则节点缺少id或type';
    if (!allowedNodeTypes.includes(node.type))
      return `规则中不允许使用${node.type}节点（仅支持决策表、表达式、分支和规则池节点）`;
    if (node.type === 'decisionNode' && !poolKeyOf(node as JdmNode)) return '规则池节点必须指定引用的规则编号';
  }
  const types = (nodes as JdmNode[]).map((n) => n.type);
  if (types.filter((t) => t === 'inputNode').length !== 1 || !types.includes('outputNode'))
    return '规则必须有一个输入节点和输出节点';
  const ids = new Set((nodes as JdmNode[]).map((n) => n.id));
  for (const edge of edges as Partial<JdmEdge>[]) {
    if (!edge || !ids.has(String(edge.sourceId)) || !ids.has(String(edge.targetId))) return '规则连线指向不存在的节点';
  }
  return null;
};

// ---------------------------------------------------------------------------
// The pool: shared pieces a rule refers to by a decision node whose content.key is a pool rule id.

/** The pool rules a model refers to, each once. */
export const poolReferences = (model: Jdm): string[] => [...new Set(model.nodes.flatMap((n) => poolKeyOf(n) ?? []))];

export class PoolReferenceError extends Error {}

/**
 * The model with every pool reference replaced by the referenced model's own nodes: edges into the
 * decision node go to what the piece's input fed, and what fed the piece's output goes on to the
 * decision node's successors. The engine then runs one flat graph, the same as calling the piece.
 * `resolve` answers the piece's current model; nesting is followed up to 5 levels, cycles refused.
 */
export const inlinePool = (model: Jdm, resolve: (key: string) => Jdm | null, trail: readonly string[] = []): Jdm => {
  if (!model.nodes.some((n) => poolKeyOf(n))) return model;
  if (trail.length >= 5) throw new PoolReferenceError(`规则池引用层级过深：${trail.join(' → ')}`);
  const nodes: JdmNode[] = [];
  const edges: JdmEdge[] = [];
  let edgeNo = 0;
  const edge = (sourceId: string, targetId: string, sourceHandle?: string) =>
    edges.push({
      id: `pool-e${++edgeNo}`,
      type: 'edge',
      sourceId,
      targetId,
      ...(sourceHandle ? { sourceHandle } : {}),
    });
  // Per inlined node: where its incoming edges now go, and where its outgoing edges now come from.
  const entries = new Map<string, string[]>();
  const exits = new Map<string, { id: string; handle?: string }[]>();
  const passes = new Set<string>();
  for (const node of model.nodes) {
    const key = poolKeyOf(node);
    if (!key) {
      nodes.push(node);
      continue;
    }
    if (trail.includes(key)) throw new PoolReferenceError(`规则池引用形成循环：${[...trail, key].join(' → ')}`);
    const found = resolve(key);
    if (!found) throw new PoolReferenceError(`规则池中没有已启用的规则：${key}`);
    const piece = inlinePool(found, resolve, [...trail, key]);
    const prefix = `${node.id}/`;
    const input = piece.nodes.find((n) => n.type === 'inputNode')?.id;
    const outputs = new Set(piece.nodes.filter((n) => n.type === 'outputNode').map((n) => n.id));
    for (const inner of piece.nodes)
      if (inner.id !== input && !outputs.has(inner.id))
        nodes.push({ ...inner, id: prefix + inner.id, name: `${node.name}/${inner.name}` });
    entries.set(node.id, []);
    exits.set(node.id, []);
    for (const e of piece.edges) {
      const fromInput = e.sourceId === input;
      const toOutput = outputs.has(e.targetId);
      if (fromInput && toOutput) passes.add(node.id);
      else if (fromInput) entries.get(node.id)!.push(prefix + e.targetId);
      else if (toOutput)
        exits.get(node.id)!.push({ id: prefix + e.sourceId, ...(e.sourceHandle ? { handle: e.sourceHandle } : {}) });
      else edge(prefix + e.sourceId, prefix + e.targetId, e.sourceHandle);
    }
  }
  for (const e of model.edges) {
    const sources = exits.get(e.sourceId) ?? [
      { id: e.sourceId, ...(e.sourceHandle ? { handle: e.sourceHandle } : {}) },
    ];
    const targets = entries.get(e.targetId) ?? [e.targetId];
    for (const source of sources) for (const target of targets) edge(source.id, target, source.handle);
    // A piece that hands its input straight to its output joins its neighbours directly.
    if (passes.has(e.targetId))
      for (const next of model.edges.filter((o) => o.sourceId === e.targetId))
        edge(e.sourceId, next.targetId, e.sourceHandle);
  }
  return { nodes, edges };
};

// ---------------------------------------------------------------------------
// A small builder for the seeded models: ids in creation order, a grid layout for the editor.

export type TableRow = { when: readonly string[]; give: readonly string[] };

export const graph = () => {
  const nodes: JdmNode[] = [];
  const edges: JdmEdge[] = [];
  const add = (type: JdmNodeType, name: string, content?: unknown) => {
    const id = `n${nodes.length + 1}`;
    const i = nodes.length;
    nodes.push({
      id,
      type,
      name,
      position: { x: 80 + (i % 8) * 260, y: 80 + Math.floor(i / 8) * 160 },
      ...(content === undefined ? {} : { content }),
    });
    return id;
  };
  const link = (sourceId: string, targetId: string, sourceHandle?: string) => {
    edges.push({
      id: `e${edges.length + 1}`,
      type: 'edge',
      sourceId,
      targetId,
      ...(sourceHandle ? { sourceHandle } : {}),
    });
  };
  return {
    input: () => add('inputNode', '请求'),
    output: () => add('outputNode', '结果'),
    /** First hit; passes its input through and adds the outputs, so the next node sees both. */
    table: (
      name: string,
      inputs: readonly [field: string, label: string][],
      outputs: readonly [field: string, label: string][],
      rows: readonly TableRow[],
    ) =>
      add('decisionTableNode', name, {
        hitPolicy: 'first',
        passThrough: true,
        inputField: null,
        outputPath: null,
        executionMode: 'single',
        inputs: inputs.map(([field, label], i) => ({ id: `i${i}`, name: label, field })),
        outputs: outputs.map(([field, label], i) => ({ id: `o${i}`, name: label, field })),
        rules: rows.map((row, r) => ({
          _id: `r${r}`,
          ...Object.fromEntries(inputs.map((_, i) => [`i${i}`, row.when[i] ?? ''])),
          ...Object.fromEntries(outputs.map((_, i) => [`o${i}`, row.give[i] ?? 'null'])),
        })),
      }),
    /** Later expressions see earlier ones as `$.key`. */
    expression: (name: string, expressions: readonly [key: string, value: string][], passThrough = false) =>
      add('expressionNode', name, {
        passThrough,
        inputField: null,
        outputPath: null,
        executionMode: 'single',
        expressions: expressions.map(([key, value], i) => ({ id: `x${i}`, key, value })),
      }),
    /** Returns the node and one handle per condition ('' is the otherwise branch). */
    switch: (name: string, conditions: readonly string[]) => {
      const id = add('switchNode', name, {
        hitPolicy: 'first',
        statements: conditions.map((condition, i) => ({ id: `s${i}`, condition })),
      });
      return { id, handles: conditions.map((_, i) => `s${i}`) };
    },
    link,
    chain: (...ids: string[]) => {
      for (let i = 1; i < ids.length; i++) link(ids[i - 1]!, ids[i]!);
    },
    done: (): Jdm => ({ nodes, edges }),
  };
};

/** A string literal of the expression language. */
export const str = (s: string) => JSON.stringify(s);
export const num = (n: number) => String(n);

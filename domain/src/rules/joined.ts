import type { Jdm, JdmEdge, JdmNode } from './jdm.ts';
import type { TraceStep } from './rating.ts';
import {
  evaluatedExpressions,
  readTrace,
  type ExpressionContent,
  type Marks,
  type SwitchContent,
  type TableContent,
  type Transform,
} from './joinedTrace.ts';

/**
 * One engine call for all the rules a quote line runs through (docs/adr/0014-one-engine-call-per-line.md).
 * Most of a ZEN evaluation's cost is the call itself (the hop to its native pool and back), so the
 * rules of a line are joined into one model: each rule's nodes copied under its own prefix, all fed by
 * one input node, each rule's result gathered by a collector under its own key of the answer.
 *
 * The engine's own trace of such a model costs several times the evaluation (it carries every node's
 * input), so a traced model marks instead what the compact trace keeps: each table gets an extra
 * output column with the matched row's id and a copy of its outputs (and a last row that only marks,
 * for when no row matches), each expression node an extra expression copying its results, all under
 * `__fb`, which the data carries on to the collector. A switch branch is seen taken by the table or
 * expression only it leads to, or else by a one-line expression node on the branch. `readTrace`
 * (joinedTrace.ts) turns the marks into the same compact trace `compactTrace` makes from the
 * engine's trace.
 */

/** What the platform reads of a rule's output (rating.ts `verdictOf`, `lineQuoteOf`; the customer message). */
export const VERDICT_FIELDS = ['kind', 'premium', 'deductible', 'reason', 'referral', 'decline', 'hit'] as const;

/** `$nodes` and `$root` would see other rules' data in the joined model; `__fb` names the marks. */
const RESERVED = /\$nodes|\$root|__fb/;
/** Expression keys a mark can read back as `$.key`. */
const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const plain = (c: Transform | undefined) =>
  !c?.inputField?.trim() && !c?.outputPath?.trim() && (c?.executionMode ?? 'single') === 'single';

/**
 * Whether a model (pool pieces already inlined) runs the same joined with others: one input and one
 * output node, every node on a path to the output (the engine stops at the output node), first-hit
 * tables and expressions without input fields, output paths or loops, expression keys that are
 * plain paths, no `$nodes` or `$root`. Others are evaluated on their own, as before.
 */
export const joinable = (model: Jdm): boolean => {
  const inputs = model.nodes.filter((n) => n.type === 'inputNode');
  const outputs = model.nodes.filter((n) => n.type === 'outputNode');
  if (inputs.length !== 1 || outputs.length !== 1 || RESERVED.test(JSON.stringify(model))) return false;
  for (const node of model.nodes) {
    if (node.type === 'decisionTableNode') {
      const content = node.content as TableContent | undefined;
      if (!content || (content.hitPolicy ?? 'first') !== 'first' || !plain(content)) return false;
    } else if (node.type === 'expressionNode') {
      const content = node.content as ExpressionContent | undefined;
      if (!content || !plain(content) || evaluatedExpressions(content).some((x) => !PATH.test(x.key))) return false;
    } else if (!['inputNode', 'outputNode', 'switchNode'].includes(node.type)) return false;
  }
  const ids = new Set(model.nodes.map((n) => n.id));
  if (
    model.edges.some(
      (e) =>
        !ids.has(e.sourceId) || !ids.has(e.targetId) || e.targetId === inputs[0]!.id || e.sourceId === outputs[0]!.id,
    )
  )
    return false;
  // Every node must lead to the output: walk the edges backwards from it.
  const reached = new Set([outputs[0]!.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const e of model.edges)
      if (reached.has(e.targetId) && !reached.has(e.sourceId)) {
        reached.add(e.sourceId);
        grew = true;
      }
  }
  return reached.size === model.nodes.length;
};

export type LineStep = { ruleId: string; model: Jdm };
export type StepResult = { output: Record<string, unknown>; trace: TraceStep[] };
export type JoinedRules = {
  /** The joined model: its input is the line's facts. */
  model: Jdm;
  /** Each step's output (its VERDICT_FIELDS) and, when traced, its compact trace, from the joined model's answer. */
  read(answer: unknown): StepResult[];
};

const expressionNode = (
  id: string,
  outputPath: string | null,
  pairs: readonly (readonly [string, string])[],
): JdmNode => ({
  id,
  type: 'expressionNode',
  name: id,
  position: { x: 0, y: 0 },
  content: {
    inputField: null,
    outputPath,
    passThrough: false,
    executionMode: 'single',
    expressions: pairs.map(([key, value], i) => ({ id: `x${i}`, key, value })),
  },
});

/**
 * Marks are written under one key (`__fb` is reserved in rules) and carried along with the data:
 * tables and expressions that pass their input through carry them anyway, the others get an extra
 * column or expression that copies them, so the marks of every node that ran reach the rule's output.
 */
const MARKS = '__fb';
const CARRY = `${MARKS} ?? {}`;

/**
 * A table that also writes, as mark `name`, the matched row's id and its outputs as the engine's
 * trace shows them: one array `[row id, output 1, …]` (one value to write and hand over, not an object).
 */
const markedTable = (content: TableContent, name: string): TableContent => {
  const id = `${MARKS}${name}`;
  const passThrough = content.passThrough === true;
  // An empty cell writes nothing: the trace then shows what the input had there (passed through) or nothing.
  const copy = (cell: string | undefined, field: string) => `(${cell ? cell : passThrough ? field : 'null'})`;
  const mark = (row: Record<string, string> | null) =>
    `[${[row && typeof row._id === 'string' ? JSON.stringify(row._id) : 'null', ...content.outputs.map((o) => copy(row?.[o.id], o.field))].join(', ')}]`;
  const columns = [
    ...(passThrough ? [] : [{ id: `${id}c`, name: id, field: MARKS }]),
    { id, name: id, field: `${MARKS}.${name}` },
  ];
  const cells = (row: Record<string, string> | null) => ({
    ...(passThrough ? {} : { [`${id}c`]: CARRY }),
    [id]: mark(row),
  });
  // The last row matches when no other does and writes only the marks (empty cells write nothing).
  const none = {
    ...Object.fromEntries([...content.inputs, ...content.outputs].map((c) => [c.id, ''])),
    ...cells(null),
  };
  return {
    ...content,
    outputs: [...content.outputs, ...columns],
    rules: [...content.rules.map((row) => ({ ...row, ...cells(row) })), none],
  };
};

/** An expression node that also carries the marks (unless it passes its input through) and writes its results as mark `name`: `[result 1, …]`. */
const markedExpression = (content: ExpressionContent, name: string): ExpressionContent => {
  const results = evaluatedExpressions(content).map((x) => `$.${x.key}`);
  // After the rule's own expressions, so they see `$` as before.
  const carry = content.passThrough === true ? [] : [{ id: `${MARKS}${name}c`, key: MARKS, value: CARRY }];
  const mark =
    results.length > 0 ? [{ id: `${MARKS}${name}`, key: `${MARKS}.${name}`, value: `[${results.join(', ')}]` }] : [];
  return { ...content, expressions: [...content.expressions, ...carry, ...mark] };
};

/**
 * A switch whose branches may all be untaken gets one more, taken only then, to a gatherer: the
 * marks of what ran before it would be lost with the branches otherwise.
 */
const mayStopHere = (content: SwitchContent) =>
  (content.hitPolicy ?? 'first') !== 'first' || !content.statements.some((st) => st.condition.trim() === '');

/** One step's part of the joined model; returns how to read its result and trace back. */
const joinStep = (
  step: LineStep,
  k: number,
  traced: boolean,
  add: (node: JdmNode) => void,
  link: (source: string, target: string, handle?: string) => void,
) => {
  const { model } = step;
  const prefix = `${k}/`;
  const inputId = model.nodes.find((n) => n.type === 'inputNode')!.id;
  const outputId = model.nodes.find((n) => n.type === 'outputNode')!.id;
  const collector = `${prefix}=`;
  const resultKey = `${MARKS}R${k}`;
  const local = (id: string) => (id === inputId ? 'in' : id === outputId ? collector : prefix + id);
  // One array, not an object of seven mostly null fields: less to build and hand over on every call.
  add(
    expressionNode(collector, resultKey, [
      ['fields', `[${VERDICT_FIELDS.join(', ')}]`],
      ...(traced ? [['marks', MARKS] as const] : []),
    ]),
  );
  link(collector, 'out');
  const resultOf = (answer: Record<string, unknown>) =>
    (answer[resultKey] ?? {}) as { fields?: unknown[]; marks?: Record<string, unknown> };
  const output = (answer: Record<string, unknown>) => {
    const fields = resultOf(answer).fields ?? [];
    const result: Record<string, unknown> = {};
    for (let i = 0; i < VERDICT_FIELDS.length; i++)
      if (fields[i] !== null && fields[i] !== undefined) result[VERDICT_FIELDS[i]!] = fields[i];
    return result;
  };
  if (!traced) {
    for (const node of model.nodes)
      if (node.id !== inputId && node.id !== outputId) add({ ...node, id: prefix + node.id });
    for (const e of model.edges) link(local(e.sourceId), local(e.targetId), e.sourceHandle);
    return (answer: Record<string, unknown>): StepResult => ({ output: output(answer), trace: [] });
  }

  const marks: Marks = { node: new Map(), statement: new Map() };
  const markOf = (i: number) => `T${i}`;
  // Branch marks and the marks of a switch that took no branch reach the output through the gatherer.
  const gatherer = `${prefix}#marks`;
  const gatheredKey = `${MARKS}M${k}`;
  let gathered = 0;
  const gather = (id: string, handle?: string) => {
    link(id, gatherer, handle);
    gathered++;
  };
  model.nodes.forEach((node, i) => {
    if (node.id === inputId || node.id === outputId) return;
    const id = prefix + node.id;
    if (node.type === 'decisionTableNode') {
      add({ ...node, id, content: markedTable(node.content as TableContent, markOf(i)) });
      marks.node.set(i, markOf(i));
    } else if (node.type === 'expressionNode') {
      const content = node.content as ExpressionContent;
      add({ ...node, id, content: markedExpression(content, markOf(i)) });
      if (evaluatedExpressions(content).length > 0) marks.node.set(i, markOf(i));
    } else {
      const content = node.content as SwitchContent;
      if (!mayStopHere(content)) add({ ...node, id });
      else {
        add({
          ...node,
          id,
          content: { ...content, statements: [...content.statements, { id: `${MARKS}none`, condition: '' }] },
        });
        gather(id, `${MARKS}none`);
      }
    }
  });
  // A branch is seen taken when it leads to a marked node that nothing else leads to; other branches get a mark of their own.
  model.nodes.forEach((node, i) => {
    if (node.type !== 'switchNode') return;
    (node.content as SwitchContent).statements.forEach((statement, s) => {
      const witness = model.edges.find(
        (e) =>
          e.sourceId === node.id &&
          e.sourceHandle === statement.id &&
          marks.node.has(model.nodes.findIndex((n) => n.id === e.targetId)) &&
          model.edges.every(
            (o) => o.targetId !== e.targetId || (o.sourceId === node.id && o.sourceHandle === statement.id),
          ),
      );
      if (witness)
        marks.statement.set(`${i}/${s}`, marks.node.get(model.nodes.findIndex((n) => n.id === witness.targetId))!);
      else {
        const mark = `S${i}_${s}`;
        add(expressionNode(`${prefix}${node.id}#${s}`, null, [[`${MARKS}.${mark}`, 'true']]));
        link(prefix + node.id, `${prefix}${node.id}#${s}`, statement.id);
        gather(`${prefix}${node.id}#${s}`);
        marks.statement.set(`${i}/${s}`, mark);
      }
    });
  });
  for (const e of model.edges) link(local(e.sourceId), local(e.targetId), e.sourceHandle);
  // A node without inputs would never run, and hold the output back.
  if (gathered > 0) {
    add(expressionNode(gatherer, gatheredKey, [['all', MARKS]]));
    link(gatherer, 'out');
  }
  const trace = readTrace(step.ruleId, model, marks);
  return (answer: Record<string, unknown>): StepResult => {
    const carried = resultOf(answer).marks ?? {};
    const other = (answer[gatheredKey] as { all?: Record<string, unknown> } | undefined)?.all;
    return { output: output(answer), trace: trace(other ? { ...carried, ...other } : carried) };
  };
};

/** The joined model of `steps` (each `joinable`), every step fed the same facts. */
export const joinRules = (steps: readonly LineStep[], traced: boolean): JoinedRules => {
  const nodes: JdmNode[] = [
    { id: 'in', type: 'inputNode', name: 'in', position: { x: 0, y: 0 } },
    { id: 'out', type: 'outputNode', name: 'out', position: { x: 0, y: 0 } },
  ];
  const edges: JdmEdge[] = [];
  const add = (node: JdmNode) => nodes.push(node);
  const link = (sourceId: string, targetId: string, sourceHandle?: string) =>
    edges.push({ id: `e${edges.length}`, type: 'edge', sourceId, targetId, ...(sourceHandle ? { sourceHandle } : {}) });
  const readers = steps.map((step, k) => joinStep(step, k, traced, add, link));
  return {
    model: { nodes, edges },
    read: (answer) => {
      const object = (answer && typeof answer === 'object' ? answer : {}) as Record<string, unknown>;
      return readers.map((read) => read(object));
    },
  };
};

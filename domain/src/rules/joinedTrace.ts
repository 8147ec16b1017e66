import type { Jdm } from './jdm.ts';
import type { TraceStep } from './rating.ts';

/** The node contents a joined model reads and rewrites (ZEN's JDM, the fields used here). */
export type Transform = {
  inputField?: string | null;
  outputPath?: string | null;
  executionMode?: string;
  passThrough?: boolean;
};
export type TableContent = Transform & {
  hitPolicy?: string;
  inputs: { id: string; name: string; field?: string | null }[];
  outputs: { id: string; name: string; field: string }[];
  rules: Record<string, string>[];
};
export type ExpressionContent = Transform & { expressions: { id: string; key: string; value: string }[] };
export type SwitchContent = { hitPolicy?: string; statements: { id: string; condition: string }[] };

export const evaluatedExpressions = (content: ExpressionContent) =>
  content.expressions.filter((x) => x.key !== '' && x.value !== '');

/**
 * Where a joined model (joined.ts) left its marks, per node index of one rule's model: `node` for
 * tables (`[row id, outputs…]`) and expressions (`[results…]`) that write one, `statement`
 * (`${node}/${statement}`) for each switch branch, the mark that shows it was taken.
 */
export type Marks = { node: Map<number, string>; statement: Map<string, string> };
type Answer = Record<string, unknown>;

/** The order the trace lists nodes in: a topological order of the model, earlier nodes of the model first among the ready ones. */
const topologicalOrder = (model: Jdm): number[] => {
  const index = new Map(model.nodes.map((n, i) => [n.id, i]));
  const waiting = model.nodes.map((n) => model.edges.filter((e) => e.targetId === n.id).length);
  const ready = model.nodes.flatMap((_, i) => (waiting[i] === 0 ? [i] : []));
  const order: number[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const next = ready.shift()!;
    order.push(next);
    for (const e of model.edges)
      if (e.sourceId === model.nodes[next]!.id) {
        const target = index.get(e.targetId)!;
        if (--waiting[target]! === 0) ready.push(target);
      }
  }
  return order;
};

/**
 * The compact trace of one rule from a joined model's answer: per node that ran, in a topological
 * order of the model, what `compactTrace` (rating.ts) keeps of the engine's trace. Everything but
 * the reading is worked out here, once per joined model: the reader runs for every line of every quote.
 */
export const readTrace = (ruleId: string, model: Jdm, marks: Marks): ((answer: Answer) => TraceStep[]) => {
  const indexOf = new Map(model.nodes.map((n, i) => [n.id, i]));
  const statementsOf = (i: number) => (model.nodes[i]!.content as SwitchContent).statements;
  const taken = model.nodes.map((node, i) =>
    node.type === 'switchNode' ? statementsOf(i).map((_, s) => marks.statement.get(`${i}/${s}`)!) : [],
  );
  const incoming = model.nodes.map((node) =>
    model.edges
      .filter((e) => e.targetId === node.id)
      .map((e) => {
        const source = indexOf.get(e.sourceId)!;
        // An edge from a switch lives if its branch was taken; one without a branch the engine always drops.
        const branch =
          model.nodes[source]!.type === 'switchNode'
            ? (taken[source]![statementsOf(source).findIndex((st) => st.id === e.sourceHandle)] ?? null)
            : undefined;
        return { source, branch };
      }),
  );
  /** A marked node ran when its mark is there; another when one of its incoming edges lives (the engine drops a node left without any). */
  const ran = (answer: Answer, memo: Int8Array, i: number): boolean => {
    if (memo[i] !== 0) return memo[i] === 1;
    const mark = marks.node.get(i);
    let value = model.nodes[i]!.type === 'inputNode';
    if (!value && mark !== undefined) value = answer[mark] !== undefined;
    else if (!value)
      for (const { source, branch } of incoming[i]!)
        if (branch !== null && ran(answer, memo, source) && (branch === undefined || answer[branch] !== undefined)) {
          value = true;
          break;
        }
    memo[i] = value ? 1 : -1;
    return value;
  };

  /** `fields`: what the trace calls each value of the mark, from `first` on. Plain loops: this runs for every line of every quote. */
  const copy = (mark: readonly unknown[], fields: readonly string[], first: number) => {
    const output: Record<string, unknown> = {};
    for (let j = 0; j < fields.length; j++) output[fields[j]!] = mark[first + j] ?? null;
    return output;
  };
  const steps = topologicalOrder(model).flatMap((i): { i: number; read: (answer: Answer) => TraceStep }[] => {
    const node = model.nodes[i]!;
    const rule = ruleId;
    const name = node.name;
    const markOf = (answer: Answer) =>
      (Array.isArray(answer[marks.node.get(i)!]) ? answer[marks.node.get(i)!] : []) as unknown[];
    switch (node.type) {
      case 'decisionTableNode': {
        const fields = (node.content as TableContent).outputs.map((o) => o.field);
        return [
          {
            i,
            read: (answer) => {
              const mark = markOf(answer);
              const row = mark[0];
              const output = copy(mark, fields, 1);
              return typeof row === 'string' && row !== ''
                ? { rule, node: name, type: 'decisionTable', matched: row, output }
                : { rule, node: name, type: 'decisionTable', output };
            },
          },
        ];
      }
      case 'expressionNode': {
        const fields = evaluatedExpressions(node.content as ExpressionContent).map((x) => x.key);
        return [
          { i, read: (answer) => ({ rule, node: name, type: 'expression', output: copy(markOf(answer), fields, 0) }) },
        ];
      }
      case 'switchNode': {
        const branches = statementsOf(i).map((st, s) => [st.condition || '其他', taken[i]![s]!] as const);
        return [
          {
            i,
            read: (answer) => {
              let matched = '';
              for (const [condition, mark] of branches)
                if (answer[mark] !== undefined) matched = matched === '' ? condition : `${matched} | ${condition}`;
              return { rule, node: name, type: 'switch', matched };
            },
          },
        ];
      }
      default:
        return [];
    }
  });

  // Reused: reading is synchronous, and a typed array per read costs the garbage collector more than the read.
  const memo = new Int8Array(model.nodes.length);
  return (answer) => {
    memo.fill(0);
    const trace: TraceStep[] = [];
    for (const { i, read } of steps) if (ran(answer, memo, i)) trace.push(read(answer));
    return trace;
  };
};

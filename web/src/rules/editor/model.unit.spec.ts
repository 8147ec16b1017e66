import { describe, expect, it } from 'vitest';
import { seededRules } from '@feibao/domain/rules/seed/seededRules';
import type { Jdm } from '@feibao/domain/rules/jdm';
import {
  addColumn,
  addExpression,
  addRow,
  branchesOf,
  changeColumn,
  insertAfter,
  insertProblem,
  isLinear,
  modelProblems,
  moveRow,
  nodeOrder,
  parseTryInput,
  removeColumn,
  removeExpression,
  removeRow,
  renameNode,
  setCell,
  setCondition,
  setRowDescription,
  startingModel,
  type ExpressionContent,
  type SwitchContent,
  type TableContent,
} from './model.ts';

const seeded = (ruleId: string): Jdm => seededRules().find((r) => r.ruleId === ruleId)!.content;
const tableOf = (model: Jdm, id = 'n2') => model.nodes.find((n) => n.id === id)!.content as TableContent;

describe('decision tables', () => {
  const start = tableOf(startingModel());

  it('adds rows with fresh ids and keeps the ids of existing rows through moves and removals', () => {
    const three = addRow(addRow(start), 0);
    expect(three.rules.map((r) => r._id)).toEqual(['r1', 'r3', 'r2']);
    expect(three.rules[1]).toEqual({ _id: 'r3', i1: '', o1: 'null' });
    const moved = moveRow(three, 2, -1);
    expect(moved.rules.map((r) => r._id)).toEqual(['r1', 'r2', 'r3']);
    expect(moveRow(moved, 0, -1)).toBe(moved);
    expect(moveRow(moved, 2, 1)).toBe(moved);
    const removed = removeRow(moved, 0);
    expect(removed.rules.map((r) => r._id)).toEqual(['r2', 'r3']);
    expect(addRow(removed).rules.map((r) => r._id)).toEqual(['r2', 'r3', 'r1']);
  });

  it('edits cells and row descriptions without touching other rows', () => {
    const t = setCell(addRow(start), 1, 'i1', '> 10');
    expect(t.rules.map((r) => r.i1)).toEqual(['', '> 10']);
    const described = setRowDescription(t, 0, '兜底');
    expect(described.rules[0]!._description).toBe('兜底');
    expect(setRowDescription(described, 0, '').rules[0]).not.toHaveProperty('_description');
  });

  it('adds, renames and removes columns with their cells', () => {
    const wider = addColumn(addColumn(start, 'inputs'), 'outputs');
    expect(wider.inputs.map((c) => c.id)).toEqual(['i1', 'i2']);
    expect(wider.outputs.map((c) => c.id)).toEqual(['o1', 'o2']);
    expect(wider.rules[0]).toMatchObject({ i2: '', o2: 'null' });
    const renamed = changeColumn(wider, 'outputs', 'o2', { field: 'factor.age', name: '机龄系数' });
    expect(renamed.outputs[1]).toEqual({ id: 'o2', field: 'factor.age', name: '机龄系数' });
    const narrower = removeColumn(renamed, 'inputs', 'i1');
    expect(narrower.inputs.map((c) => c.id)).toEqual(['i2']);
    expect(narrower.rules[0]).not.toHaveProperty('i1');
    expect(addColumn(narrower, 'inputs').inputs.map((c) => c.id)).toEqual(['i2', 'i1']);
  });
});

describe('graph', () => {
  it('inserts a node into a chain, rewiring the edge and keeping ids unique', () => {
    const { model, id } = insertAfter(startingModel(), 'n2', 'expression');
    expect(id).toBe('n4');
    expect(model.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n4', 'n3']);
    expect(model.edges).toEqual([
      { id: 'e1', type: 'edge', sourceId: 'n1', targetId: 'n2' },
      { id: 'e2', type: 'edge', sourceId: 'n2', targetId: 'n4' },
      { id: 'e3', type: 'edge', sourceId: 'n4', targetId: 'n3' },
    ]);
    expect(nodeOrder(model).map((n) => n.id)).toEqual(['n1', 'n2', 'n4', 'n3']);
    const again = insertAfter(model, 'n1', 'table');
    expect(again.id).toBe('n5');
    expect(nodeOrder(again.model).map((n) => n.id)).toEqual(['n1', 'n5', 'n2', 'n4', 'n3']);
    expect(new Set(again.model.edges.map((e) => e.id)).size).toBe(again.model.edges.length);
    expect(isLinear(again.model)).toBe(true);
  });

  it('keeps a branching graph as it is: no insert after a switch or the output, but after a node with one exit', () => {
    const tariff = seeded('tariff-1');
    expect(isLinear(tariff)).toBe(false);
    const covers = tariff.nodes.find((n) => n.type === 'switchNode')!;
    const output = tariff.nodes.find((n) => n.type === 'outputNode')!;
    expect(insertProblem(tariff, covers.id)).toBe('分支节点之后的连线不能在此编辑');
    expect(insertProblem(tariff, output.id)).toBe('输出节点之后不能再添加节点');
    expect(() => insertAfter(tariff, covers.id, 'table')).toThrow();
    const limits = tariff.nodes.find((n) => n.name === '三者险责任限额')!;
    const { model } = insertAfter(tariff, limits.id, 'table');
    expect(model.edges.filter((e) => e.sourceHandle)).toEqual(tariff.edges.filter((e) => e.sourceHandle));
    expect(model.edges).toHaveLength(tariff.edges.length + 1);
  });

  it('orders nodes from the input along the edges, the output last', () => {
    const order = nodeOrder(seeded('tariff-1'));
    expect(order[0]!.type).toBe('inputNode');
    expect(order[1]!.name).toBe('险种');
    expect(order[2]!.name).toBe('机身险资料检查');
    expect(order.at(-1)!.type).toBe('outputNode');
    expect(order).toHaveLength(seeded('tariff-1').nodes.length);
  });

  it('renames nodes, edits expressions and switch conditions, and lists a switch branches', () => {
    const tariff = seeded('tariff-1');
    const covers = tariff.nodes.find((n) => n.type === 'switchNode')!;
    expect(renameNode(tariff, covers.id, '按险种').nodes.find((n) => n.id === covers.id)!.name).toBe('按险种');
    const branches = branchesOf(tariff, covers.id);
    expect(branches[0]).toEqual({ id: 's0', condition: 'cover == 1', targets: ['机身险资料检查'] });
    expect(branches.at(-1)).toMatchObject({ condition: '其他', targets: ['暂无费率'] });
    const changed = setCondition(covers.content as SwitchContent, 's0', 'cover == 11');
    expect(changed.statements[0]!.condition).toBe('cover == 11');
    const expressions: ExpressionContent = { expressions: [{ id: 'x1', key: 'a', value: '1' }] };
    const added = addExpression(expressions);
    expect(added.expressions.map((x) => x.id)).toEqual(['x1', 'x2']);
    expect(removeExpression(added, 'x1').expressions.map((x) => x.id)).toEqual(['x2']);
  });

  it('reports empty fields and duplicate keys in Chinese', () => {
    expect(modelProblems(startingModel())).toEqual([]);
    const { model, id } = insertAfter(startingModel(), 'n2', 'expression');
    const bad = renameNode(
      {
        ...model,
        nodes: model.nodes.map((n) =>
          n.id === id ? { ...n, content: addExpression(n.content as ExpressionContent) } : n,
        ),
      },
      'n2',
      ' ',
    );
    expect(modelProblems(bad).map((p) => p.message)).toEqual([
      '「 」节点名称不能为空',
      '「新表达式」表达式的键不能为空',
      '「新表达式」表达式不能为空',
    ]);
    expect(parseTryInput('[1]')).toEqual({ ok: false, message: '试算输入必须是JSON对象' });
    expect(parseTryInput('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseTryInput('{').ok).toBe(false);
  });
});

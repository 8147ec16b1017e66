import { Button, ButtonGroup, Callout, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import type { Jdm, JdmNode } from '@feibao/domain/rules/jdm';
import { useDictionary } from './api.ts';
import {
  addColumn,
  addExpression,
  addRow,
  branchesOf,
  changeColumn,
  changeExpression,
  type Column,
  type ExpressionContent,
  type HitPolicy,
  moveRow,
  removeColumn,
  removeExpression,
  removeRow,
  setCell,
  setCondition,
  setHitPolicy,
  setRowDescription,
  type Side,
  type SwitchContent,
  type TableContent,
} from './model.ts';

type Props<C> = { node: JdmNode; content: C; onChange: (content: C) => void };

const hitPolicies: { value: HitPolicy; label: string }[] = [
  { value: 'first', label: '首个命中（first）' },
  { value: 'collect', label: '全部命中（collect）' },
];
const sideLabels: Record<Side, string> = { inputs: '条件列（输入）', outputs: '结果列（输出）' };

/**
 * A decision table: hit policy, its columns (field and label) and a grid of cells. A cell is a ZEN
 * unary test for inputs (`> 10`, `"A"`, empty = any) and an expression for outputs.
 */
export const TableEditor = ({ node, content: t, onChange }: Props<TableContent>) => (
  <div data-testid="rules-editor-table">
    <FormGroup label="命中策略" labelFor={`hit-${node.id}`} inline>
      <HTMLSelect
        id={`hit-${node.id}`}
        value={t.hitPolicy}
        onChange={(e) => onChange(setHitPolicy(t, e.target.value as HitPolicy))}
        options={hitPolicies}
      />
    </FormGroup>
    <div className="rp-ed-columns">
      {(['inputs', 'outputs'] as const).map((side) => (
        <ColumnList key={side} side={side} columns={t[side]} onChange={onChange} table={t} />
      ))}
    </div>
    <div className="rp-ed-grid-scroll" data-testid="rules-editor-grid">
      <table className="bp6-html-table bp6-compact rp-ed-grid">
        <thead>
          <tr>
            <th>#</th>
            {t.inputs.map((c) => (
              <th key={c.id} className="rp-ed-in" title={c.field}>
                {c.name || c.field || '（任意）'}
              </th>
            ))}
            {t.outputs.map((c) => (
              <th key={c.id} className="rp-ed-out" title={c.field}>
                {c.name || c.field}
              </th>
            ))}
            <th>说明</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {t.rules.map((row, index) => (
            <tr key={row._id} data-testid="rules-editor-row" data-row={row._id}>
              <td className="rp-muted">{index + 1}</td>
              {[...t.inputs, ...t.outputs].map((c) => (
                <td key={c.id}>
                  <InputGroup
                    size="small"
                    className="rp-ed-cell"
                    value={row[c.id] ?? ''}
                    placeholder={t.inputs.includes(c) ? '任意' : ''}
                    aria-label={`第${index + 1}行 ${c.name || c.field}`}
                    onValueChange={(v) => onChange(setCell(t, index, c.id, v))}
                  />
                </td>
              ))}
              <td>
                <InputGroup
                  size="small"
                  className="rp-ed-cell"
                  value={row._description ?? ''}
                  aria-label={`第${index + 1}行 说明`}
                  onValueChange={(v) => onChange(setRowDescription(t, index, v))}
                />
              </td>
              <td className="rp-ed-row-actions">
                <ButtonGroup variant="minimal">
                  <Button
                    size="small"
                    icon="arrow-up"
                    aria-label={`上移第${index + 1}行`}
                    disabled={index === 0}
                    onClick={() => onChange(moveRow(t, index, -1))}
                  />
                  <Button
                    size="small"
                    icon="arrow-down"
                    aria-label={`下移第${index + 1}行`}
                    disabled={index === t.rules.length - 1}
                    onClick={() => onChange(moveRow(t, index, 1))}
                  />
                  <Button
                    size="small"
                    icon="add-row-bottom"
                    aria-label={`在第${index + 1}行后插入`}
                    onClick={() => onChange(addRow(t, index))}
                  />
                  <Button
                    size="small"
                    icon="trash"
                    intent="danger"
                    aria-label={`删除第${index + 1}行`}
                    onClick={() => onChange(removeRow(t, index))}
                  />
                </ButtonGroup>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    <Button className="rp-ed-add" icon="add" text="添加行" onClick={() => onChange(addRow(t))} />
  </div>
);

/** 关键字管理's keywords offered as fields (the input still takes any path). */
const KEYWORDS_LIST = 'rp-ed-keywords';
const KeywordOptions = () => {
  const { data } = useDictionary('keyword');
  return (
    <datalist id={KEYWORDS_LIST}>
      {(data ?? []).map((k) => (
        <option
          key={k.code}
          value={k.code}
          label={k.name ? `${k.name}${k.category ? `（${k.category}）` : ''}` : undefined}
        />
      ))}
    </datalist>
  );
};

const ColumnList = ({
  side,
  columns,
  table,
  onChange,
}: {
  side: Side;
  columns: Column[];
  table: TableContent;
  onChange: (t: TableContent) => void;
}) => (
  <fieldset className="rp-ed-column-list">
    <legend>{sideLabels[side]}</legend>
    {side === 'inputs' && <KeywordOptions />}
    {columns.map((c) => (
      <div key={c.id} className="rp-ed-column">
        <InputGroup
          size="small"
          value={c.field}
          placeholder="字段，如 drone.price"
          aria-label={`${c.name} 字段`}
          list={KEYWORDS_LIST}
          onValueChange={(field) => onChange(changeColumn(table, side, c.id, { field }))}
        />
        <InputGroup
          size="small"
          value={c.name}
          placeholder="名称"
          aria-label={`${c.field || c.id} 名称`}
          onValueChange={(name) => onChange(changeColumn(table, side, c.id, { name }))}
        />
        <Button
          size="small"
          variant="minimal"
          icon="cross"
          intent="danger"
          aria-label={`删除列 ${c.name || c.field}`}
          onClick={() => onChange(removeColumn(table, side, c.id))}
        />
      </div>
    ))}
    <Button
      size="small"
      variant="minimal"
      icon="add-column-right"
      text="添加列"
      onClick={() => onChange(addColumn(table, side))}
    />
  </fieldset>
);

/** key = expression, evaluated in order; later rows see earlier ones as `$.key`. */
export const ExpressionEditor = ({ content: c, onChange }: Props<ExpressionContent>) => (
  <div data-testid="rules-editor-expressions">
    {c.expressions.map((x) => (
      <div key={x.id} className="rp-ed-expression">
        <InputGroup
          size="small"
          className="rp-ed-key"
          value={x.key}
          placeholder="键"
          aria-label={`键 ${x.key}`}
          onValueChange={(key) => onChange(changeExpression(c, x.id, { key }))}
        />
        <span className="rp-muted">=</span>
        <InputGroup
          size="small"
          className="rp-ed-value"
          value={x.value}
          placeholder="表达式"
          aria-label={`表达式 ${x.key}`}
          onValueChange={(value) => onChange(changeExpression(c, x.id, { value }))}
        />
        <Button
          size="small"
          variant="minimal"
          icon="trash"
          intent="danger"
          aria-label={`删除 ${x.key}`}
          onClick={() => onChange(removeExpression(c, x.id))}
        />
      </div>
    ))}
    <Button className="rp-ed-add" icon="add" text="添加表达式" onClick={() => onChange(addExpression(c))} />
  </div>
);

/** Conditions are text; where each branch leads is the graph's, shown and kept as it is. */
export const SwitchEditor = ({ node, model, content: c, onChange }: Props<SwitchContent> & { model: Jdm }) => {
  const branches = branchesOf(model, node.id);
  return (
    <div data-testid="rules-editor-switch">
      {c.statements.map((s, i) => (
        <div key={s.id} className="rp-ed-expression">
          <Tag minimal>{i + 1}</Tag>
          <InputGroup
            size="small"
            className="rp-ed-value"
            value={s.condition}
            placeholder="其他（以上都不满足）"
            aria-label={`条件 ${i + 1}`}
            onValueChange={(v) => onChange(setCondition(c, s.id, v))}
          />
          <span className="rp-muted rp-ed-target">→ {branches[i]?.targets.join('、') || '（未连接）'}</span>
        </div>
      ))}
      <Callout intent="primary" compact className="rp-ed-note">
        分支的走向由规则图决定，这里只能修改条件文字。
      </Callout>
    </div>
  );
};

import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Callout, Card, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import type { Jdm, JdmNode } from '@feibao/domain/rules/jdm';
import { useRuleName, useRuleVersion } from '../review/api.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import { ExpressionEditor, SwitchEditor, TableEditor } from './NodeEditors.tsx';
import { SaveDialog, SavedCallout } from './SaveDialog.tsx';
import { StartPanel } from './StartPanel.tsx';
import { TryPanel } from './TryPanel.tsx';
import {
  type ExpressionContent,
  insertAfter,
  insertProblem,
  isLinear,
  modelProblems,
  type NewNodeKind,
  nodeOrder,
  nodeTypeLabels,
  renameNode,
  startingModel,
  type SwitchContent,
  type TableContent,
  updateContent,
} from './model.ts';
import './editor.css';

/**
 * 新增复合规则 (docs/adr/0008-rule-editor.md): `?ruleId=&version=` edits a copy of that version,
 * `?ruleId=` alone starts the rule's model afresh, nothing opens the picker and the new-rule form.
 */
export default function EditorPage() {
  const [params] = useSearchParams();
  const ruleId = params.get('ruleId');
  const version = Number(params.get('version')) || null;
  return (
    <RulesScreen route="complexRuleAdd" testId="rules-editor">
      {!ruleId ? (
        <StartPanel />
      ) : version ? (
        <VersionLoader ruleId={ruleId} version={version} />
      ) : (
        <Editor key={ruleId} ruleId={ruleId} source={null} initial={startingModel()} />
      )}
    </RulesScreen>
  );
}

const VersionLoader = ({ ruleId, version }: { ruleId: string; version: number }) => {
  const { data, error, mutate } = useRuleVersion(ruleId, version);
  return (
    <Loaded data={data} error={error} retry={() => void mutate()}>
      {(found) => <Editor key={`${ruleId}@${version}`} ruleId={ruleId} source={version} initial={found.content} />}
    </Loaded>
  );
};

const editable: readonly string[] = ['decisionTableNode', 'expressionNode', 'switchNode'];
const firstEditable = (model: Jdm) =>
  nodeOrder(model).find((n) => editable.includes(n.type))?.id ?? model.nodes[0]?.id ?? '';

const Editor = ({ ruleId, source, initial }: { ruleId: string; source: number | null; initial: Jdm }) => {
  const ruleName = useRuleName();
  const [model, setModel] = useState<Jdm>(initial);
  const [selected, setSelected] = useState(() => firstEditable(initial));
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const order = useMemo(() => nodeOrder(model), [model]);
  const problems = useMemo(() => modelProblems(model), [model]);
  const node = model.nodes.find((n) => n.id === selected) ?? null;
  const shown = filter.trim() ? order.filter((n) => n.name.includes(filter.trim())) : order;
  const change = (next: Jdm) => {
    setModel(next);
    setSaved(null);
  };
  const insert = (kind: NewNodeKind) => {
    if (!node) return;
    const result = insertAfter(model, node.id, kind);
    change(result.model);
    setSelected(result.id);
  };
  return (
    <>
      <div className="rp-ed-head">
        <div>
          <strong data-testid="rules-editor-rule">
            {ruleName(ruleId)}（{ruleId}）
          </strong>
          <span className="rp-muted">
            {' '}
            {source ? `以版本${source}为底稿` : '新模型'} · 共{model.nodes.length}个节点
          </span>
        </div>
        <div className="rp-ed-head-actions">
          <Link to="/rules/complexRuleAdd" className="bp6-button bp6-minimal">
            换一个规则
          </Link>
          <Button
            intent="primary"
            icon="floppy-disk"
            text="保存草稿"
            disabled={problems.length > 0}
            onClick={() => setSaving(true)}
            data-testid="rules-editor-save"
          />
        </div>
      </div>
      {saved !== null && <SavedCallout ruleId={ruleId} version={saved} />}
      {!isLinear(model) && (
        <Callout intent="primary" compact className="rp-ed-note" data-testid="rules-editor-branch-note">
          该规则含分支：可以修改各节点的名称和内容，并在只有一个出口的节点后插入节点；分支的走向保持不变，不能在此重新连线。
        </Callout>
      )}
      {problems.length > 0 && (
        <Callout intent="danger" compact className="rp-ed-note" data-testid="rules-editor-problems">
          {problems.map((p) => (
            <div key={`${p.nodeId}-${p.message}`}>{p.message}</div>
          ))}
        </Callout>
      )}
      <div className="rp-ed-layout">
        <Card className="rp-ed-card rp-ed-nodes" data-testid="rules-editor-nodes">
          <InputGroup
            leftIcon="search"
            size="small"
            placeholder="筛选节点"
            aria-label="筛选节点"
            value={filter}
            onValueChange={setFilter}
          />
          <ol className="rp-ed-node-list">
            {shown.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  className={n.id === selected ? 'rp-ed-node rp-ed-node-active' : 'rp-ed-node'}
                  onClick={() => setSelected(n.id)}
                  data-testid="rules-editor-node"
                >
                  <Tag minimal className="rp-ed-node-type">
                    {nodeTypeLabels[n.type] ?? n.type}
                  </Tag>
                  <span>{n.name || n.id}</span>
                </button>
              </li>
            ))}
          </ol>
        </Card>
        <div className="rp-ed-main">
          {node && <NodeCard key={node.id} node={node} model={model} onChange={change} onInsert={insert} />}
          <TryPanel ruleId={ruleId} model={model} />
        </div>
      </div>
      {saving && (
        <SaveDialog ruleId={ruleId} source={source} model={model} onClose={() => setSaving(false)} onSaved={setSaved} />
      )}
    </>
  );
};

const NodeCard = ({
  node,
  model,
  onChange,
  onInsert,
}: {
  node: JdmNode;
  model: Jdm;
  onChange: (m: Jdm) => void;
  onInsert: (kind: NewNodeKind) => void;
}) => {
  const blocked = insertProblem(model, node.id);
  const content = <C,>(next: C) => onChange(updateContent<C>(model, node.id, () => next));
  return (
    <Card className="rp-ed-card" data-testid="rules-editor-node-card" data-node={node.id}>
      <div className="rp-ed-node-head">
        <Tag intent="primary" minimal>
          {nodeTypeLabels[node.type] ?? node.type}
        </Tag>
        <FormGroup label="节点名称" labelFor="rules-node-name" inline className="rp-ed-name">
          <InputGroup
            id="rules-node-name"
            value={node.name}
            onValueChange={(name) => onChange(renameNode(model, node.id, name))}
          />
        </FormGroup>
      </div>
      {node.type === 'decisionTableNode' && (
        <TableEditor node={node} content={node.content as TableContent} onChange={content} />
      )}
      {node.type === 'expressionNode' && (
        <ExpressionEditor node={node} content={node.content as ExpressionContent} onChange={content} />
      )}
      {node.type === 'switchNode' && (
        <SwitchEditor node={node} model={model} content={node.content as SwitchContent} onChange={content} />
      )}
      {!editable.includes(node.type) && (
        <p className="rp-muted">
          {node.type === 'inputNode'
            ? '输入节点：规则收到的数据从这里进入。'
            : node.type === 'outputNode'
              ? '输出节点：最后一个节点的结果即规则的输出。'
              : '该类型的节点不能在此编辑，保存时原样保留。'}
        </p>
      )}
      <div className="rp-ed-insert">
        <Button
          size="small"
          icon="th"
          text="在后面添加决策表"
          disabled={blocked !== null}
          onClick={() => onInsert('table')}
        />
        <Button
          size="small"
          icon="function"
          text="在后面添加表达式"
          disabled={blocked !== null}
          onClick={() => onInsert('expression')}
        />
        {blocked && <span className="rp-muted">{blocked}</span>}
      </div>
    </Card>
  );
};

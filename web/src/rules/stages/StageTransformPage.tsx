import { useState } from 'react';
import { Button, Callout, Card, FormGroup, HTMLSelect, Tag } from '@blueprintjs/core';
import { PipelineStages, stageLabels, type PipelineStage } from '@feibao/domain/rules/definition';
import { notify } from '../api/notify.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import { moveRule, useRuleRows, withDefinition } from './api.ts';
import {
  enabledLabel,
  insurerLabel,
  stageColumns,
  stageMove,
  stepMove,
  type DefinedRule,
  type MoveRequest,
  type StageColumn,
} from './model.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';
import { useForm } from '../../shared/form.tsx';
import './stages.css';

type Pending = { rule: DefinedRule; kind: 'up' | 'down' | 'stage' };

/** 阶段转换: the pipeline's four stages with their rules in run order; move a rule within or between stages. */
export const StageTransformPage = () => {
  const { data, error, mutate } = useRuleRows();
  const [pending, setPending] = useState<Pending | null>(null);
  return (
    <RulesScreen route="stageTransform" testId="rules-stages">
      <Callout icon="flow-linear" className="rp-stage-help">
        每家保险公司的每个险种依次经过下列阶段，阶段内按顺序执行：拒保即停止；首个转人工结论优先于报价；第一个给出的价格生效。各公司的阶段顺序在「公司规则阶段合并」中调整。
      </Callout>
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {(rows) => (
          <div className="rp-stage-columns">
            {stageColumns(rows).map((column, i) => (
              <StageCard
                key={column.stage}
                column={column}
                last={i === PipelineStages.length - 1}
                onMove={(rule, kind) => setPending({ rule, kind })}
              />
            ))}
          </div>
        )}
      </Loaded>
      {pending && data && (
        <MoveDialog
          pending={pending}
          columns={stageColumns(data)}
          onClose={() => setPending(null)}
          onMoved={(definition) => void mutate((rows) => withDefinition(rows, definition), { revalidate: false })}
        />
      )}
    </RulesScreen>
  );
};

const StageCard = ({
  column,
  last,
  onMove,
}: {
  column: StageColumn;
  last: boolean;
  onMove: (rule: DefinedRule, kind: Pending['kind']) => void;
}) => (
  <Card className="rp-stage-column" data-testid="rules-stage-column" data-stage={column.stage}>
    <h3>
      {column.label}
      <span className="rp-muted">{column.rules.length} 条</span>
      {!last && (
        <span className="rp-stage-arrow" aria-hidden="true">
          →
        </span>
      )}
    </h3>
    {column.rules.length === 0 && <p className="rp-muted">本阶段暂无规则。</p>}
    <ol className="rp-stage-rules">
      {column.rules.map((rule, i) => (
        <li key={rule.ruleId} data-testid="rules-stage-rule" data-rule={rule.ruleId}>
          <div className="rp-stage-rule-head">
            <strong>{rule.definition.name}</strong>
            <Tag minimal intent={rule.enabledVersion === null ? 'none' : 'success'}>
              {enabledLabel(rule)}
            </Tag>
          </div>
          <div className="rp-muted rp-stage-rule-meta">
            {rule.ruleId} · {insurerLabel(rule.definition.insurerId)}
          </div>
          <div className="rp-stage-rule-actions">
            <Button
              size="small"
              variant="minimal"
              icon="arrow-up"
              disabled={i === 0}
              onClick={() => onMove(rule, 'up')}
              aria-label={`上移 ${rule.ruleId}`}
            />
            <Button
              size="small"
              variant="minimal"
              icon="arrow-down"
              disabled={i === column.rules.length - 1}
              onClick={() => onMove(rule, 'down')}
              aria-label={`下移 ${rule.ruleId}`}
            />
            <Button
              size="small"
              variant="minimal"
              icon="exchange"
              text="移动到…"
              onClick={() => onMove(rule, 'stage')}
              aria-label={`移动到… ${rule.ruleId}`}
            />
          </div>
        </li>
      ))}
    </ol>
  </Card>
);

const MoveDialog = ({
  pending,
  columns,
  onClose,
  onMoved,
}: {
  pending: Pending;
  columns: StageColumn[];
  onClose: () => void;
  onMoved: (d: Awaited<ReturnType<typeof moveRule>>) => void;
}) => {
  const { rule, kind } = pending;
  const others = PipelineStages.filter((s) => s !== rule.definition.stage);
  const { values, set } = useForm<{ target: PipelineStage }>({ target: others[0]! });
  const { target } = values;
  const move: MoveRequest | null =
    kind === 'stage' ? stageMove(columns, rule.ruleId, target) : stepMove(columns, rule.ruleId, kind);
  const title =
    kind === 'stage'
      ? `移动「${rule.definition.name}」到其他阶段`
      : `${kind === 'up' ? '上移' : '下移'}「${rule.definition.name}」`;
  return (
    <ReasonDialog
      look="rules"
      title={title}
      problem={move ? null : '无法移动'}
      onClose={onClose}
      run={async (reason) => {
        onMoved(await moveRule(move!, reason));
        notify.success('已调整');
      }}
    >
      {kind === 'stage' ? (
        <FormGroup label="目标阶段" labelFor="rules-stage-target" helperText="移动后排在目标阶段最后，可再上移调整。">
          <HTMLSelect
            id="rules-stage-target"
            fill
            value={target}
            onChange={(e) => set('target', e.target.value as PipelineStage)}
            options={others.map((s) => ({ value: s, label: stageLabels[s] }))}
          />
        </FormGroup>
      ) : (
        <p>
          在「{stageLabels[rule.definition.stage]}」阶段内{kind === 'up' ? '提前' : '推后'}一位执行。
        </p>
      )}
    </ReasonDialog>
  );
};

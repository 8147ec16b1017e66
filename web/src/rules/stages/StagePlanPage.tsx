import { useState } from 'react';
import { Button, Card, Checkbox, Tag } from '@blueprintjs/core';
import { visibleInsurers, type Insurer } from '@feibao/domain/ordering/catalogue';
import { PipelineStages, stageLabels, type PipelineStage } from '@feibao/domain/rules/definition';
import { rulesRequest } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import { saveConfig, useEngineConfig, withEntry } from './api.ts';
import {
  moveStep,
  planStages,
  planSteps,
  stageOrderOf,
  stageOrderText,
  toggleStep,
  type PlanStep,
  type StagePlanEntry,
} from './model.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';
import './stages.css';

type Editing = { insurer: Insurer; entry: StagePlanEntry | undefined; stages: PipelineStage[] | null };

/** 公司规则阶段合并: per insurer, which pipeline stages its lines pass through and in what order. */
export const StagePlanPage = () => {
  const { data, error, mutate } = useEngineConfig('stagePlan');
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <RulesScreen route="companyRuleStageMerge" testId="rules-stage-merge">
      <p className="rp-muted">
        未设置的保险公司按默认顺序 {stageOrderText(PipelineStages)}{' '}
        执行。去掉某阶段后该公司不再执行该阶段的规则（例如去掉核保转人工，高价无人机也自动报价）；费率阶段必须保留。
      </p>
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {(entries) => (
          <div className="rp-plan-cards">
            {visibleInsurers.map((insurer) => {
              const entry = entries.find((e) => e.code === String(insurer.id));
              return (
                <PlanCard
                  key={`${insurer.id}:${stageOrderOf(entry).join()}`}
                  insurer={insurer}
                  entry={entry}
                  onSave={(stages) => setEditing({ insurer, entry, stages })}
                  onReset={() => setEditing({ insurer, entry, stages: null })}
                />
              );
            })}
          </div>
        )}
      </Loaded>
      {editing && (
        <ReasonDialog
          look="rules"
          title={`${editing.stages ? '保存阶段顺序' : '恢复默认顺序'}：${editing.insurer.name}`}
          onClose={() => setEditing(null)}
          run={async (reason) => {
            const stages = editing.stages ?? [...PipelineStages];
            const body = {
              kind: 'stagePlan' as const,
              code: String(editing.insurer.id),
              insurerId: editing.insurer.id,
              stages,
              reason,
            };
            let saved = await saveConfig(editing.entry !== undefined, body);
            if (editing.entry && !editing.entry.enabled)
              saved = await rulesRequest<StagePlanEntry>('/api/v1/rules/config/enable', {
                body: { kind: 'stagePlan', code: body.code, reason },
              });
            void mutate((list) => withEntry(list, saved), { revalidate: false });
            notify.success('已保存');
          }}
        >
          <p data-testid="rules-plan-preview">{stageOrderText(editing.stages ?? PipelineStages)}</p>
        </ReasonDialog>
      )}
    </RulesScreen>
  );
};

const PlanCard = ({
  insurer,
  entry,
  onSave,
  onReset,
}: {
  insurer: Insurer;
  entry: StagePlanEntry | undefined;
  onSave: (stages: PipelineStage[]) => void;
  onReset: () => void;
}) => {
  const current = stageOrderOf(entry);
  const [steps, setSteps] = useState<PlanStep[]>(() => planSteps(current));
  const changed = planStages(steps).join() !== current.join();
  const isDefault = current.join() === PipelineStages.join();
  return (
    <Card className="rp-plan-card" data-testid="rules-plan-card" data-insurer={insurer.id}>
      <h3>
        {insurer.name}
        <Tag minimal intent={isDefault ? 'none' : 'primary'}>
          {isDefault ? '默认' : '已调整'}
        </Tag>
      </h3>
      <p className="rp-muted" data-testid="rules-plan-current">
        当前：{stageOrderText(current)}
      </p>
      <ol className="rp-plan-steps">
        {steps.map((step, i) => (
          <li key={step.stage} className={step.included ? undefined : 'rp-plan-off'}>
            <Checkbox
              checked={step.included}
              disabled={step.stage === 'rating'}
              label={stageLabels[step.stage]}
              onChange={() => setSteps((s) => toggleStep(s, step.stage))}
              aria-label={`${insurer.name} 执行${stageLabels[step.stage]}`}
            />
            <span>
              <Button
                size="small"
                variant="minimal"
                icon="arrow-up"
                disabled={i === 0}
                onClick={() => setSteps((s) => moveStep(s, i, 'up'))}
                aria-label={`${insurer.name} 上移${stageLabels[step.stage]}`}
              />
              <Button
                size="small"
                variant="minimal"
                icon="arrow-down"
                disabled={i === steps.length - 1}
                onClick={() => setSteps((s) => moveStep(s, i, 'down'))}
                aria-label={`${insurer.name} 下移${stageLabels[step.stage]}`}
              />
            </span>
          </li>
        ))}
      </ol>
      <div className="rp-plan-actions">
        <Button size="small" text="恢复默认" disabled={isDefault && entry === undefined} onClick={onReset} />
        <Button
          size="small"
          intent="primary"
          text="保存"
          disabled={!changed}
          onClick={() => onSave(planStages(steps))}
          data-testid="rules-plan-save"
        />
      </div>
    </Card>
  );
};

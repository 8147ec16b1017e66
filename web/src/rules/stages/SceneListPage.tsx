import { useState } from 'react';
import { Button, Card, Checkbox, Switch, Tag } from '@blueprintjs/core';
import { applicationFields } from '@feibao/domain/ordering/catalogue';
import { stageLabels } from '@feibao/domain/rules/definition';
import { notify } from '../api/notify.ts';
import { useFrame } from '../frame.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import { updateScenes, useRuleRows, withDefinition } from './api.ts';
import { enabledLabel, insurerLabel, sceneCards, scenesText, toggleScene, type DefinedRule } from './model.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';
import { useForm } from '../../shared/form.tsx';
import './stages.css';

/** 我的场景: per application field of the insure form, the rules that look at it, the caller's first. */
export const SceneListPage = () => {
  const { profile } = useFrame();
  const { data, error, mutate } = useRuleRows();
  const [onlyMine, setOnlyMine] = useState(false);
  const [editing, setEditing] = useState<DefinedRule | null>(null);
  return (
    <RulesScreen route="mySceneList" testId="rules-scenes">
      <div className="rp-toolbar">
        <Switch
          checked={onlyMine}
          label="只看我的"
          onChange={(e) => setOnlyMine(e.currentTarget.checked)}
          data-testid="rules-scenes-mine"
        />
        <span className="rp-muted">
          场景即投保单的「应用领域」；未指定场景的规则对所有场景生效（通用）。我新建或起草过的规则排在前面。
        </span>
      </div>
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {(rows) => (
          <div className="rp-scene-cards">
            {sceneCards(applicationFields, rows, profile, onlyMine).map((card) => (
              <Card key={card.scene} className="rp-scene-card" data-testid="rules-scene-card" data-scene={card.scene}>
                <h3>
                  {card.scene}
                  <span className="rp-muted">{card.rules.length} 条规则</span>
                </h3>
                {card.rules.length === 0 && (
                  <p className="rp-muted">{onlyMine ? '没有我的规则。' : '没有适用的规则。'}</p>
                )}
                <ul className="rp-scene-rules">
                  {card.rules.map(({ rule, mine, general }) => (
                    <li key={rule.ruleId} data-testid="rules-scene-rule" data-rule={rule.ruleId}>
                      <span className="rp-scene-rule-name">
                        {rule.definition.name}
                        <span className="rp-muted">{rule.ruleId}</span>
                      </span>
                      <span className="rp-scene-tags">
                        <Tag minimal>{stageLabels[rule.definition.stage]}</Tag>
                        <Tag minimal>{insurerLabel(rule.definition.insurerId)}</Tag>
                        {general && (
                          <Tag minimal intent="primary">
                            通用
                          </Tag>
                        )}
                        {mine && (
                          <Tag minimal intent="warning">
                            我的
                          </Tag>
                        )}
                        <Tag minimal intent={rule.enabledVersion === null ? 'none' : 'success'}>
                          {enabledLabel(rule)}
                        </Tag>
                        <Button
                          size="small"
                          variant="minimal"
                          icon="edit"
                          onClick={() => setEditing(rule)}
                          aria-label={`编辑 ${rule.ruleId} 的场景`}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              </Card>
            ))}
          </div>
        )}
      </Loaded>
      {editing && (
        <ScenesDialog
          rule={editing}
          onClose={() => setEditing(null)}
          onSaved={(d) => void mutate((rows) => withDefinition(rows, d), { revalidate: false })}
        />
      )}
    </RulesScreen>
  );
};

const ScenesDialog = ({
  rule,
  onClose,
  onSaved,
}: {
  rule: DefinedRule;
  onClose: () => void;
  onSaved: (d: Awaited<ReturnType<typeof updateScenes>>) => void;
}) => {
  const { values, update } = useForm({ scenes: rule.definition.scenes });
  const { scenes } = values;
  return (
    <ReasonDialog
      look="rules"
      title={`适用场景：${rule.definition.name}`}
      onClose={onClose}
      run={async (reason) => {
        onSaved(await updateScenes(rule.ruleId, scenes, reason));
        notify.success('已保存');
      }}
    >
      <p className="rp-muted">不勾选任何场景 = 通用，对所有场景生效。当前：{scenesText(scenes)}</p>
      <div className="rp-scene-checks">
        {applicationFields.map((scene) => (
          <Checkbox
            key={scene}
            label={scene}
            checked={scenes.includes(scene)}
            onChange={() => update((v) => ({ scenes: toggleScene(v.scenes, scene, applicationFields) }))}
          />
        ))}
      </div>
    </ReasonDialog>
  );
};

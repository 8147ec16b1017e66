import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Callout, Card, Checkbox, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { RulesApiError } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { useRuleList } from '../review/api.ts';
import { nameOf } from '../review/model.ts';
import { Loaded } from '../review/Screen.tsx';
import { defineRule, type DictionaryKind, useDictionary } from './api.ts';
import {
  emptyNewRule,
  insurerOptions,
  newRuleBody,
  newRuleProblems,
  type NewRuleDraft,
  sceneOptions,
  stageOptions,
  toggleScene,
} from './newRule.ts';
import { useForm } from '../../shared/form.tsx';

export const editorPath = (ruleId: string, version?: number) =>
  `/rules/complexRuleAdd?${new URLSearchParams(version === undefined ? { ruleId } : { ruleId, version: String(version) })}`;

/** Without a rule in the address: open a copy of an existing version, or define a new rule. */
export const StartPanel = () => (
  <div className="rp-ed-start">
    <PickRule />
    <NewRule />
  </div>
);

/** The list answers each rule's definition once the lead's define endpoint is in (contract); older rules have none. */

const PickRule = () => {
  const { data, error, mutate } = useRuleList();
  const navigate = useNavigate();
  const pick = useForm({ ruleId: '', version: '' });
  const { ruleId, version } = pick.values;
  return (
    <Card className="rp-ed-card" data-testid="rules-editor-pick">
      <h3 className="rp-ed-card-title">编辑已有规则</h3>
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {(rules) => {
          const rule = rules.find((r) => r.ruleId === ruleId);
          const versions = [...(rule?.versions ?? [])].sort((a, b) => b.version - a.version);
          const chosen = version || String(versions[0]?.version ?? '');
          return (
            <>
              <FormGroup label="规则" labelFor="rules-pick-rule">
                <HTMLSelect
                  id="rules-pick-rule"
                  fill
                  value={ruleId}
                  onChange={(e) => {
                    const next = e.target.value;
                    pick.update(() => ({ ruleId: next, version: '' }));
                  }}
                  options={[
                    { value: '', label: '请选择规则' },
                    ...rules.map((r) => ({ value: r.ruleId, label: `${nameOf(r)}（${r.ruleId}）` })),
                  ]}
                />
              </FormGroup>
              <FormGroup label="版本" labelFor="rules-pick-version" helperText="以所选版本为底稿，保存为新的草稿版本">
                <HTMLSelect
                  id="rules-pick-version"
                  fill
                  disabled={!rule}
                  value={chosen}
                  onChange={(e) => pick.set('version', e.target.value)}
                  options={versions.map((v) => ({
                    value: String(v.version),
                    label: `版本${v.version}${v.version === rule?.enabledVersion ? '（启用中）' : ''}`,
                  }))}
                />
              </FormGroup>
              <Button
                intent="primary"
                icon="edit"
                text="打开"
                disabled={!rule}
                onClick={() => navigate(chosen ? editorPath(ruleId, Number(chosen)) : editorPath(ruleId))}
              />
            </>
          );
        }}
      </Loaded>
    </Card>
  );
};

type DictionaryField = 'type' | 'source' | 'risk' | 'message';
const dictionaryFields: { key: DictionaryField; kind: DictionaryKind; label: string }[] = [
  { key: 'type', kind: 'ruleType', label: '规则类型' },
  { key: 'source', kind: 'ruleSource', label: '规则来源' },
  { key: 'risk', kind: 'ruleRisk', label: '风险等级' },
  { key: 'message', kind: 'ruleMessage', label: '提示语' },
];

const DictionarySelect = ({
  field,
  kind,
  label,
  value,
  onChange,
}: {
  field: DictionaryField;
  kind: DictionaryKind;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) => {
  const { data } = useDictionary(kind);
  const options = (data ?? []).map((e) => ({ value: e.code, label: e.name ?? e.staffText ?? e.code }));
  return (
    <FormGroup label={label} labelFor={`rules-new-${field}`}>
      <HTMLSelect
        id={`rules-new-${field}`}
        fill
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[{ value: '', label: '不选' }, ...options]}
      />
    </FormGroup>
  );
};

const NewRule = () => {
  const navigate = useNavigate();
  const { values: draft, set } = useForm<NewRuleDraft>(emptyNewRule);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problems = shown ? newRuleProblems(draft) : {};
  const save = async () => {
    setShown(true);
    if (Object.keys(newRuleProblems(draft)).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const defined = await defineRule(newRuleBody(draft));
      notify.success(`已新建规则 ${defined.ruleId}`);
      navigate(editorPath(defined.ruleId));
    } catch (error) {
      setFailure(error instanceof RulesApiError ? error.message : '新建失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  const field = (key: 'ruleId' | 'name' | 'reason', label: string, placeholder = '') => (
    <FormGroup
      label={label}
      labelFor={`rules-new-${key}`}
      labelInfo="（必填）"
      intent={problems[key] ? 'danger' : 'none'}
      helperText={problems[key]}
    >
      <InputGroup
        id={`rules-new-${key}`}
        value={draft[key]}
        placeholder={placeholder}
        maxLength={key === 'reason' ? 500 : 64}
        intent={problems[key] ? 'danger' : 'none'}
        onValueChange={(v) => set(key, v)}
      />
    </FormGroup>
  );
  return (
    <Card className="rp-ed-card" data-testid="rules-editor-new">
      <h3 className="rp-ed-card-title">新建规则</h3>
      {field('ruleId', '规则编号', '如 eligibility-heavy-drone')}
      {field('name', '名称')}
      <div className="rp-ed-form-row">
        <FormGroup label="阶段" labelFor="rules-new-stage">
          <HTMLSelect
            id="rules-new-stage"
            fill
            value={draft.stage}
            onChange={(e) => set('stage', e.target.value as NewRuleDraft['stage'])}
            options={stageOptions}
          />
        </FormGroup>
        <FormGroup label="保险公司" labelFor="rules-new-insurer">
          <HTMLSelect
            id="rules-new-insurer"
            fill
            value={draft.insurerId}
            onChange={(e) => set('insurerId', e.target.value)}
            options={insurerOptions}
          />
        </FormGroup>
      </div>
      <FormGroup label="适用场景" helperText="不选表示适用于全部场景">
        <div className="rp-ed-scenes">
          {sceneOptions.map((scene) => (
            <Checkbox
              key={scene}
              inline
              label={scene}
              checked={draft.scenes.includes(scene)}
              onChange={() => set('scenes', toggleScene(draft.scenes, scene))}
            />
          ))}
        </div>
      </FormGroup>
      <div className="rp-ed-form-row">
        {dictionaryFields.map((f) => (
          <DictionarySelect
            key={f.key}
            field={f.key}
            kind={f.kind}
            label={f.label}
            value={draft[f.key]}
            onChange={(v) => set(f.key, v)}
          />
        ))}
      </div>
      <FormGroup label="说明" labelFor="rules-new-description">
        <TextArea
          id="rules-new-description"
          fill
          rows={2}
          maxLength={500}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormGroup>
      {field('reason', '新建原因')}
      {failure && (
        <Callout intent="danger" className="rp-ed-note" data-testid="rules-new-problem">
          {failure}
        </Callout>
      )}
      <Button
        intent="primary"
        icon="add"
        text="新建并编辑"
        loading={busy}
        onClick={() => void save()}
        data-testid="rules-new-save"
      />
    </Card>
  );
};

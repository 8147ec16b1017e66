import { useState } from 'react';
import { Button, Callout, FormGroup, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { rulesRequest } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { pathOf } from '../frame.ts';
import type { RuleVersionDetail } from '../review/api.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import { definePoolRule, useRuleRows, withDefinition } from './api.ts';
import { enabledLabel, poolRules, poolUsers, versionToRead, type LoadedVersion, type RuleRow } from './model.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';
import { useForm } from '../../shared/form.tsx';
import './stages.css';
import { TableScroll } from '../layout/TableScroll.tsx';

const editorPath = (ruleId: string) => `${pathOf('complexRuleAdd')}?${new URLSearchParams({ ruleId })}`;

/** The model each rule runs (enabled, else newest), read to find which pool pieces it references. */
const loadModels = async (targets: string): Promise<LoadedVersion[]> =>
  Promise.all(
    targets
      .split(',')
      .filter(Boolean)
      .map(async (target) => {
        const [ruleId, version] = target.split('@') as [string, string];
        const found = await rulesRequest<RuleVersionDetail>('/api/v1/rules/version', { query: { ruleId, version } });
        return { ruleId, version: found.version, content: found.content };
      }),
  );
const targetsOf = (rows: RuleRow[]) =>
  rows
    .flatMap((r) => {
      const v = versionToRead(r);
      return v === null ? [] : [`${r.ruleId}@${v}`];
    })
    .join(',');

/** 规则池: shared pieces other rules reference by a 规则池节点, with who references them; define a new one. */
export const RulePoolPage = () => {
  const { data, error, mutate } = useRuleRows();
  const targets = data ? targetsOf(data) : null;
  const models = useSWR(targets === null ? null : ['pool-models', targets], ([, t]) => loadModels(t), {
    revalidateOnFocus: false,
  });
  const users = models.data ? poolUsers(models.data) : null;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <RulesScreen route="rulePool" testId="rules-pool">
      <Callout icon="git-merge" className="rp-stage-help">
        规则池中的规则是共享片段：其他规则在模型中加入「规则池节点」并填写它的规则编号即可引用；版本编译时该节点被替换为池中规则当前启用的版本（内联）。池中规则同样要经过起草、提交、审批和启用。
      </Callout>
      <div className="rp-toolbar">
        <Button
          icon="add"
          intent="primary"
          text="新建共享规则"
          onClick={() => setCreating(true)}
          data-testid="rules-pool-new"
        />
        <Button icon="refresh" text="刷新" onClick={() => void mutate()} />
      </div>
      {created && (
        <Callout intent="success" className="rp-stage-help" data-testid="rules-pool-created">
          已新建共享规则 {created}。<Link to={editorPath(created)}>去编写它的模型</Link>
        </Callout>
      )}
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {(rows) => {
          const pool = poolRules(rows);
          if (!pool.length) return <p className="rp-muted">规则池中还没有规则。</p>;
          return (
            <TableScroll label="规则池">
              <table
                className="bp6-html-table bp6-html-table-striped rp-table rp-pool-table"
                data-testid="rules-pool-table"
              >
                <thead>
                  <tr>
                    <th>规则</th>
                    <th>说明</th>
                    <th>启用版本</th>
                    <th>被引用</th>
                    <th>操作</th>
                  </tr>
                </thead>
                <tbody>
                  {pool.map((rule) => {
                    const by = users?.get(rule.ruleId) ?? [];
                    return (
                      <tr key={rule.ruleId} data-testid="rules-pool-row" data-rule={rule.ruleId}>
                        <td>
                          {rule.definition.name}
                          <div className="rp-muted">{rule.ruleId}</div>
                        </td>
                        <td>{rule.definition.description || <span className="rp-muted">—</span>}</td>
                        <td>
                          <Tag minimal intent={rule.enabledVersion === null ? 'none' : 'success'}>
                            {enabledLabel(rule)}
                          </Tag>
                        </td>
                        <td data-testid="rules-pool-users">
                          {users === null ? (
                            <span className="rp-muted">{models.error ? '读取失败' : '读取中…'}</span>
                          ) : by.length ? (
                            by.join('、')
                          ) : (
                            <span className="rp-muted">未被引用</span>
                          )}
                        </td>
                        <td>
                          <Link
                            className="bp6-button bp6-minimal bp6-small bp6-intent-primary"
                            to={editorPath(rule.ruleId)}
                          >
                            编写模型
                          </Link>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          );
        }}
      </Loaded>
      {creating && (
        <NewPoolRuleDialog
          onClose={() => setCreating(false)}
          onCreated={(d) => {
            setCreated(d.ruleId);
            void mutate((rows) => withDefinition(rows, d), { revalidate: false });
          }}
        />
      )}
    </RulesScreen>
  );
};

const NewPoolRuleDialog = ({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (d: Awaited<ReturnType<typeof definePoolRule>>) => void;
}) => {
  const { values, set } = useForm({ ruleId: '', name: '', description: '' });
  const { ruleId, name, description } = values;
  const problem = !ruleId.trim() ? '规则编号不能为空' : !name.trim() ? '规则名称不能为空' : null;
  return (
    <ReasonDialog
      look="rules"
      title="新建共享规则"
      problem={problem}
      onClose={onClose}
      run={async (reason) => {
        onCreated(
          await definePoolRule({ ruleId: ruleId.trim(), name: name.trim(), description: description.trim(), reason }),
        );
        notify.success('已新建规则');
      }}
    >
      <FormGroup label="规则编号" labelFor="rules-pool-id" labelInfo="（小写字母开头，字母、数字和横线）">
        <InputGroup
          id="rules-pool-id"
          value={ruleId}
          maxLength={64}
          onValueChange={(v) => set('ruleId', v)}
          autoFocus
        />
      </FormGroup>
      <FormGroup label="名称" labelFor="rules-pool-name">
        <InputGroup id="rules-pool-name" value={name} maxLength={50} onValueChange={(v) => set('name', v)} />
      </FormGroup>
      <FormGroup label="说明" labelFor="rules-pool-description">
        <TextArea
          id="rules-pool-description"
          fill
          rows={2}
          maxLength={500}
          value={description}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormGroup>
    </ReasonDialog>
  );
};

import { useState } from 'react';
import { Button, Card, Drawer, DrawerSize, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import { RuleStages, stageLabels } from '@feibao/domain/rules/definition';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { RuleVersionStatuses } from '@feibao/domain/rules/rule';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { rulesFetcher } from '../api/client.ts';
import { pathOf, useNarrow } from '../frame.ts';
import { useRuleList, useRuleVersion } from './api.ts';
import {
  filterRules,
  formatAt,
  latestVersion,
  nameOf,
  type RuleFilter,
  type RuleSummary,
  type RuleVersionSummary,
  statusLabels,
  updatedAt,
} from './model.ts';
import { History, Loaded, RulesScreen, StatusTag } from './Screen.tsx';
import { VersionActions } from './VersionActions.tsx';
import { TableScroll } from '../layout/TableScroll.tsx';

/** 规则列表: every rule with its enabled and newest version; a rule opens its versions. */
export const RuleListPage = () => {
  const { data, error, mutate } = useRuleList();
  const [filter, setFilter] = useState<RuleFilter>({
    text: '',
    status: 'all',
    stage: 'all',
    type: 'all',
    source: 'all',
  });
  const types = useDictionary('ruleType');
  const sources = useDictionary('ruleSource');
  const navigate = useNavigate();
  // ?ruleId= opens that rule's versions (links from 规则迁移's results and the editor).
  const [params] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(params.get('ruleId'));
  const narrow = useNarrow();
  const open = data?.find((r) => r.ruleId === openId) ?? null;
  return (
    <RulesScreen route="ruleList" testId="rules-rule-list">
      <div className="rp-toolbar">
        <InputGroup
          leftIcon="search"
          placeholder="搜索规则编号或名称"
          value={filter.text}
          onValueChange={(text) => setFilter((f) => ({ ...f, text }))}
          aria-label="搜索规则"
        />
        <HTMLSelect
          aria-label="版本状态"
          value={filter.status}
          onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as RuleFilter['status'] }))}
          options={[
            { value: 'all', label: '全部状态' },
            ...RuleVersionStatuses.map((s) => ({ value: s, label: `有${statusLabels[s]}版本` })),
          ]}
        />
        <HTMLSelect
          aria-label="阶段"
          value={filter.stage}
          onChange={(e) => setFilter((f) => ({ ...f, stage: e.target.value as RuleFilter['stage'] }))}
          options={[
            { value: 'all', label: '全部阶段' },
            ...RuleStages.map((s) => ({ value: s, label: stageLabels[s] })),
          ]}
        />
        <HTMLSelect
          aria-label="规则类型"
          value={filter.type}
          onChange={(e) => setFilter((f) => ({ ...f, type: e.target.value }))}
          options={[{ value: 'all', label: '全部类型' }, ...types]}
        />
        <HTMLSelect
          aria-label="规则来源"
          value={filter.source}
          onChange={(e) => setFilter((f) => ({ ...f, source: e.target.value }))}
          options={[{ value: 'all', label: '全部来源' }, ...sources]}
        />
        <Button icon="refresh" text="刷新" onClick={() => void mutate()} />
        <Button icon="add" intent="primary" text="新建规则" onClick={() => navigate(pathOf('complexRuleAdd'))} />
      </div>
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {(rules) => <RuleTable rules={filterRules(rules, filter)} onOpen={setOpenId} />}
      </Loaded>
      <Drawer
        isOpen={open !== null}
        onClose={() => setOpenId(null)}
        size={narrow ? DrawerSize.LARGE : 760}
        title={open ? `${nameOf(open)}（${open.ruleId}）` : ''}
      >
        {open && (
          <div className="rp-drawer-body" data-testid="rules-rule-drawer">
            {open.versions.map((v) => (
              <VersionCard key={v.version} version={v} onChanged={() => void mutate()} />
            ))}
          </div>
        )}
      </Drawer>
    </RulesScreen>
  );
};

/** A dictionary's enabled entries as select options (code → name). */
const useDictionary = (kind: 'ruleType' | 'ruleSource') =>
  (
    useSWR<{ code: string; name?: string }[]>(`/api/v1/rules/config?kind=${kind}&enabled=true`, rulesFetcher, {
      revalidateOnFocus: false,
    }).data ?? []
  ).map((e) => ({
    value: e.code,
    label: e.name ?? e.code,
  }));

const insurerText = (insurerId: number | null) =>
  insurerId === null ? '全部' : (visibleInsurers.find((i) => i.id === insurerId)?.name ?? String(insurerId));

const RuleTable = ({ rules, onOpen }: { rules: RuleSummary[]; onOpen: (ruleId: string) => void }) => {
  if (!rules.length) return <p className="rp-muted">没有符合条件的规则。</p>;
  return (
    <TableScroll label="规则列表">
      <table className="bp6-html-table bp6-interactive bp6-html-table-striped rp-table" data-testid="rules-table">
        <thead>
          <tr>
            <th>规则编号</th>
            <th>名称</th>
            <th>阶段</th>
            <th>保险公司</th>
            <th>启用版本</th>
            <th>最新版本</th>
            <th>更新时间</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((r) => {
            const latest = latestVersion(r);
            const updated = updatedAt(r);
            return (
              <tr key={r.ruleId} onClick={() => onOpen(r.ruleId)} data-testid="rules-row" data-rule={r.ruleId}>
                <td>
                  <Button
                    variant="minimal"
                    size="small"
                    intent="primary"
                    text={r.ruleId}
                    onClick={() => onOpen(r.ruleId)}
                    aria-label={`查看规则 ${r.ruleId}`}
                  />
                </td>
                <td>{nameOf(r)}</td>
                <td>{r.definition ? stageLabels[r.definition.stage] : '—'}</td>
                <td>{insurerText(r.definition?.insurerId ?? null)}</td>
                <td data-testid="rules-enabled-version">
                  {r.enabledVersion === null ? '无' : `版本${r.enabledVersion}`}
                </td>
                <td>
                  {latest && (
                    <>
                      版本{latest.version} <StatusTag status={latest.status} />
                    </>
                  )}
                </td>
                <td>{updated ? formatAt(updated) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
};

const VersionCard = ({ version, onChanged }: { version: RuleVersionSummary; onChanged: () => void }) => {
  const [showContent, setShowContent] = useState(false);
  return (
    <Card className="rp-version" data-testid="rules-version" data-version={version.version}>
      <div className="rp-version-head">
        <strong>版本{version.version}</strong> <StatusTag status={version.status} />
        <span className="rp-muted">
          {version.draftedBy} 起草于 {formatAt(version.draftedAt)}
        </span>
      </div>
      <History version={version} />
      <div className="rp-version-foot">
        <Button
          size="small"
          variant="minimal"
          icon={showContent ? 'chevron-up' : 'code'}
          text={showContent ? '收起内容' : '查看内容'}
          onClick={() => setShowContent((s) => !s)}
        />
        <VersionActions version={version} onChanged={onChanged} />
      </div>
      {showContent && <VersionContent ruleId={version.ruleId} version={version.version} />}
    </Card>
  );
};

const VersionContent = ({ ruleId, version }: { ruleId: string; version: number }) => {
  const { data, error } = useRuleVersion(ruleId, version);
  if (error) return <p className="rp-muted">{(error as Error).message}</p>;
  if (!data) return <Spinner size={20} aria-label="加载中" />;
  return (
    <pre className="rp-json" data-testid="rules-content">
      {JSON.stringify(data.content, null, 2)}
    </pre>
  );
};

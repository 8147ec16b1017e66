import { useState } from 'react';
import {
  Button,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  ProgressBar,
  Radio,
  RadioGroup,
  Tag,
} from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { notify } from '../api/notify.ts';
import { pathOf } from '../frame.ts';
import { useRuleName, useRuleNames } from '../review/api.ts';
import { formatAt } from '../review/model.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import { CASES_PAGE_SIZE, startBatchTest, useCases, useMyRuns } from './api.ts';
import { formatRate, isActive, progressOf, runStatusIntents, runStatusLabels } from './model.ts';
import { RulesPager, usePagedSearch } from './Pager.tsx';
import { Pager } from '../../shared/Pager.tsx';
import { useForm } from '../../shared/form.tsx';

export const detailPath = (left: string, right?: string) =>
  `${pathOf('multipleBatchTestDetail')}?${new URLSearchParams(right ? { left, right } : { left })}`;

/** 批量测试: a rule version (a draft too) against chosen cases or the last N real applications. */
export const BatchTestPage = () => {
  const { search, setSearch, keyword, page, setPage } = usePagedSearch();
  const { data, error, mutate } = useCases(page, keyword);
  const navigate = useNavigate();
  const rules = useRuleNames().data ?? [];
  const form = useForm<{
    picked: string | null;
    version: number;
    mode: 'cases' | 'lastN';
    chosen: Set<string>;
    lastN: number;
  }>(() => ({ picked: null, version: 1, mode: 'cases', chosen: new Set(), lastN: 100 }));
  const { picked, version, mode, chosen, lastN } = form.values;
  const ruleId = picked ?? rules[0]?.ruleId ?? '';
  const setChosen = (next: Set<string>) => form.set('chosen', next);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (mode === 'cases' && chosen.size === 0) return notify.error('请选择测试案例');
    setBusy(true);
    try {
      const body = mode === 'cases' ? { ruleId, version, caseIds: [...chosen] } : { ruleId, version, lastN };
      const started = await startBatchTest(body);
      notify.success('批量测试已开始');
      navigate(detailPath(started.runId));
    } catch {
      // The client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <RulesScreen route="batchTest/null" testId="rules-batch-test">
      <div className="rp-toolbar">
        <FormGroup label="规则" labelFor="rules-batch-rule" inline>
          <HTMLSelect
            id="rules-batch-rule"
            value={ruleId}
            onChange={(e) => form.set('picked', e.target.value)}
            options={rules.map((r) => ({ value: r.ruleId, label: `${r.name}（${r.ruleId}）` }))}
          />
        </FormGroup>
        <FormGroup label="版本" labelFor="rules-batch-version" inline helperText="可为草稿版本">
          <NumericInput
            id="rules-batch-version"
            min={1}
            value={version}
            onValueChange={(v) => form.set('version', Number.isInteger(v) && v > 0 ? v : 1)}
          />
        </FormGroup>
        <Button
          intent="primary"
          icon="play"
          text="开始测试"
          loading={busy}
          onClick={() => void start()}
          data-testid="rules-batch-start"
        />
      </div>
      <RadioGroup
        inline
        selectedValue={mode}
        onChange={(e) => form.set('mode', e.currentTarget.value as 'cases' | 'lastN')}
      >
        <Radio value="cases" label="选择案例" />
        <Radio value="lastN" label="最近的真实申请" />
      </RadioGroup>
      {mode === 'lastN' ? (
        <FormGroup label="申请数量（最多1000）" labelFor="rules-batch-lastn">
          <NumericInput
            id="rules-batch-lastn"
            min={1}
            max={1000}
            value={lastN}
            onValueChange={(v) => form.set('lastN', Math.min(1000, Math.max(1, Math.trunc(v) || 1)))}
          />
        </FormGroup>
      ) : (
        <Loaded data={data} error={error} retry={() => void mutate()}>
          {({ list: shown, total }) => (
            <>
              <div className="rp-toolbar">
                <InputGroup
                  leftIcon="search"
                  placeholder="按名称筛选"
                  value={search}
                  onValueChange={setSearch}
                  aria-label="筛选案例"
                />
                <Button
                  text={`全选本页（${shown.length}）`}
                  onClick={() => setChosen(new Set([...chosen, ...shown.map((r) => r.caseId)]))}
                />
                <Button text="清空" onClick={() => setChosen(new Set())} />
                <span className="rp-muted" data-testid="rules-batch-chosen">
                  已选 {chosen.size} 个
                </span>
              </div>
              {total === 0 && (
                <p className="rp-muted">
                  {keyword ? '没有名称包含该关键字的案例。' : '没有案例，请先在「规则案例」中新增。'}
                </p>
              )}
              <div className="rp-case-picks">
                {shown.map((r) => (
                  <Checkbox
                    key={r.caseId}
                    label={r.name}
                    checked={chosen.has(r.caseId)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.currentTarget.checked) next.add(r.caseId);
                      else next.delete(r.caseId);
                      setChosen(next);
                    }}
                  />
                ))}
              </div>
              <RulesPager page={page} pageSize={CASES_PAGE_SIZE} total={total} unit="个案例" onPage={setPage} />
            </>
          )}
        </Loaded>
      )}
    </RulesScreen>
  );
};

/** 我的批量测试: my runs, newest first, with progress and pass rate; two ticked runs open side by side. */
export const MyBatchTestsPage = () => {
  const ruleName = useRuleName();
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useMyRuns(page);
  const [picked, setPicked] = useState<string[]>([]);
  const navigate = useNavigate();
  const toggle = (runId: string, on: boolean) =>
    setPicked((p) => (on ? [...p.filter((id) => id !== runId), runId].slice(-2) : p.filter((id) => id !== runId)));
  return (
    <RulesScreen route="myBatchTestList" testId="rules-my-batch-tests">
      <div className="rp-toolbar">
        <Button
          icon="comparison"
          text="对比所选两次"
          disabled={picked.length !== 2}
          onClick={() => navigate(detailPath(picked[0]!, picked[1]))}
        />
        <Button icon="refresh" text="刷新" onClick={() => void mutate()} />
      </div>
      <Loaded data={data} error={error} retry={() => void mutate()}>
        {({ datas, totalCount }) =>
          datas.length === 0 ? (
            <p className="rp-muted">还没有批量测试。</p>
          ) : (
            <>
              <table className="bp6-html-table bp6-html-table-striped rp-table" data-testid="rules-runs-table">
                <thead>
                  <tr>
                    <th>对比</th>
                    <th>规则版本</th>
                    <th>范围</th>
                    <th>状态</th>
                    <th>进度</th>
                    <th>通过 / 未通过</th>
                    <th>通过率</th>
                    <th>开始时间</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {datas.map((run) => (
                    <tr key={run.runId} data-testid="rules-run-row" data-status={run.status}>
                      <td>
                        <Checkbox
                          aria-label="选择对比"
                          checked={picked.includes(run.runId)}
                          onChange={(e) => toggle(run.runId, e.currentTarget.checked)}
                        />
                      </td>
                      <td>
                        {ruleName(run.ruleId)} 版本{run.version}
                      </td>
                      <td>{run.lastN === null ? `${run.total}个案例` : `最近${run.lastN}个申请`}</td>
                      <td>
                        <Tag minimal intent={runStatusIntents[run.status]}>
                          {runStatusLabels[run.status]}
                        </Tag>
                      </td>
                      <td style={{ minWidth: 140 }}>
                        <ProgressBar
                          value={progressOf(run)}
                          animate={isActive(run)}
                          stripes={isActive(run)}
                          intent={run.status === 'failed' ? 'danger' : 'primary'}
                        />
                        <span className="rp-muted">
                          {run.progress}/{run.total}
                        </span>
                      </td>
                      <td>
                        {run.passed} / {run.failed}
                        {run.unchecked > 0 && <span className="rp-muted">（{run.unchecked}个无预期）</span>}
                      </td>
                      <td data-testid="rules-run-rate">{formatRate(run.passRate)}</td>
                      <td>{formatAt(run.startedAt)}</td>
                      <td>
                        <Button
                          size="small"
                          variant="minimal"
                          intent="primary"
                          text="详情"
                          onClick={() => navigate(detailPath(run.runId))}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {totalCount > 20 && (
                <Pager
                  look="rules"
                  page={page}
                  pages={Math.ceil(totalCount / 20)}
                  onPage={setPage}
                  total={{ count: totalCount, unit: '次' }}
                />
              )}
            </>
          )
        }
      </Loaded>
    </RulesScreen>
  );
};

import { Fragment, type ReactNode, useState } from 'react';
import { Button, Collapse, HTMLSelect, InputGroup, ProgressBar, Tag } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import type { CaseResult, ComparedCase } from '@feibao/domain/rules/batchTests';
import type { TraceStep } from '@feibao/domain/rules/rating';
import { useRuleName } from '../review/api.ts';
import { Loaded, RulesScreen } from '../review/Screen.tsx';
import { useComparison, useRun } from './api.ts';
import {
  caseChanged,
  formatDelta,
  formatRate,
  insurerName,
  isActive,
  premiumsText,
  progressOf,
  runStatusIntents,
  runStatusLabels,
  type RunSummary,
} from './model.ts';
import { TableScroll } from '../layout/TableScroll.tsx';
import { TracePanel } from '../../shared/trace/TracePanel.tsx';
import { useForm } from '../../shared/form.tsx';

const PAGE = 100;

/** 多批次测试详情: one run's results per case, or two runs side by side (?left=&right=). */
export const BatchDetailPage = () => {
  const [params, setParams] = useSearchParams();
  const left = params.get('left');
  const right = params.get('right');
  const runs = useForm({ leftText: left ?? '', rightText: right ?? '' });
  const { leftText, rightText } = runs.values;
  const open = () => {
    const next: Record<string, string> = {};
    if (leftText.trim()) next.left = leftText.trim();
    if (rightText.trim()) next.right = rightText.trim();
    setParams(next);
  };
  return (
    <RulesScreen route="multipleBatchTestDetail" testId="rules-batch-detail">
      <div className="rp-toolbar">
        <InputGroup
          placeholder="批次编号"
          value={leftText}
          onValueChange={(v) => runs.set('leftText', v)}
          aria-label="批次编号"
        />
        <InputGroup
          placeholder="对比批次编号（可选）"
          value={rightText}
          onValueChange={(v) => runs.set('rightText', v)}
          aria-label="对比批次编号"
        />
        <Button intent="primary" text="查看" onClick={open} />
      </div>
      {!left && <p className="rp-muted">在「我的批量测试」中选择一次测试查看，或勾选两次进行对比。</p>}
      {left && !right && <RunView runId={left} />}
      {left && right && <CompareView left={left} right={right} />}
    </RulesScreen>
  );
};

const RunHead = ({ run, label }: { run: RunSummary; label?: string }) => {
  const ruleName = useRuleName();
  return (
    <div className="rp-toolbar" data-testid="rules-run-head">
      {label && <strong>{label}</strong>}
      <span>
        {ruleName(run.ruleId)} 版本{run.version}
      </span>
      <Tag minimal intent={runStatusIntents[run.status]}>
        {runStatusLabels[run.status]}
      </Tag>
      <span style={{ width: 160 }}>
        <ProgressBar value={progressOf(run)} animate={isActive(run)} stripes={isActive(run)} />
      </span>
      <span>
        {run.progress}/{run.total}，通过 {run.passed}，未通过 {run.failed}，通过率 {formatRate(run.passRate)}
      </span>
      {run.reason && <Tag intent="danger">{run.reason}</Tag>}
    </div>
  );
};

const Trace = ({ steps }: { steps: TraceStep[] }) => (
  <TracePanel
    steps={steps}
    words="engine"
    columns={['rule', 'node', 'matched', 'output']}
    className="rp-history rp-trace"
  />
);

const passTag = (pass: boolean | null) =>
  pass === null ? (
    <Tag minimal>无预期</Tag>
  ) : pass ? (
    <Tag minimal intent="success">
      通过
    </Tag>
  ) : (
    <Tag minimal intent="danger">
      未通过
    </Tag>
  );

type Filter = 'all' | 'failed' | 'passed';
const FilterSelect = ({
  value,
  onChange,
  labels,
}: {
  value: Filter;
  onChange: (f: Filter) => void;
  labels: Record<Filter, string>;
}) => (
  <HTMLSelect
    aria-label="筛选"
    value={value}
    onChange={(e) => onChange(e.target.value as Filter)}
    options={Object.entries(labels).map(([v, label]) => ({ value: v, label }))}
  />
);

const Paged = <T,>({ rows, children }: { rows: T[]; children: (rows: T[]) => ReactNode }) => {
  const [shown, setShown] = useState(PAGE);
  return (
    <>
      {children(rows.slice(0, shown))}
      {rows.length > shown && (
        <Button
          text={`再显示${Math.min(PAGE, rows.length - shown)}个（共${rows.length}个）`}
          onClick={() => setShown(shown + PAGE)}
        />
      )}
    </>
  );
};

const RunView = ({ runId }: { runId: string }) => {
  const { data, error, mutate } = useRun(runId);
  const [filter, setFilter] = useState<Filter>('all');
  const [openKey, setOpenKey] = useState<string | null>(null);
  return (
    <Loaded data={data} error={error} retry={() => void mutate()}>
      {(run) => {
        const rows = run.results.filter(
          (r) => filter === 'all' || (filter === 'failed' ? r.pass === false : r.pass === true),
        );
        return (
          <>
            <RunHead run={run} />
            <FilterSelect
              value={filter}
              onChange={setFilter}
              labels={{ all: '全部案例', failed: '只看未通过', passed: '只看通过' }}
            />
            <Paged rows={rows}>
              {(page) => (
                <TableScroll label="案例结果">
                  <table className="bp6-html-table bp6-html-table-striped rp-table" data-testid="rules-results-table">
                    <thead>
                      <tr>
                        <th>案例</th>
                        <th>结果</th>
                        <th>转人工 预期/实际</th>
                        <th>预期保费</th>
                        <th>实际保费</th>
                        <th>差额</th>
                        <th />
                      </tr>
                    </thead>
                    <tbody>
                      {page.map((r: CaseResult) => (
                        <ResultRow
                          key={r.key}
                          result={r}
                          open={openKey === r.key}
                          onToggle={() => setOpenKey(openKey === r.key ? null : r.key)}
                        />
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              )}
            </Paged>
          </>
        );
      }}
    </Loaded>
  );
};

const yesNo = (v: boolean | undefined) => (v === undefined ? '—' : v ? '是' : '否');

const ResultRow = ({ result: r, open, onToggle }: { result: CaseResult; open: boolean; onToggle: () => void }) => (
  <>
    <tr data-testid="rules-result-row" data-pass={String(r.pass)}>
      <td>{r.name}</td>
      <td>{passTag(r.pass)}</td>
      <td>
        {yesNo(r.expected?.referral)} / {yesNo(r.actual.referral)}
      </td>
      <td>{r.expected ? premiumsText(r.expected.premiums) : '—'}</td>
      <td>{premiumsText(r.actual.premiums)}</td>
      <td>
        {Object.entries(r.deltas)
          .map(([id, d]) => `${insurerName(id)} ${formatDelta(d)}`)
          .join('；') || '—'}
      </td>
      <td>
        <Button
          size="small"
          variant="minimal"
          icon={open ? 'chevron-up' : 'diagram-tree'}
          text="执行轨迹"
          onClick={onToggle}
        />
      </td>
    </tr>
    {open && (
      <tr>
        <td colSpan={7}>
          <Collapse isOpen>
            <Trace steps={r.trace} />
          </Collapse>
        </td>
      </tr>
    )}
  </>
);

const CompareView = ({ left, right }: { left: string; right: string }) => {
  const { data, error, mutate } = useComparison(left, right);
  const [filter, setFilter] = useState<Filter>('all');
  const [openKey, setOpenKey] = useState<string | null>(null);
  return (
    <Loaded data={data} error={error} retry={() => void mutate()}>
      {(comparison) => {
        const rows = comparison.cases.filter(
          (c) => filter === 'all' || (filter === 'failed' ? caseChanged(c) : !caseChanged(c)),
        );
        return (
          <>
            <RunHead run={comparison.left} label="批次A" />
            <RunHead run={comparison.right} label="批次B" />
            <FilterSelect
              value={filter}
              onChange={setFilter}
              labels={{ all: '全部案例', failed: '只看有变化', passed: '只看无变化' }}
            />
            <Paged rows={rows}>
              {(page) => (
                <TableScroll label="两批对比">
                  <table className="bp6-html-table bp6-html-table-striped rp-table" data-testid="rules-compare-table">
                    <thead>
                      <tr>
                        <th>案例</th>
                        <th>批次A</th>
                        <th>批次B</th>
                        <th>A 保费</th>
                        <th>B 保费</th>
                        <th>保费差（B−A）</th>
                        <th />
                      </tr>
                    </thead>
                    <tbody>
                      {page.map((c: ComparedCase) => (
                        <Fragment key={c.key}>
                          <tr data-testid="rules-compare-row" data-changed={String(caseChanged(c))}>
                            <td>{c.name}</td>
                            <td>{c.left ? passTag(c.left.pass) : '—'}</td>
                            <td>{c.right ? passTag(c.right.pass) : '—'}</td>
                            <td>{c.left ? premiumsText(c.left.actual.premiums) : '—'}</td>
                            <td>{c.right ? premiumsText(c.right.actual.premiums) : '—'}</td>
                            <td data-testid="rules-compare-delta">
                              {Object.entries(c.premiumDeltas)
                                .map(([id, d]) => `${insurerName(id)} ${formatDelta(d)}`)
                                .join('；') || '—'}
                              {c.referralChanged && <Tag intent="warning">转人工变化</Tag>}
                              {c.passChanged && <Tag intent="primary">结果变化</Tag>}
                            </td>
                            <td>
                              <Button
                                size="small"
                                variant="minimal"
                                icon="diagram-tree"
                                text="执行轨迹"
                                onClick={() => setOpenKey(openKey === c.key ? null : c.key)}
                              />
                            </td>
                          </tr>
                          {openKey === c.key && (
                            <tr>
                              <td colSpan={7}>
                                <div className="rp-compare-traces" data-testid="rules-compare-traces">
                                  <div>
                                    <strong>批次A</strong>
                                    {c.left ? (
                                      <Trace steps={c.left.trace} />
                                    ) : (
                                      <p className="rp-muted">批次A未测试该案例</p>
                                    )}
                                  </div>
                                  <div>
                                    <strong>批次B</strong>
                                    {c.right ? (
                                      <Trace steps={c.right.trace} />
                                    ) : (
                                      <p className="rp-muted">批次B未测试该案例</p>
                                    )}
                                  </div>
                                </div>
                              </td>
                            </tr>
                          )}
                        </Fragment>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              )}
            </Paged>
          </>
        );
      }}
    </Loaded>
  );
};

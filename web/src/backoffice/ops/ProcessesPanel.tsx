/**
 * 进程 tab of the operations console: each process's own health (edge, command, query, workers)
 * as the edge gathered it, refreshed every few seconds so a stopped process shows without a reload.
 */
import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import useSWR from 'swr';
import type { HealthCheck, ProcessesReport, ProcessStatus } from '@feibao/domain/observability/processes';
import { swrFetcher } from '../../api/client.ts';
import './processes.css';

export const processesPath = '/api/v1/uav/backoffice/ops/processes';

const processLabels: Record<ProcessStatus['process'], string> = {
  edge: '网关 edge',
  command: '写服务 command',
  query: '读服务 query',
  workers: '后台任务 workers',
};

/** "3天2小时" style: uptimes run from seconds to weeks, a coarse unit pair is enough. */
export const uptimeText = (seconds: number): string => {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d}天${h}小时`;
  if (h > 0) return `${h}小时${m}分`;
  if (m > 0) return `${m}分${seconds % 60}秒`;
  return `${seconds}秒`;
};

const detailText = (detail: unknown): string =>
  detail === undefined ? '' : typeof detail === 'string' ? detail : JSON.stringify(detail);

const failing = (checks: Record<string, HealthCheck>) => Object.entries(checks).filter(([, c]) => !c.ok);

export const ProcessesPanel = () => {
  const { data, error, isValidating, mutate } = useSWR<ProcessesReport>(processesPath, swrFetcher, {
    refreshInterval: 5000,
  });
  if (error && !data)
    return (
      <NonIdealState
        icon="error"
        title="加载失败"
        description={(error as Error).message}
        action={<Button text="重试" onClick={() => void mutate()} />}
      />
    );
  if (!data)
    return (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>正在检查各进程…</div>
      </div>
    );
  return (
    <div data-testid="ops-processes">
      <div className="fb-row-between">
        <span>
          {data.ok ? <Tag intent="success">全部正常</Tag> : <Tag intent="danger">存在异常</Tag>}
          <span className="fb-muted">
            {' '}
            检查于 {new Date(data.checkedAt).toLocaleTimeString('zh-CN', { hour12: false })}
          </span>
        </span>
        <Button icon="refresh" text="刷新" loading={isValidating} onClick={() => void mutate()} />
      </div>
      <div className="fb-table-scroll">
        <HTMLTable compact striped className="fb-processes-table">
          <thead>
            <tr>
              <th>进程</th>
              <th>PID</th>
              <th>运行时长</th>
              <th>状态</th>
              <th>检查项</th>
            </tr>
          </thead>
          <tbody>
            {/* Several copies of one process (the combined process runs one per core) share its name. */}
            {data.processes.map((p) => (
              <ProcessRow
                key={p.reachable ? `${p.process}:${p.pid}:${p.startedAt}` : `${p.process}:${p.error}`}
                row={p}
              />
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
};

const ProcessRow = ({ row }: { row: ProcessStatus }) => {
  if (!row.reachable)
    return (
      <tr data-testid={`ops-process-${row.process}`}>
        <td>{processLabels[row.process]}</td>
        <td>—</td>
        <td>—</td>
        <td>
          <Tag intent="danger">无法连接</Tag>
        </td>
        <td className="fb-muted">{row.error}</td>
      </tr>
    );
  const bad = failing(row.checks);
  return (
    <tr data-testid={`ops-process-${row.process}`}>
      <td>{processLabels[row.process]}</td>
      <td>{row.pid}</td>
      <td>{uptimeText(row.uptimeSeconds)}</td>
      <td>{row.ok ? <Tag intent="success">正常</Tag> : <Tag intent="danger">异常</Tag>}</td>
      <td className="fb-processes-checks">
        {bad.length === 0 ? (
          Object.keys(row.checks).map((name) => (
            <Tag key={name} minimal intent="success">
              {name}
            </Tag>
          ))
        ) : (
          <ul className="fb-processes-failing">
            {bad.map(([name, c]) => (
              <li key={name}>
                <Tag intent="danger" minimal>
                  {name}
                </Tag>{' '}
                {detailText(c.detail)}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
};

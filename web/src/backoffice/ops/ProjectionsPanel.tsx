/**
 * 投影 tab: each projection's checkpoint, lag and state. A parked one shows the event it failed on
 * and its error, with 重试 (run it again, e.g. after a fix) and 跳过 (move its checkpoint past that
 * one event); both ask for a reason and are recorded.
 */
import { useState } from 'react';
import { Button, Collapse, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import type { ProjectionRow } from '@feibao/domain/ops/api';
import { retryProjection, skipProjectionEvent, useProjections } from './api.ts';
import { errorHeadline, lagText, reasonProblem, stateLooks, timeText } from './ops.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';

type Pending = { kind: 'retry' | 'skip'; row: ProjectionRow };

export const ProjectionsPanel = () => {
  const { data, error, isValidating, mutate } = useProjections();
  const [pending, setPending] = useState<Pending | null>(null);
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
      </div>
    );
  const parked = data.rows.filter((r) => r.state === 'parked').length;
  return (
    <div data-testid="ops-projections">
      <div className="fb-row-between">
        <span>
          {parked > 0 ? <Tag intent="danger">{parked} 个投影已暂停</Tag> : <Tag intent="success">全部运行中</Tag>}
          <span className="fb-muted"> 每 3 秒刷新</span>
        </span>
        <Button icon="refresh" text="刷新" loading={isValidating} onClick={() => void mutate()} />
      </div>
      <div className="fb-table-scroll">
        <HTMLTable compact striped className="fb-ops-table">
          <thead>
            <tr>
              <th>投影</th>
              <th>版本</th>
              <th>检查点</th>
              <th>积压</th>
              <th>状态</th>
              <th>心跳</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <ProjectionLine key={row.name} row={row} onAct={(kind) => setPending({ kind, row })} />
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {pending?.kind === 'retry' && (
        <ReasonDialog
          look="console"
          label="原因（将记入操作记录）"
          problemOf={reasonProblem}
          testIds="ops"
          title={`重试投影 ${pending.row.name}`}
          confirmText="重试"
          run={(reason) => retryProjection(pending.row.name, reason)}
          onClose={() => setPending(null)}
          onDone={() => mutate()}
        >
          投影将从检查点 #{pending.row.position} 重新运行（重新计数重试次数）。若失败原因未消除，它会再次暂停。
        </ReasonDialog>
      )}
      {pending?.kind === 'skip' && pending.row.failedEvent && (
        <ReasonDialog
          look="console"
          label="原因（将记入操作记录）"
          problemOf={reasonProblem}
          testIds="ops"
          title={`跳过事件 #${pending.row.failedEvent.position}`}
          confirmText="跳过该事件"
          intent="danger"
          run={(reason) => skipProjectionEvent(pending.row.name, pending.row.failedEvent!.position, reason)}
          onClose={() => setPending(null)}
          onDone={() => mutate()}
        >
          投影 {pending.row.name} 将不再处理事件 #{pending.row.failedEvent.position}（{pending.row.failedEvent.type}，流{' '}
          {pending.row.failedEvent.streamId}），其读模型中将缺少该事件带来的变化。之后的事件照常处理。
        </ReasonDialog>
      )}
    </div>
  );
};

const ProjectionLine = ({ row, onAct }: { row: ProjectionRow; onAct: (kind: 'retry' | 'skip') => void }) => {
  const [open, setOpen] = useState(false);
  const look = stateLooks[row.state];
  return (
    <tr data-testid={`ops-projection-${row.name}`} data-state={row.state}>
      <td className="fb-ops-name">{row.name}</td>
      <td>v{row.version}</td>
      <td>#{row.position}</td>
      <td>{lagText(row)}</td>
      <td className="fb-ops-state">
        <Tag intent={look.intent} data-testid="ops-projection-state">
          {look.label}
          {row.state === 'retrying' ? ` ·第${row.attempts}次` : ''}
        </Tag>
        {row.failedEvent && (
          <div className="fb-ops-failed" data-testid="ops-projection-failed">
            停在事件 #{row.failedEvent.position} {row.failedEvent.type}
          </div>
        )}
        {row.lastError && (
          <div className="fb-ops-error">
            <span data-testid="ops-projection-error">{errorHeadline(row.lastError)}</span>{' '}
            <Button variant="minimal" size="small" text={open ? '收起' : '详情'} onClick={() => setOpen(!open)} />
            <Collapse isOpen={open}>
              <pre className="fb-ops-stack">{row.lastError}</pre>
            </Collapse>
          </div>
        )}
      </td>
      <td>{timeText(row.heartbeatAt)}</td>
      <td className="fb-ops-actions">
        {row.state === 'parked' ? (
          <>
            <Button intent="primary" icon="play" text="重试" data-testid="ops-retry" onClick={() => onAct('retry')} />
            {row.failedEvent && (
              <Button
                intent="warning"
                icon="step-forward"
                text="跳过"
                data-testid="ops-skip"
                onClick={() => onAct('skip')}
              />
            )}
          </>
        ) : (
          <span className="fb-muted">—</span>
        )}
      </td>
    </tr>
  );
};

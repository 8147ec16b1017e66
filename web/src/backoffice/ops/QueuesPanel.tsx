/**
 * 队列 tab: job counts of every BullMQ queue; a queue's failed jobs with their error, each retried or
 * removed with a reason on record. The full job views are bull-board's (read-only; 任务详情).
 */
import { useState } from 'react';
import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { QUEUE_COUNT_KINDS, type FailedJobRow, type QueueCountKind } from '@feibao/domain/ops/api';
import { notifyError } from '../../api/toaster.ts';
import { openQueueBoard, removeJob, retryJob, useFailedJobs, useQueues } from './api.ts';
import { errorHeadline, reasonProblem, timeText } from './ops.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';
import { Pager } from '../../shared/Pager.tsx';

const countLabels: Record<QueueCountKind, string> = {
  waiting: '等待',
  active: '执行中',
  delayed: '延迟',
  failed: '失败',
  completed: '已完成',
};
const PAGE_SIZE = 10;

type Props = { queue: string | null; onQueue: (name: string) => void };

export const QueuesPanel = ({ queue, onQueue }: Props) => {
  const { data, error, isValidating, mutate } = useQueues();
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
  const chosen = queue ?? data.find((q) => q.counts.failed > 0)?.name ?? null;
  return (
    <div data-testid="ops-queues">
      <div className="fb-row-between">
        <span className="fb-muted">每 3 秒刷新</span>
        <span>
          <Button
            icon="share"
            variant="minimal"
            text="任务详情（bull-board）"
            data-testid="ops-open-board"
            onClick={() => void openQueueBoard().catch(notifyError)}
          />
          <Button icon="refresh" text="刷新" loading={isValidating} onClick={() => void mutate()} />
        </span>
      </div>
      <div className="fb-table-scroll">
        <HTMLTable compact striped interactive className="fb-ops-table">
          <thead>
            <tr>
              <th>队列</th>
              {QUEUE_COUNT_KINDS.map((k) => (
                <th key={k} className="fb-ops-num">
                  {countLabels[k]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((q) => (
              <tr
                key={q.name}
                data-testid={`ops-queue-${q.name}`}
                className={q.name === chosen ? 'fb-ops-chosen' : undefined}
                onClick={() => onQueue(q.name)}
              >
                <td className="fb-ops-name">
                  {q.name} {q.paused && <Tag minimal>已暂停</Tag>}
                </td>
                {QUEUE_COUNT_KINDS.map((k) => (
                  <td key={k} className="fb-ops-num">
                    {k === 'failed' && q.counts.failed > 0 ? <Tag intent="danger">{q.counts.failed}</Tag> : q.counts[k]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {chosen ? (
        <FailedJobs key={chosen} queue={chosen} onChanged={() => mutate()} />
      ) : (
        <p className="fb-muted">没有失败的任务。点击队列查看其失败任务。</p>
      )}
    </div>
  );
};

type Pending = { kind: 'retry' | 'remove'; job: FailedJobRow };

const FailedJobs = ({ queue, onChanged }: { queue: string; onChanged: () => Promise<unknown> }) => {
  const [page, setPage] = useState(1);
  const { data, mutate } = useFailedJobs(queue, page, PAGE_SIZE);
  const [pending, setPending] = useState<Pending | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const done = async () => Promise.all([mutate(), onChanged()]);
  return (
    <section className="fb-ops-failed-jobs" data-testid="ops-failed-jobs">
      <h2 className="fb-section-title">
        {queue} 的失败任务 {data && <span className="fb-muted">（共 {data.total} 个）</span>}
      </h2>
      {!data ? (
        <Spinner size={20} />
      ) : data.rows.length === 0 ? (
        <p className="fb-muted">没有失败的任务。</p>
      ) : (
        <div className="fb-table-scroll">
          <HTMLTable compact striped className="fb-ops-table">
            <thead>
              <tr>
                <th>任务</th>
                <th>错误</th>
                <th>尝试</th>
                <th>失败时间</th>
                <th>数据</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((job) => (
                <tr key={job.id} data-testid={`ops-job-${job.id}`}>
                  <td className="fb-ops-name">
                    {job.name} #{job.id}
                  </td>
                  <td className="fb-ops-error" title={job.failedReason ?? ''}>
                    {errorHeadline(job.failedReason)}
                  </td>
                  <td>
                    {job.attemptsMade}/{job.attempts}
                  </td>
                  <td>{timeText(job.failedAt)}</td>
                  <td>
                    <code className="fb-ops-data">{job.dataSummary}</code>
                  </td>
                  <td className="fb-ops-actions">
                    <Button
                      intent="primary"
                      icon="refresh"
                      text="重试"
                      data-testid="ops-job-retry"
                      onClick={() => setPending({ kind: 'retry', job })}
                    />
                    <Button
                      intent="danger"
                      variant="outlined"
                      icon="trash"
                      text="删除"
                      data-testid="ops-job-remove"
                      onClick={() => setPending({ kind: 'remove', job })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {pages > 1 && <Pager look="list" page={page} pages={pages} onPage={setPage} />}
      {pending && (
        <ReasonDialog
          look="console"
          label="原因（将记入操作记录）"
          problemOf={reasonProblem}
          testIds="ops"
          title={`${pending.kind === 'retry' ? '重试' : '删除'}任务 ${pending.job.name} #${pending.job.id}`}
          confirmText={pending.kind === 'retry' ? '重试' : '删除'}
          intent={pending.kind === 'remove' ? 'danger' : 'primary'}
          run={(reason) => (pending.kind === 'retry' ? retryJob : removeJob)(queue, pending.job.id, reason)}
          onClose={() => setPending(null)}
          onDone={done}
        >
          {pending.kind === 'retry' ? '任务将重新排队，由后台任务再次执行。' : '任务将从队列中删除，不再执行。'}
        </ReasonDialog>
      )}
    </section>
  );
};

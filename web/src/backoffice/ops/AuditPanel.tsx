/** 操作记录 tab: what operators did from this console, newest first, with who and why. */
import { useState } from 'react';
import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { Pager } from '../../shared/Pager.tsx';
import { useOpsActions } from './api.ts';
import { actionLabels, timeText } from './ops.ts';

const PAGE_SIZE = 20;

export const AuditPanel = () => {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useOpsActions(page, PAGE_SIZE);
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
  if (data.total === 0)
    return (
      <NonIdealState
        icon="history"
        title="暂无操作记录"
        description="在投影和队列中执行的重试、跳过、删除都会记录在这里。"
      />
    );
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  return (
    <div data-testid="ops-audit">
      <div className="fb-table-scroll">
        <HTMLTable compact striped className="fb-ops-table">
          <thead>
            <tr>
              <th>时间</th>
              <th>操作</th>
              <th>对象</th>
              <th>详情</th>
              <th>操作人</th>
              <th>原因</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id} data-testid="ops-audit-row">
                <td>{timeText(row.at)}</td>
                <td>
                  <Tag minimal>{actionLabels[row.kind]}</Tag>
                </td>
                <td className="fb-ops-name">{row.target}</td>
                <td className="fb-ops-error">{row.detail}</td>
                <td>{row.by}</td>
                <td>{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <Pager look="list" page={page} pages={pages} onPage={setPage} total={{ count: data.total }} />
    </div>
  );
};

/**
 * Admin only: the claim's operation log (every history row) as a table or, on a phone, a list;
 * the same rows as a timeline; and the CSV export.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, HTMLTable, SegmentedControl, Spinner } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { notifyError } from '../../api/toaster.ts';
import type { Variant } from '../../shared/site.ts';
import { useClaimLog } from '../api.ts';
import { HistoryTimeline } from '../history/HistoryTimeline.tsx';
import { historyRowKey } from '../history/timeline.ts';
import { downloadHistoryCsv } from './csv.ts';

type View = 'table' | 'timeline';

export const OperationLog = ({ claimId, variant }: { claimId: string; variant: Variant }) => {
  const mobile = variant === 'mobile';
  const log = useClaimLog(claimId, true);
  const [view, setView] = useState<View>('table');
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadHistoryCsv(claimId);
    } catch (e) {
      notifyError(e);
    } finally {
      setExporting(false);
    }
  };

  const rows = log.data;
  let body: ReactNode;
  if (log.error)
    body = (
      <NonIdealState
        titleLevel={3}
        icon="error"
        title="加载失败"
        description={(log.error as Error).message}
        action={<Button text="重试" onClick={() => void log.mutate()} />}
      />
    );
  else if (!rows)
    body = (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={24} />
      </div>
    );
  else if (rows.length === 0) body = <NonIdealState titleLevel={3} icon="inbox" title="暂无数据" />;
  else if (view === 'timeline') body = <HistoryTimeline entries={rows} variant={variant} />;
  else if (mobile)
    body = (
      <ul className="fb-log-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((r, i) => (
          <li
            key={historyRowKey(r)}
            data-testid="log-row"
            data-operate-type={r.operateType}
            style={{ padding: '8px 0', borderTop: i === 0 ? undefined : '1px solid #e5e8eb' }}
          >
            <div className="fb-row-between">
              <strong>{r.operateType}</strong>
              <span className="fb-muted">{r.operateDate}</span>
            </div>
            <div className="fb-muted">
              {r.userName} · {r.moduleName}
              {r.fieldName && ` · ${r.fieldName}`}
            </div>
            <div style={{ wordBreak: 'break-all' }}>{r.details}</div>
            {r.remark && (
              <div className="fb-log-remark">
                <span className="fb-muted">说明：</span>
                {r.remark}
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <div className="fb-table-scroll">
        <HTMLTable striped compact className="fb-table fb-log-table" aria-label="操作日志">
          <thead>
            <tr>
              <th>操作时间</th>
              <th>操作人</th>
              <th>模块</th>
              <th>字段</th>
              <th>操作类型</th>
              <th>详情</th>
              <th>说明</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={historyRowKey(r)} data-testid="log-row" data-operate-type={r.operateType}>
                <td style={{ whiteSpace: 'nowrap' }}>{r.operateDate}</td>
                <td>{r.userName}</td>
                <td>{r.moduleName}</td>
                <td>{r.fieldName}</td>
                <td>{r.operateType}</td>
                <td style={{ wordBreak: 'break-all' }}>{r.details}</td>
                <td className="fb-log-remark" style={{ wordBreak: 'break-all' }}>
                  {r.remark}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );

  return (
    <Card className="fb-card fb-operation-log" data-testid="operation-log">
      <div className="fb-row-between" style={{ gap: 8, flexWrap: 'wrap', marginBottom: 8 }}>
        <h2 className="fb-section-title" style={{ margin: 0 }}>
          操作日志
        </h2>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <span data-testid="log-view">
            <SegmentedControl
              size="small"
              value={view}
              onValueChange={(v) => setView(v as View)}
              options={[
                { value: 'table', label: mobile ? '列表' : '表格' },
                { value: 'timeline', label: '时间线' },
              ]}
            />
          </span>
          <Button
            size="small"
            icon="refresh"
            aria-label="刷新"
            loading={log.isValidating}
            onClick={() => void log.mutate()}
          />
          <Button
            size="small"
            icon="download"
            text="导出CSV"
            loading={exporting}
            onClick={() => void exportCsv()}
            data-testid="log-csv"
          />
        </div>
      </div>
      {body}
    </Card>
  );
};

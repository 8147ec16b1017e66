/** The grid: an order per row, an insurer per column; a cell opens the insurer's request in a dialog. */
import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import type { QuoteDeskCell, QuoteDeskPage, QuoteDeskRow } from '@feibao/domain/ordering/quoteDesk';
import { money, stateName } from '../../ordering/format.ts';
import { cellMessage, countdownText, type DeskFilters, shortTime, statusIntent, statusLabel } from './desk.ts';

export type OpenCell = { orderId: string; requestId: string };

type Props = {
  data: QuoteDeskPage | undefined;
  error: unknown;
  onRetry: () => void;
  filters: DeskFilters;
  onOpen: (cell: OpenCell) => void;
};

export const QuoteGrid = ({ data, error, onRetry, filters, onOpen }: Props) => {
  if (error && !data)
    return (
      <NonIdealState
        icon="error"
        title="加载失败"
        description={(error as Error).message}
        action={<Button text="重试" onClick={onRetry} />}
      />
    );
  if (!data)
    return (
      <div className="fb-loading-block" aria-busy="true">
        <Spinner size={28} />
        <div>正在加载报价…</div>
      </div>
    );
  if (data.datas.length === 0)
    return (
      <NonIdealState icon="inbox" title="暂无数据" description="没有符合条件的询价订单。" className="fb-quote-empty" />
    );
  return (
    <div className="fb-table-scroll">
      <HTMLTable bordered compact className="fb-table fb-quote-grid" aria-label="报价进度">
        <thead>
          <tr>
            <th className="fb-quote-order-col">订单</th>
            {visibleInsurers.map((i) => (
              <th key={i.id} className={filters.insurerId === String(i.id) ? 'fb-quote-col-focus' : undefined}>
                {i.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.datas.map((row) => (
            <tr key={row.id} data-testid="quote-row" data-order={row.orderNo}>
              <td className="fb-quote-order-col">
                <OrderCell row={row} />
              </td>
              {visibleInsurers.map((i) => {
                const cell = row.cells.find((c) => c.insuranceCompanyId === i.id);
                return (
                  <td key={i.id} className="fb-quote-td">
                    {cell ? (
                      <Cell
                        cell={cell}
                        orderNo={row.orderNo}
                        onOpen={() => onOpen({ orderId: row.id, requestId: cell.requestId })}
                      />
                    ) : (
                      <span className="fb-muted">未询价</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
};

const OrderCell = ({ row }: { row: QuoteDeskRow }) => (
  <div className="fb-quote-order">
    <strong className="fb-order-no">{row.orderNo}</strong>
    <span className="fb-muted">
      {row.userName} · {row.orderType === 1 ? '培训机构' : '普通'} · 第{row.round}轮
    </span>
    <span>
      <Tag minimal intent={row.state === 1 ? 'primary' : 'success'}>
        {stateName(row.state)}
      </Tag>{' '}
      <span className="fb-muted">{row.lines.length} 个险种</span>
    </span>
  </div>
);

const Cell = ({ cell, orderNo, onOpen }: { cell: QuoteDeskCell; orderNo: string; onOpen: () => void }) => {
  const countdown = countdownText(cell);
  const message = cellMessage(cell);
  return (
    <button
      type="button"
      className={cell.overdue ? 'fb-quote-cell fb-quote-cell-overdue' : 'fb-quote-cell'}
      data-testid="quote-cell"
      data-order={orderNo}
      data-insurer={cell.insuranceCompanyId}
      data-status={cell.status}
      data-overdue={cell.overdue ? 'true' : 'false'}
      onClick={onOpen}
    >
      {/* The cell's name starts with what the grid shows only in its row and column heads. */}
      <span className="fb-sr-only">
        {orderNo} {cell.insuranceCompanyName}{' '}
      </span>
      <span className="fb-quote-cell-head">
        <Tag minimal={cell.status !== 'manual'} intent={statusIntent(cell.status)}>
          {statusLabel(cell.status)}
        </Tag>
        {cell.overdue && (
          <Tag intent="danger" icon="time" data-testid="quote-overdue">
            逾期
          </Tag>
        )}
      </span>
      {cell.total !== null && (
        <strong className={cell.status === 'expired' ? 'fb-quote-total fb-quote-stale' : 'fb-quote-total'}>
          {money(cell.total)}
        </strong>
      )}
      {countdown && (
        <span
          className={
            cell.workingDaysLeft !== null && cell.workingDaysLeft < 0
              ? 'fb-quote-countdown fb-bo-late'
              : 'fb-quote-countdown'
          }
        >
          {countdown}
        </span>
      )}
      {cell.validUntil && (cell.status === 'quoted' || cell.status === 'expired') && (
        <span className="fb-muted">有效期至 {shortTime(cell.validUntil)}</span>
      )}
      {message && (
        <span className="fb-quote-message" title={message}>
          {message}
        </span>
      )}
    </button>
  );
};

import { orderStateNames } from '@feibao/domain/ordering/catalogue';
import { OrderState } from '@feibao/domain/ordering/order.events';
import { shanghaiDate } from '@feibao/domain/shared/calendar';

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ¥1,234.50; a missing amount reads —. */
export const money = (n: number | null | undefined): string =>
  n === null || n === undefined || Number.isNaN(n) ? '—' : `¥${yuan.format(n)}`;

/** The calendar day (Shanghai) of an ISO instant or a yyyy-MM-dd string; blank reads —. */
export const dateOnly = (v: string | null | undefined): string => {
  if (!v) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const at = new Date(v);
  return Number.isNaN(at.getTime()) ? v.slice(0, 10) : shanghaiDate(at);
};

export const stateName = (state: number): string => orderStateNames[state] ?? `状态${state}`;

/** The state tag's colour (presentation only: what an order allows comes from its `actions`). */
export const stateIntent = (state: number) =>
  state === OrderState.awaitingInquiry || state === OrderState.lapsed || state === OrderState.cancelled
    ? 'none'
    : state === OrderState.quoting
      ? 'warning'
      : state === OrderState.quoted
        ? 'primary'
        : 'success';

/** Orders not (or no longer) in progress get a quiet tag in the list. */
export const stateMinimal = (state: number) =>
  state === OrderState.awaitingInquiry || state === OrderState.lapsed || state === OrderState.cancelled;

export const termLabel = (days: number | null | undefined) => (days === 365 ? '1年' : days ? `${days}天` : '—');

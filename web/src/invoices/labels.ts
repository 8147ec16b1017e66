/** How invoice fields read on screen (presentation only). */
import { PayStatus, type PayStatusValue } from '@feibao/domain/invoices/invoice';
import { SHANGHAI_OFFSET_MS } from '@feibao/domain/shared/calendar';

/** The empty list's title, searched or not. */
export const EMPTY_INVOICES = '暂无数据';

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ¥1,234.50. */
export const money = (n: number): string => `¥${yuan.format(n)}`;

/** 2025-03-05 10:30 (Shanghai); not issued yet reads —. */
export const dateTime = (v: string | null): string => {
  const t = v ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? '—' : new Date(t + SHANGHAI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
};

export const orDash = (v: string | null): string => v || '—';

export const payStatusIntent = (status: PayStatusValue) =>
  status === PayStatus.paid ? 'success' : status === PayStatus.credited ? 'danger' : 'warning';

export const payStatusChoices = [
  { value: '', label: '全部支付状态' },
  { value: PayStatus.unpaid, label: PayStatus.unpaid },
  { value: PayStatus.paid, label: PayStatus.paid },
  { value: PayStatus.credited, label: PayStatus.credited },
];

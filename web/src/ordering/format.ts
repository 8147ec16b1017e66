import { orderStateNames } from '@feibao/domain/ordering/catalogue';

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ¥1,234.50; a missing amount reads —. */
export const money = (n: number | null | undefined): string => (n === null || n === undefined || Number.isNaN(n) ? '—' : `¥${yuan.format(n)}`);

/** The calendar day (Shanghai) of an ISO instant or a yyyy-MM-dd string; blank reads —. */
export const dateOnly = (v: string | null | undefined): string => {
  if (!v) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  const t = new Date(v).getTime();
  if (Number.isNaN(t)) return v.slice(0, 10);
  return new Date(t + 8 * 3600_000).toISOString().slice(0, 10);
};

export const stateName = (state: number): string => orderStateNames[state] ?? `状态${state}`;

export const stateIntent = (state: number) =>
  state === 0 ? 'none' : state === 1 ? 'warning' : state === 2 ? 'primary' : state === 6 ? 'none' : 'success';

/** Apply for claim only while now lies between the policy dates. */
export const claimable = (startDate: string | null, endDate: string | null, now = Date.now()): boolean => {
  if (!startDate || !endDate) return false;
  const s = new Date(startDate).getTime();
  const e = new Date(endDate).getTime();
  return !Number.isNaN(s) && !Number.isNaN(e) && s <= now && now <= e;
};

export const termLabel = (days: number | null | undefined) => (days === 365 ? '1年' : days ? `${days}天` : '—');

/** The quote desk's pure parts: filters in the address, cell texts, and the manual-entry form. */
import type { Intent } from '@blueprintjs/core';
import {
  type DeskCellStatus,
  deskCellStatuses,
  deskCellStatusNames,
  type DeskLineAnswer,
  type QuoteDeskCell,
} from '@feibao/domain/ordering/quoteDesk';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { SHANGHAI_OFFSET_MS } from '@feibao/domain/shared/calendar';

export type DeskFilters = {
  status: DeskCellStatus | '';
  insurerId: string;
  overdue: boolean;
  orderType: '' | '0' | '1';
  days: string;
  /** The order number or its beginning, in the address (`no`). */
  orderNo: string;
  /** The customer's whole phone: kept in the page's state, never in the address (history, shared links). */
  phone: string;
};

export const DEFAULT_DAYS = '7';
export const dayChoices = ['1', '3', '7', '14', '30', '90'] as const;

const oneOf = <T extends string>(value: string | null, choices: readonly T[], fallback: T): T =>
  value !== null && (choices as readonly string[]).includes(value) ? (value as T) : fallback;

/** Unknown values in a hand-edited address fall back to no filter rather than to an error. */
export const filtersOf = (params: URLSearchParams): DeskFilters => ({
  status: oneOf<DeskCellStatus | ''>(params.get('status'), ['', ...deskCellStatuses], ''),
  insurerId: oneOf(params.get('insurer'), ['', ...visibleInsurers.map((i) => String(i.id))], ''),
  overdue: params.get('overdue') === 'true',
  orderType: oneOf<'' | '0' | '1'>(params.get('type'), ['', '0', '1'], ''),
  days: oneOf(params.get('days'), dayChoices, DEFAULT_DAYS),
  orderNo: /^[0-9A-Za-z]{1,32}$/.test(params.get('no') ?? '') ? params.get('no')! : '',
  phone: '',
});

/** The server's query for these filters (empty ones left out). */
export const deskQuery = (
  filters: DeskFilters,
  currentPage: number,
  pageSize: number,
): Record<string, string | number> => {
  const query: Record<string, string | number> = { currentPage, pageSize, days: filters.days };
  if (filters.status) query.status = filters.status;
  if (filters.insurerId) query.insurerId = filters.insurerId;
  if (filters.overdue) query.overdue = 'true';
  if (filters.orderType) query.orderType = filters.orderType;
  if (filters.orderNo) query.orderNo = filters.orderNo;
  if (filters.phone) query.phone = filters.phone;
  return query;
};

export const statusLabel = (status: DeskCellStatus) => deskCellStatusNames[status];

export const statusIntent = (status: DeskCellStatus): Intent => {
  switch (status) {
    case 'quoted':
      return 'success';
    case 'manual':
      return 'warning';
    case 'declined':
    case 'timed-out':
      return 'danger';
    case 'waiting':
      return 'primary';
    case 'expired':
      return 'none';
  }
};

/** 剩余 1.5 个工作日 while open; 已超时 0.3 个工作日 once past the deadline; nothing when nothing is awaited. */
export const countdownText = (cell: Pick<QuoteDeskCell, 'workingDaysLeft'>): string | null => {
  const left = cell.workingDaysLeft;
  if (left === null) return null;
  if (left < 0) return `已超时 ${Math.abs(left)} 个工作日`;
  return `剩余 ${left} 个工作日`;
};

/** The insurer's messages (verification needed, declined) in one line for the cell. */
export const cellMessage = (cell: Pick<QuoteDeskCell, 'answers'>): string | null => {
  const reasons = [...new Set(cell.answers.map((a) => a.reason).filter((r): r is string => !!r))];
  return reasons.length > 0 ? reasons.join('；') : null;
};

/** Staff may enter what the insurer said for lines still open: not answered, or waiting for verification. */
export const enterable = (answer: DeskLineAnswer) => answer.kind === 'pending' || answer.kind === 'manual';
export const canEnter = (cell: QuoteDeskCell) =>
  (cell.status === 'waiting' || cell.status === 'manual') && cell.answers.some(enterable);
export const canResend = (cell: QuoteDeskCell, orderState: number) =>
  (orderState === 1 || orderState === 2) &&
  (cell.status === 'waiting' || cell.status === 'manual' || cell.status === 'timed-out');
export const canTimeOut = (cell: QuoteDeskCell) => cell.status === 'waiting' || cell.status === 'manual';

/** One open line in the manual-entry form: skipped, priced, or declined. */
export type EntryRow = {
  key: string;
  mode: 'skip' | 'quote' | 'decline';
  premium: string;
  deductible: string;
  reason: string;
};

export const initialEntries = (cell: QuoteDeskCell): EntryRow[] =>
  cell.answers.filter(enterable).map((a) => ({
    key: a.key,
    mode: a.kind === 'manual' ? 'quote' : 'skip',
    premium: '',
    deductible: '',
    reason: '',
  }));

export type ManualAnswer =
  | { key: string; premium: number; deductible: string }
  | { key: string; declined: true; reason: string };

/** The answers to send, or what is wrong with the form (Chinese, shown above the buttons). */
export const manualAnswers = (rows: EntryRow[], lineName: (key: string) => string): ManualAnswer[] | string => {
  const answers: ManualAnswer[] = [];
  for (const row of rows) {
    const name = lineName(row.key);
    if (row.mode === 'skip') continue;
    if (row.mode === 'decline') {
      if (!row.reason.trim()) return `请填写${name}的拒保原因`;
      answers.push({ key: row.key, declined: true, reason: row.reason.trim() });
      continue;
    }
    const premium = Number(row.premium);
    if (row.premium.trim() === '' || !Number.isFinite(premium)) return `请填写${name}的保费`;
    if (premium < 0) return `${name}的保费不能为负数`;
    if (!row.deductible.trim()) return `请填写${name}的免赔说明`;
    answers.push({ key: row.key, premium: Math.round(premium * 100) / 100, deductible: row.deductible.trim() });
  }
  return answers.length > 0 ? answers : '请至少录入一条报价或拒保';
};

/** MM-DD HH:mm in Shanghai, whatever the browser's zone. */
export const shortTime = (iso: string | null | undefined): string =>
  iso ? new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(5, 16).replace('T', ' ') : '—';

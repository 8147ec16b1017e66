import { workingTimeBetween } from '../rating/workingDays.ts';
import type { InsurerProgress, LineAnswer } from './order.events.ts';
import type { PlanLine } from './plan.ts';

/**
 * The quote desk's view of one insurer on one order (docs/glossary.md "Quote desk statuses"):
 * waiting: some line not answered yet; manual: a line waits for the insurer's manual
 * verification (staff enter it); quoted: every line priced; declined: answered, but some line
 * refused; timed-out: no complete answer by the deadline (or staff let it time out); expired:
 * quoted, but the quote's validity ran out, so it can no longer be bought.
 */
export const deskCellStatuses = ['waiting', 'manual', 'quoted', 'declined', 'timed-out', 'expired'] as const;
export type DeskCellStatus = (typeof deskCellStatuses)[number];
/** What the events alone decide; `expired` also depends on the clock, so readers add it. */
export type StoredDeskStatus = Exclude<DeskCellStatus, 'expired'>;

export const deskCellStatusNames: Readonly<Record<DeskCellStatus, string>> = {
  waiting: '等待报价',
  manual: '待人工核保',
  quoted: '已报价',
  declined: '拒保',
  'timed-out': '已超时',
  expired: '报价已过期',
};

export const storedDeskStatus = (
  progress: Pick<InsurerProgress, 'answers' | 'timedOut'>,
  lines: PlanLine[],
): StoredDeskStatus => {
  if (progress.timedOut) return 'timed-out';
  const answers = lines.map((l) => progress.answers[l.key]);
  if (answers.some((a) => a?.kind === 'manual')) return 'manual';
  if (answers.some((a) => a === undefined)) return 'waiting';
  return answers.some((a) => a?.kind === 'declined') ? 'declined' : 'quoted';
};

export const deskStatusAt = (
  stored: StoredDeskStatus,
  validUntil: string | null | undefined,
  now: Date,
): DeskCellStatus =>
  stored === 'quoted' && validUntil && now.getTime() >= new Date(validUntil).getTime() ? 'expired' : stored;

/** Still waiting for something: the insurer's answer or staff's manual entry. */
export const isOpenStatus = (status: DeskCellStatus) => status === 'waiting' || status === 'manual';

/** One line of one insurer's answer, flat for the wire ('pending': nothing yet). */
export type DeskLineAnswer = {
  key: string;
  kind: LineAnswer['kind'] | 'pending';
  premium: number | null;
  deductible: string | null;
  /** The insurer's message: why it needs verification, or why it declined. */
  reason: string | null;
};

export type QuoteDeskCell = {
  insuranceCompanyId: number;
  insuranceCompanyName: string;
  requestId: string;
  /** 0 for the first sending, +1 per re-send. */
  attempt: number;
  status: DeskCellStatus;
  /** Σ premiums once every line is priced (also when expired); null otherwise. */
  total: number | null;
  answers: DeskLineAnswer[];
  requestedAt: string;
  /** When the insurer promised its answer; an open cell past it is overdue. */
  answerDueAt: string;
  /** When the request times out. */
  deadlineAt: string;
  /** Working days until deadlineAt (fraction included, negative once past); null when nothing is awaited. */
  workingDaysLeft: number | null;
  overdue: boolean;
  validUntil: string | null;
};

export type QuoteDeskLine = Pick<
  PlanLine,
  'key' | 'insuranceTypeInfoName' | 'uavInfoName' | 'quantity' | 'insuranceAmount' | 'guaranteeTerm'
>;

export type QuoteDeskRow = {
  id: string;
  orderNo: string;
  userName: string;
  orderType: 0 | 1;
  /** Order state number (1 quoting, 2 quoted). */
  state: number;
  round: number;
  updatedAt: string;
  /** The nearest deadline among the open cells; rows sort by it. Null when nothing is awaited. */
  nextDeadlineAt: string | null;
  lines: QuoteDeskLine[];
  cells: QuoteDeskCell[];
};

export type QuoteDeskPage = {
  datas: QuoteDeskRow[];
  currentPage: number;
  pageSize: number;
  totalCount: number;
  days: number;
};

/** Overdue: still open after the insurer's promised answer time. */
export const isOverdue = (status: DeskCellStatus, answerDueAt: string, now: Date) =>
  isOpenStatus(status) && now.getTime() > new Date(answerDueAt).getTime();

export const deskLineAnswer = (key: string, answer: LineAnswer | undefined): DeskLineAnswer => {
  if (!answer) return { key, kind: 'pending', premium: null, deductible: null, reason: null };
  switch (answer.kind) {
    case 'quoted':
      return { key, kind: 'quoted', premium: answer.premium, deductible: answer.deductible, reason: null };
    case 'manual':
    case 'declined':
      return { key, kind: answer.kind, premium: null, deductible: null, reason: answer.reason };
  }
};

/** The countdown to the deadline, in working days on the platform's time scale. */
export const workingDaysLeft = (
  status: DeskCellStatus,
  deadlineAt: string,
  now: Date,
  daySeconds: number,
): number | null =>
  isOpenStatus(status) ? Math.round(workingTimeBetween(now, new Date(deadlineAt), daySeconds) * 10) / 10 : null;

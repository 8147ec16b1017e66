/**
 * The claims desk's pure parts: its queues, how a row's SLA reads, the assessment form's rows and
 * what each staff step asks for. Kept apart from the components so they can be unit-tested.
 */
import type { ClaimDetails, ClaimListRow } from '@feibao/domain/claims/api';
import type { CoverLineSnapshot } from '@feibao/domain/claims/policy';
import type { LossKind } from '@feibao/domain/claims/settlement';
import { CoverId } from '@feibao/domain/ordering/catalogue';
import type { ClaimFilters } from '../../claims/api.ts';

/**
 * The desk's fields of a row and of a claim. Optional here so the desk reads answers from a server
 * that does not send them yet; the domain types carry them once the backend has them.
 */
export type DeskRow = ClaimListRow & {
  assignee?: string | null;
  stageDueAt?: string | null;
  slaAgeDays?: number | null;
  evidenceRequested?: boolean;
};
export type DeskClaim = ClaimDetails & {
  assignee?: string | null;
  acceptedAt?: string | null;
  submittedAt?: string | null;
};

export type DeskTabKey = 'submitted' | 'processing' | 'evidence' | 'overdue' | 'mine';
export type DeskTab = { key: DeskTabKey; label: string; filters: ClaimFilters };

/** The queues in the order a claim usually moves through them; 我的 is every claim assigned to the caller. */
export const deskTabs: readonly DeskTab[] = [
  { key: 'submitted', label: '待受理', filters: { queue: 'submitted' } },
  { key: 'processing', label: '处理中', filters: { queue: 'processing' } },
  { key: 'evidence', label: '待补充材料', filters: { queue: 'evidence' } },
  { key: 'overdue', label: '已超时', filters: { queue: 'overdue' } },
  { key: 'mine', label: '我的', filters: { assignee: 'me' } },
];

export const deskTabOf = (key: string | null | undefined): DeskTab =>
  deskTabs.find((t) => t.key === key) ?? deskTabs[0]!;

export const isOverdueRow = (row: Pick<ClaimListRow, 'overdue'>): boolean => row.overdue.length > 0;

export const slaAgeText = (days: number | null | undefined): string =>
  days === null || days === undefined ? '—' : `${days} 个工作日`;

/** The assignee as the desk shows it: the caller reads 我. */
export const assigneeText = (assignee: string | null | undefined, me: string | undefined): string => {
  if (!assignee) return '未分派';
  return assignee === me ? `${assignee}（我）` : assignee;
};

// ---- assessment ------------------------------------------------------------------------

export const lossKinds: readonly { value: LossKind; label: string }[] = [
  { value: 'drone', label: '无人机损失' },
  { value: 'injury', label: '人身伤亡' },
  { value: 'property', label: '财产损失' },
  { value: 'other', label: '其他' },
];

const droneCovers: readonly number[] = [CoverId.hull, CoverId.comprehensive, CoverId.theft];
const injuryCovers: readonly number[] = [CoverId.operatorAccident, CoverId.staffAccident, CoverId.studentAccident];
const propertyCovers: readonly number[] = [CoverId.liability, CoverId.siteLiability, CoverId.trainingLiability];

/** The kind of loss a cover line usually pays for: the first guess of the form, which staff may change. */
export const defaultLossKind = (line: Pick<CoverLineSnapshot, 'insuranceTypeId'>): LossKind => {
  if (droneCovers.includes(line.insuranceTypeId)) return 'drone';
  if (injuryCovers.includes(line.insuranceTypeId)) return 'injury';
  if (propertyCovers.includes(line.insuranceTypeId)) return 'property';
  return 'other';
};

export type AssessRow = { lineKey: string; kind: LossKind; amount: string };
export const initialAssessRows = (lines: readonly CoverLineSnapshot[]): AssessRow[] =>
  lines.map((line) => ({ lineKey: line.key, kind: defaultLossKind(line), amount: '' }));

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/**
 * The exposures to send: only lines with an amount. A message instead when an amount is not yuan
 * with at most two decimals, or when no line has one.
 */
export const assessExposures = (
  rows: readonly AssessRow[],
): { lineKey: string; kind: LossKind; lossAmount: number }[] | string => {
  const filled = rows.filter((r) => r.amount.trim() !== '');
  if (filled.length === 0) return '请至少填写一个险种的损失金额';
  for (const r of filled) if (!AMOUNT.test(r.amount.trim())) return '损失金额应为不超过两位小数的非负数';
  return filled.map((r) => ({ lineKey: r.lineKey, kind: r.kind, lossAmount: Number(r.amount.trim()) }));
};

// ---- steps -----------------------------------------------------------------------------

/** The staff steps that open a dialog with a reason; assignment has its own buttons. */
export type DeskStep = 'accept' | 'requestEvidence' | 'assess' | 'close' | 'reopen';

export const deskSteps: Readonly<
  Record<DeskStep, { label: string; reasonLabel: string; reasonRequired: boolean; requiredMessage: string }>
> = {
  accept: { label: '受理', reasonLabel: '受理说明（选填）', reasonRequired: false, requiredMessage: '' },
  requestEvidence: {
    label: '要求补充材料',
    reasonLabel: '需要客户补充的材料',
    reasonRequired: true,
    requiredMessage: '请填写需要补充的材料',
  },
  assess: { label: '定损', reasonLabel: '定损说明（选填）', reasonRequired: false, requiredMessage: '' },
  close: { label: '结案', reasonLabel: '结案原因', reasonRequired: true, requiredMessage: '请填写结案原因' },
  reopen: {
    label: '重新打开',
    reasonLabel: '重新打开的原因',
    reasonRequired: true,
    requiredMessage: '请填写重新打开的原因',
  },
};

/** The message a step's reason is refused with, or null when it will do. */
export const reasonProblem = (step: DeskStep, reason: string): string | null =>
  deskSteps[step].reasonRequired && reason.trim() === '' ? deskSteps[step].requiredMessage : null;

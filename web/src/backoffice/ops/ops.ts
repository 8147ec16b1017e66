/** Pure helpers of the operations console (texts, tags, checks), unit-tested beside it. */
import type { OpsActionKind, ProjectionRow, ProjectionState } from '@feibao/domain/ops/api';
import { OPS_REASON_MAX, opsMessages } from '@feibao/domain/ops/operations';

export type OpsTab = 'projections' | 'queues' | 'processes' | 'audit';
export const opsTabs: readonly { key: OpsTab; label: string }[] = [
  { key: 'projections', label: '投影' },
  { key: 'queues', label: '队列' },
  { key: 'processes', label: '进程' },
  { key: 'audit', label: '操作记录' },
];
export const opsTabOf = (value: string | null): OpsTab => opsTabs.find((t) => t.key === value)?.key ?? 'projections';

export const stateLooks: Record<ProjectionState, { label: string; intent: 'success' | 'warning' | 'danger' }> = {
  running: { label: '运行中', intent: 'success' },
  retrying: { label: '重试中', intent: 'warning' },
  parked: { label: '已暂停', intent: 'danger' },
};

/** "1.2 秒", "3 分 5 秒", "2 小时 4 分": lag runs from milliseconds (normal) to hours (stuck). */
export const durationText = (ms: number): string => {
  if (ms < 1000) return `${Math.round(ms)} 毫秒`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${(ms / 1000).toFixed(1)} 秒`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} 小时 ${m} 分`;
  return `${m} 分 ${s % 60} 秒`;
};

export const lagText = (row: Pick<ProjectionRow, 'lagEvents' | 'lagCapped' | 'lagMs'>): string =>
  row.lagEvents === 0 ? '已追平' : `${row.lagCapped ? '≥' : ''}${row.lagEvents} 个事件 · ${durationText(row.lagMs)}`;

/** The first line of an error: the message; the stack stays behind 详情. */
export const errorHeadline = (error: string | null): string => (error ?? '').split('\n')[0] ?? '';

export const actionLabels: Record<OpsActionKind, string> = {
  ProjectionRetried: '重试投影',
  ProjectionEventSkipped: '跳过事件',
  QueueJobRetried: '重试任务',
  QueueJobRemoved: '删除任务',
};

/** The same rule the server applies (domain ops), so the dialog says it before sending. */
export const reasonProblem = (reason: string): string | null => {
  const text = reason.trim();
  if (text === '') return opsMessages.reasonRequired;
  if (text.length > OPS_REASON_MAX) return opsMessages.reasonTooLong;
  return null;
};

export const timeText = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' }) : '—';

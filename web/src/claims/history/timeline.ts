/** Groups history rows into events for the timeline: who, when, what, why. */
import type { HistoryEntry } from '@feibao/domain/claims/history';

export type HistoryEvent = {
  key: string;
  operateDate: string;
  userName: string;
  /** The event's own row: the summary (no field) when the event changed fields. */
  head: HistoryEntry;
  /** One row per changed field, with its explanation in `remark`. */
  changes: HistoryEntry[];
};

/**
 * Rows of one event are adjacent and share their stream position; a row without one
 * (an older answer) falls back to time and user, which one event also shares.
 */
const eventKey = (e: HistoryEntry) =>
  typeof e.position === 'number' ? `p${e.position}` : `t${e.operateDate}|${e.userName}`;

/** A row's identity: one event names each field once (its path is unique within the event). */
export const historyRowKey = (e: HistoryEntry) => `${eventKey(e)}|${e.moduleName}|${e.fieldName}|${e.operateType}`;

export const groupHistory = (entries: readonly HistoryEntry[]): HistoryEvent[] => {
  const groups: HistoryEntry[][] = [];
  let lastKey: string | null = null;
  for (const entry of entries) {
    const key = eventKey(entry);
    const current = groups.at(-1);
    if (current && key === lastKey) current.push(entry);
    else groups.push([entry]);
    lastKey = key;
  }
  return groups.map((rows, index) => {
    const headIndex = Math.max(
      0,
      rows.findIndex((r) => r.fieldName === ''),
    );
    const head = rows[headIndex] as HistoryEntry;
    return {
      key: `${eventKey(head)}#${index}`,
      operateDate: head.operateDate,
      userName: head.userName,
      head,
      changes: rows.filter((_, i) => i !== headIndex),
    };
  });
};

/** Newest first reads best on a timeline; the log table keeps the server's order. */
export const newestFirst = (events: readonly HistoryEvent[]): HistoryEvent[] => [...events].reverse();

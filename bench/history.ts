/**
 * A short history of the headline ratios, one row per committed full run, so a regression
 * shows next to the figures it spoils. Kept in bench/results/history.json; only runs written
 * as `latest` (the committed results) add a row.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export type HistoryRow = {
  date: string;
  commit: string;
  orders: number;
  /** Through which door the ordering figures were measured: the services directly or the users' entry. */
  via: 'services' | 'entry';
  saveDraftPerSecond: number;
  insertCeilingPerSecond: number;
  saveRatio: number;
  listPerSecond: number;
  listConcurrency: number;
  listP99: number;
  barePerSecond?: number;
  listRatio?: number;
  visibleP95?: number;
  firstLoadKb?: number;
  lighthouseMin?: number;
};

export const readHistory = (file: string): HistoryRow[] =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];

/** Adds (or, for a re-rendered run, replaces) the row of this run. */
export const recordHistory = (file: string, row: HistoryRow) => {
  const rows = readHistory(file).filter((r) => r.date !== row.date);
  rows.push(row);
  writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
  return rows;
};

const cell = (value: number | undefined, suffix = '') => (value === undefined ? '—' : `${value}${suffix}`);
const percent = (ratio: number | undefined) => (ratio === undefined ? '—' : `${Math.round(ratio * 1000) / 10} %`);

export const historyTable = (rows: HistoryRow[]) => [
  '| run | commit | via | save-draft /s (% of INSERT ceiling) | order list req/s at c (p99) | % of bare node:http | just-saved visible p95 | first load | Lighthouse (lowest) |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.date.slice(0, 16).replace('T', ' ')} | ${r.commit} | ${r.via} | ${r.saveDraftPerSecond} (${percent(r.saveRatio)}) | ${r.listPerSecond} at ${r.listConcurrency} (${r.listP99} ms) | ${percent(r.listRatio)} | ${cell(r.visibleP95, ' ms')} | ${cell(r.firstLoadKb, ' kB')} | ${cell(r.lighthouseMin)} |`,
  ),
];

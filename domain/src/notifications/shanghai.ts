import { SHANGHAI_OFFSET_MS as OFFSET_MS } from '../shared/calendar.ts';

/**
 * Asia/Shanghai wall-clock arithmetic. China keeps UTC+8 all year (no daylight saving), so a fixed
 * offset is exact and needs no time-zone database.
 */

/** The Shanghai wall clock of an instant, read through the UTC getters of the shifted date. */
const wall = (at: Date) => new Date(at.getTime() + OFFSET_MS);
const pad = (n: number) => String(n).padStart(2, '0');

/** 2026-11-27 (the Shanghai calendar day). */
export const shanghaiDate = (at: Date): string => {
  const w = wall(at);
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
};

/** 2026-11-27 09:30, as texts show times. */
export const shanghaiMinute = (at: Date | string): string => {
  const w = wall(new Date(at));
  return `${shanghaiDate(new Date(at))} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
};

/** The instant of a Shanghai wall-clock time on the day of `day` (Shanghai), `addDays` later. */
export const shanghaiAt = (day: Date, hour: number, addDays = 0): Date => {
  const w = wall(day);
  return new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate() + addDays, hour) - OFFSET_MS);
};

export const shanghaiHour = (at: Date): number => wall(at).getUTCHours();

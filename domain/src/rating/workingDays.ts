/**
 * Insurers answer within 1 to 3 working days (docs/api/ordering.md). Working days are Monday to
 * Friday in Asia/Shanghai, which is UTC+8 all year (no daylight saving), so the offset
 * is a constant and no time-zone database is needed. Public holidays are not modelled.
 */

import { SHANGHAI_OFFSET_MS } from '../shared/calendar.ts';

export const REAL_DAY_SECONDS = 86_400;
const DAY_MS = REAL_DAY_SECONDS * 1000;

/** Shanghai wall-clock time expressed as a UTC instant, so getUTCDay() is the local weekday. */
const toLocal = (t: number) => t + SHANGHAI_OFFSET_MS;
const fromLocal = (t: number) => t - SHANGHAI_OFFSET_MS;
const isWeekend = (localMs: number) => {
  const day = new Date(localMs).getUTCDay();
  return day === 0 || day === 6;
};
const startOfLocalDay = (localMs: number) => Math.floor(localMs / DAY_MS) * DAY_MS;

/**
 * The instant `days` working days after `start`.
 *
 * daySeconds = 86400: working time only runs Monday–Friday in Shanghai, so a Friday
 * 18:00 start plus one day is Monday 18:00, and a Saturday start counts from Monday
 * 00:00. Any smaller daySeconds is a demo/test time scale: each working day lasts that
 * many real seconds and weekends are ignored, so a demo quote arrives within a minute.
 */
export const addWorkingDays = (start: Date, days: number, daySeconds: number): Date => {
  if (!Number.isFinite(days) || days < 0) throw new RangeError(`days must be a non-negative number, got ${days}`);
  if (!Number.isFinite(daySeconds) || daySeconds <= 0 || daySeconds > REAL_DAY_SECONDS)
    throw new RangeError(`daySeconds must be in (0, ${REAL_DAY_SECONDS}], got ${daySeconds}`);
  if (daySeconds < REAL_DAY_SECONDS) return new Date(start.getTime() + days * daySeconds * 1000);

  let local = toLocal(start.getTime());
  let left = days * DAY_MS;
  for (;;) {
    if (isWeekend(local)) {
      local = startOfLocalDay(local) + DAY_MS;
      continue;
    }
    const untilMidnight = startOfLocalDay(local) + DAY_MS - local;
    if (left <= untilMidnight) return new Date(fromLocal(local + left));
    left -= untilMidnight;
    local += untilMidnight;
  }
};

/** Maps a uniform draw in [0, 1) to 1, 2 or 3 working days, equally likely. */
export const drawTurnaroundDays = (random: number): 1 | 2 | 3 => {
  if (!(random > 0)) return 1;
  if (random >= 1) return 3;
  return (Math.floor(random * 3) + 1) as 1 | 2 | 3;
};

/**
 * Whole working days elapsed from `from` to `to` (0 when `to` is not later): the inverse of
 * addWorkingDays, on the same calendar and the same demo time scale, so an age and a due time
 * computed from one start agree.
 */
export const workingDaysBetween = (from: Date, to: Date, daySeconds: number = REAL_DAY_SECONDS): number =>
  Math.max(0, Math.floor(workingTimeBetween(from, to, daySeconds)));

/**
 * Working days (with the fraction of the current one) from `from` to `to`, negative when `to`
 * is earlier: a countdown to a deadline reads 1.5 days left, or 0.3 days over.
 */
export const workingTimeBetween = (from: Date, to: Date, daySeconds: number = REAL_DAY_SECONDS): number => {
  if (!Number.isFinite(daySeconds) || daySeconds <= 0 || daySeconds > REAL_DAY_SECONDS)
    throw new RangeError(`daySeconds must be in (0, ${REAL_DAY_SECONDS}], got ${daySeconds}`);
  const elapsed = to.getTime() - from.getTime();
  if (elapsed < 0) return -workingTimeBetween(to, from, daySeconds);
  if (elapsed === 0) return 0;
  if (daySeconds < REAL_DAY_SECONDS) return elapsed / (daySeconds * 1000);

  const stop = toLocal(to.getTime());
  let local = toLocal(from.getTime());
  let worked = 0;
  while (local < stop) {
    const next = Math.min(startOfLocalDay(local) + DAY_MS, stop);
    if (!isWeekend(local)) worked += next - local;
    local = next;
  }
  return worked / DAY_MS;
};

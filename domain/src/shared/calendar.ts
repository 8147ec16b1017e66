/**
 * The platform's calendar is Asia/Shanghai: UTC+8 all year (no daylight saving), so a
 * constant offset serves and no time-zone database is needed.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** The Shanghai calendar day (yyyy-MM-dd) of an instant. */
export const shanghaiDate = (at: Date): string =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** Midnight in Shanghai at the start of a calendar day (yyyy-MM-dd). */
export const shanghaiMidnight = (date: string): Date => new Date(`${date}T00:00:00+08:00`);

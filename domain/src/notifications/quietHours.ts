import { shanghaiAt, shanghaiHour } from './shanghai.ts';

/** Hours of the Shanghai clock during which no notification SMS goes; one due then is held until `until`. */
export type QuietHours = { from: number; until: number };

/** No notification SMS between 22:00 and 08:00 Shanghai time. */
export const DEFAULT_QUIET_HOURS: QuietHours = { from: 22, until: 8 };

/**
 * The operator's setting (NOTIFICATION_QUIET_HOURS): `22-8` (the default), another `from-until` pair of
 * whole hours, or `off` for a platform whose customers want messages at any hour. Null: the text is not
 * a setting, and the caller says so.
 */
export const parseQuietHours = (text: string | undefined): QuietHours | 'off' | null => {
  const value = text?.trim() ?? '';
  if (value === '') return DEFAULT_QUIET_HOURS;
  if (value === 'off') return 'off';
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(value);
  if (!match) return null;
  const from = Number(match[1]);
  const until = Number(match[2]);
  return from < 24 && until < 24 && from !== until ? { from, until } : null;
};

const isQuiet = (hour: number, { from, until }: QuietHours) =>
  from > until ? hour >= from || hour < until : hour >= from && hour < until;

/** When an SMS wanted at `now` may go: at once, or at the end of the quiet hours it falls into. */
export const smsSendAt = (now: Date, quiet: QuietHours | 'off' = DEFAULT_QUIET_HOURS): Date => {
  if (quiet === 'off') return now;
  const hour = shanghaiHour(now);
  if (!isQuiet(hour, quiet)) return now;
  // Past `until` on the clock means the window runs over midnight and ends tomorrow.
  return shanghaiAt(now, quiet.until, hour >= quiet.until ? 1 : 0);
};

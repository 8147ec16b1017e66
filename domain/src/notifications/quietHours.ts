import { shanghaiAt, shanghaiHour } from './shanghai.ts';

/** No notification SMS between 22:00 and 08:00 Shanghai time; one due then is held until 08:00. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

/** When an SMS wanted at `now` may go: at once, or at the end of the quiet hours it falls into. */
export const smsSendAt = (now: Date): Date => {
  const hour = shanghaiHour(now);
  if (hour >= QUIET_FROM_HOUR) return shanghaiAt(now, QUIET_UNTIL_HOUR, 1);
  if (hour < QUIET_UNTIL_HOUR) return shanghaiAt(now, QUIET_UNTIL_HOUR);
  return now;
};

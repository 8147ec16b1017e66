import { SHANGHAI_OFFSET_MS } from '@feibao/domain/shared/calendar';
import { shanghaiDateTime } from '@feibao/domain/claims/history';

/**
 * A stand-in for the flight-data platforms (no integration exists yet): a summary derived
 * only from the device code and the accident time, so the same claim always shows the same
 * numbers and a test can rely on them. `source: 'simulated'` tells the screen what it is.
 */
export type FlightDataSummary = {
  source: 'simulated';
  /** Shanghai wall time 'yyyy-MM-dd HH:mm:ss', at or shortly before the accident. */
  lastFlightAt: string;
  flightCount: number;
  lastPosition: { latitude: number; longitude: number };
};

/** FNV-1a, 32 bits: small, stable across runs and platforms. */
const fnv1a = (text: string) => {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
};

/** The accident's instant: its Shanghai wall time, or when the claim was opened if none is filled in yet. */
const accidentInstant = (accidentTime: string | null, openedAt: string) => {
  const wall = accidentTime === null ? Number.NaN : Date.parse(`${accidentTime.replace(' ', 'T')}Z`);
  return Number.isNaN(wall) ? Date.parse(openedAt) : wall - SHANGHAI_OFFSET_MS;
};

export const flightDataSummary = (
  deviceCode: string,
  accidentTime: string | null,
  openedAt: string,
): FlightDataSummary => {
  const hash = fnv1a(`${deviceCode}|${accidentTime ?? openedAt}`);
  const minutesBefore = hash % 120;
  const at = accidentInstant(accidentTime, openedAt) - minutesBefore * 60_000;
  return {
    source: 'simulated',
    lastFlightAt: shanghaiDateTime(new Date(Number.isNaN(at) ? 0 : at).toISOString()),
    flightCount: 20 + ((hash >>> 7) % 480),
    // Somewhere over eastern China, to six decimals (about 10 cm).
    lastPosition: {
      latitude: Math.round((22 + ((hash >>> 3) % 2_000_000) / 100_000) * 1e6) / 1e6,
      longitude: Math.round((102 + ((hash >>> 5) % 2_000_000) / 100_000) * 1e6) / 1e6,
    },
  };
};

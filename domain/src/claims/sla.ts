import { shanghaiDate } from '../shared/calendar.ts';
import { addWorkingDays } from '../rating/workingDays.ts';
import type { SlaStage } from './claim.events.ts';

/** Working days (Asia/Shanghai calendar) a claim may spend in each stage before it is overdue. */
export const claimSlaTargets: Readonly<Record<SlaStage, number>> = { accept: 1, close: 10 };

/** `daySeconds` below a real day compresses the calendar for demos and tests (see README, configuration). */
export const slaDueAt = (from: Date, stage: SlaStage, daySeconds: number): string =>
  addWorkingDays(from, claimSlaTargets[stage], daySeconds).toISOString();

/** LP + Shanghai date + six digits: readable on the phone, unique enough with the id beside it. */
export const claimNumber = (at: Date, draw: number): string =>
  `LP${shanghaiDate(at).replaceAll('-', '')}${String(Math.floor(draw) % 1_000_000).padStart(6, '0')}`;

import { describe, expect, it } from 'vitest';
import { addWorkingDays, drawTurnaroundDays, workingDaysBetween } from './workingDays.ts';

const at = (shanghai: string) => new Date(`${shanghai}+08:00`);
const real = (start: string, days: number) => addWorkingDays(at(start), days, 86_400);

// 2026-11-20 is a Friday.
describe('working days in Shanghai', () => {
  it('adds plain days within a week', () => {
    expect(real('2026-11-16T10:00:00', 1)).toEqual(at('2026-11-17T10:00:00'));
    expect(real('2026-11-16T10:00:00', 3)).toEqual(at('2026-11-19T10:00:00'));
  });
  it('skips the weekend from a Friday-evening start', () => {
    expect(real('2026-11-20T18:30:00', 1)).toEqual(at('2026-11-23T18:30:00'));
    expect(real('2026-11-20T18:30:00', 3)).toEqual(at('2026-11-25T18:30:00'));
  });
  it('treats Friday evening in Shanghai as Friday even though it is Friday morning in UTC', () => {
    // 2026-11-20T23:30+08:00 is 15:30 UTC on Friday; one working day is Monday 23:30 Shanghai.
    expect(real('2026-11-20T23:30:00', 1)).toEqual(at('2026-11-23T23:30:00'));
  });
  it('does not treat Saturday 07:00 Shanghai (Friday 23:00 UTC) as a working day', () => {
    expect(real('2026-11-21T07:00:00', 1)).toEqual(at('2026-11-24T00:00:00'));
  });
  it('counts a weekend start from Monday 00:00', () => {
    expect(real('2026-11-22T15:00:00', 2)).toEqual(at('2026-11-25T00:00:00'));
  });
  it('adds nothing for zero days', () => {
    expect(real('2026-11-18T09:00:00', 0)).toEqual(at('2026-11-18T09:00:00'));
  });
  it('scales a demo working day to daySeconds and ignores weekends', () => {
    const start = at('2026-11-20T18:30:00');
    expect(addWorkingDays(start, 3, 10)).toEqual(new Date(start.getTime() + 30_000));
  });
  it('refuses nonsense', () => {
    expect(() => addWorkingDays(new Date(), -1, 86_400)).toThrow(RangeError);
    expect(() => addWorkingDays(new Date(), 1, 0)).toThrow(RangeError);
    expect(() => addWorkingDays(new Date(), 1, 90_000)).toThrow(RangeError);
  });
});

describe('working days between two instants', () => {
  const between = (from: string, to: string) => workingDaysBetween(at(from), at(to));
  it('counts whole working days and drops the part day', () => {
    expect(between('2026-11-16T10:00:00', '2026-11-17T09:59:59')).toBe(0);
    expect(between('2026-11-16T10:00:00', '2026-11-17T10:00:00')).toBe(1);
    expect(between('2026-11-16T10:00:00', '2026-11-19T12:00:00')).toBe(3);
  });
  it('does not count the weekend', () => {
    expect(between('2026-11-20T18:30:00', '2026-11-23T18:29:00')).toBe(0);
    expect(between('2026-11-20T18:30:00', '2026-11-23T18:30:00')).toBe(1);
    expect(between('2026-11-21T07:00:00', '2026-11-23T23:59:00')).toBe(0);
    expect(between('2026-11-21T07:00:00', '2026-11-24T00:00:00')).toBe(1);
  });
  it('undoes addWorkingDays on the same calendar', () => {
    for (const start of ['2026-11-16T10:00:00', '2026-11-20T23:30:00', '2026-11-22T15:00:00'])
      for (const days of [0, 1, 2, 5, 12])
        expect(workingDaysBetween(at(start), real(start, days)), `${start} +${days}`).toBe(days);
  });
  it('is zero for an end before the start, and follows a demo time scale', () => {
    expect(between('2026-11-19T10:00:00', '2026-11-16T10:00:00')).toBe(0);
    const start = at('2026-11-20T18:30:00');
    expect(workingDaysBetween(start, new Date(start.getTime() + 35_000), 10)).toBe(3);
    expect(() => workingDaysBetween(start, start, 0)).toThrow(RangeError);
  });
});

describe('turnaround draw', () => {
  it('maps [0, 1) evenly onto 1–3 days', () => {
    expect([0, 0.2, 0.34, 0.5, 0.67, 0.9999].map(drawTurnaroundDays)).toEqual([1, 1, 2, 2, 3, 3]);
  });
  it('clamps values outside [0, 1)', () => {
    expect(drawTurnaroundDays(-0.5)).toBe(1);
    expect(drawTurnaroundDays(1)).toBe(3);
    expect(drawTurnaroundDays(Number.NaN)).toBe(1);
  });
});

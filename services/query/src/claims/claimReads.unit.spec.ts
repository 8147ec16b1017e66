import { describe, expect, it } from 'vitest';
import { flightDataSummary } from './flightData.ts';
import { maskIdCard, maskPhone } from '@feibao/domain/shared/masking';

describe('claim reads', () => {
  it('mask a mobile number and an ID number', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskPhone('admin')).toBe('****');
    expect(maskIdCard('11010119900307777X')).toBe('110101********777X');
    expect(maskIdCard(undefined)).toBeUndefined();
  });

  it('simulate the same flight summary for the same drone and accident, another for another drone', () => {
    const a = flightDataSummary('UAV-1', '2026-11-20 09:30:00', '2026-11-20T01:00:00.000Z');
    expect(flightDataSummary('UAV-1', '2026-11-20 09:30:00', '2026-11-21T00:00:00.000Z')).toEqual(a);
    expect(flightDataSummary('UAV-2', '2026-11-20 09:30:00', '2026-11-20T01:00:00.000Z')).not.toEqual(a);
    expect(a.source).toBe('simulated');
    expect(a.lastFlightAt <= '2026-11-20 09:30:00' && a.lastFlightAt >= '2026-11-20 07:31:00').toBe(true);
    // No accident time yet: counted back from when the claim was opened (01:00Z = 09:00 in Shanghai).
    expect(flightDataSummary('UAV-1', null, '2026-11-20T01:00:00.000Z').lastFlightAt <= '2026-11-20 09:00:00').toBe(
      true,
    );
  });
});

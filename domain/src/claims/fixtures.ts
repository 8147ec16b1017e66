import { normaliseClaimForm, parseClaimForm, type ClaimForm } from './form.ts';

/**
 * A typical claim for tests: a multirotor (device UAV-1) crashed out of control in Beijing, as the
 * old client posts it (numbers as strings). Complete: every submit rule passes.
 */
export const claimDroneInput = (deviceNumber: string | undefined, patch: Record<string, unknown> = {}) => ({
  deviceNumber,
  manufacturer: '大疆',
  model: 'M300',
  price: '50000',
  deviceType: '多旋翼',
  rotorCount: '4',
  realTimeFlightData: '0',
  partInfoList: [],
  ...patch,
});

export const claimReportInput = (patch: Record<string, unknown> = {}): Record<string, unknown> => ({
  accidentTime: '2026-11-20 10:00:00',
  accidentAddressProvince: '110000',
  accidentAddressCity: '110100',
  accidentAddress: '朝阳区某路1号',
  uavAccidentType: '2',
  governmentIntervention: '0',
  otherPerpetrators: '0',
  uavLossType: '1',
  settlementUavInfoList: [claimDroneInput('UAV-1')],
  ...patch,
});

/** The stored form of a report: parsed and normalised, or the first refusal thrown. */
export const claimFormOf = (body: Record<string, unknown>): ClaimForm => {
  const parsed = parseClaimForm(body);
  if (!parsed.ok) throw new Error(parsed.message);
  return normaliseClaimForm(parsed.form);
};

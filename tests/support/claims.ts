import { randomUUID } from 'node:crypto';
import { claimDecider } from '@feibao/domain/claims/claim.commands';
import { claimStreamId } from '@feibao/domain/claims/claim.events';
import { handleCommand, type EventStore } from '@feibao/platform/eventStore';

/**
 * Claim fixtures the int suites share. The report is filed against a policy bought with
 * `generalApplication()` (tests/support/policies.ts), whose first insured drone is 1581F5FHD23A.
 */

/** The policy's first insured drone, as a report lists it when it was damaged. */
export const damagedDrone = {
  deviceNumber: '1581F5FHD23A',
  deviceType: '多旋翼',
  rotorCount: 4,
  price: '65000',
  realTimeFlightData: 0,
};

/** A third party lightly injured: `technicalLevel` carries their (valid) resident ID number. */
export const injuredPerson = (overrides: Record<string, unknown> = {}) => ({
  injuryType: '4',
  injuryName: '李四',
  technicalLevel: '11010519491231002X',
  indemnityAmount: '1.5',
  ...overrides,
});

/**
 * A complete report, accepted by save and submit: the accident, the damaged insured drone, a
 * third-party injury. Overrides replace whole fields (lists included).
 */
export const claimReport = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  accidentTime: '2026-01-02 10:30:00',
  accidentAddressProvince: '440000',
  accidentAddressCity: '440305',
  accidentAddress: '深圳市南山区科技园',
  uavAccidentType: '3',
  governmentIntervention: '0',
  otherPerpetrators: '0',
  uavLossType: '1',
  injuryLossType: '3',
  injuryLossTypeRemark: '路人轻伤',
  propertyLossType: '',
  settlementUavInfoList: [damagedDrone],
  injuryInfoList: [injuredPerson()],
  propertyInfoList: [],
  ...overrides,
});

/**
 * A claim opened straight on its stream, owned by `owner`: the HTTP route needs an in-force order,
 * which tests of pictures and uploads are not about.
 */
export const openClaimOnStream = async (eventStore: EventStore, owner: string) => {
  const claimId = randomUUID();
  await handleCommand(eventStore, claimStreamId(claimId), claimDecider, {
    type: 'OpenClaim',
    data: {
      claimId,
      claimNo: `LP${Date.now()}`,
      orderId: randomUUID(),
      owner,
      policy: {
        orderId: 'o-1',
        orderNo: 'BD1',
        policyNo: 'P01',
        insurerId: 1,
        insurerName: '测试保险',
        startDate: '2020-01-01',
        endDate: '2099-01-01',
        totalPremium: 100,
        lines: [],
        drones: [],
      },
    },
    metadata: { now: new Date(), actor: owner, roles: ['user'] },
  });
  return claimId;
};

import { describe, expect, it } from 'vitest';
import type { ClaimDetails } from '@feibao/domain/claims/api';
import { claimFormMessages } from '@feibao/domain/claims/form';
import {
  accidentTimeBounds,
  applyDroneRules,
  availableDeviceCodes,
  checkReport,
  cityCodesOf,
  deviceNumberOf,
  droneFrom,
  emptyInjury,
  emptyPart,
  emptyProperty,
  fromClaim,
  partTotal,
  pickerTime,
  removeDrone,
  setOtherPerpetrators,
  toPayload,
  toggleCode,
  type ReportForm,
} from './reportForm.ts';

const now = new Date('2026-11-23T08:00:00Z'); // 16:00 in Shanghai
const insured = ['UAV-1', 'UAV-2', 'UAV-3'];
const VALID_ID = '11010519491231002X';

const claim = (over: Partial<ClaimDetails> = {}): ClaimDetails =>
  ({
    id: 'c1',
    claimSettlementNo: 'CL1',
    policyNo: 'P1',
    claimState: 1,
    accidentTime: '2026-11-20 09:30:00',
    accidentAddressProvince: '440000',
    accidentAddressCity: '440300',
    settlementUavInfoList: [
      {
        deviceNumber: 'UAV-1',
        price: 12000,
        realTimeFlightData: 1,
        dataPlatform: '其他',
        dataPlatformRemark: 'x',
        partInfoList: [],
      },
    ],
    injuryInfoList: [],
    propertyInfoList: [],
    injuryLossType: '1,3',
    insuredDeviceNumbers: insured,
    actions: ['view', 'save', 'submit'],
    ...over,
  }) as unknown as ClaimDetails;

/** A form that passes every submit rule. */
const complete = (): ReportForm => ({
  ...fromClaim(claim({ injuryLossType: undefined })),
  accidentAddress: '深圳市南山区',
  uavAccidentType: '2',
  uavLossType: '1',
});
const check = (f: ReportForm, forSubmit = true) => checkReport(f, { now, insuredDeviceCodes: insured, forSubmit });

describe('reading a claim into the form', () => {
  it('turns the wire values into picker strings and ticks', () => {
    const f = fromClaim(claim());
    expect(f.accidentTime).toBe('2026-11-20T09:30:00');
    expect(f.injuryLossType).toEqual(['1', '3']);
    expect(f.drones[0]).toMatchObject({
      deviceNumber: 'UAV-1',
      price: '12000',
      realTimeFlightData: '1',
      dataPlatform: '其他',
      dataPlatformRemark: 'x',
    });
    expect(pickerTime(null)).toBe('');
  });
});

describe('the automatic rules', () => {
  it('keeps the rotor count only for multirotors and remarks only with 其他', () => {
    const d = droneFrom({
      deviceNumber: 'UAV-1',
      deviceType: '固定翼',
      rotorCount: 4,
      selfRescuePlan: '降落伞',
      selfRescuePlanRemark: 'r',
    });
    expect(d.rotorCount).toBe('');
    expect(d.selfRescuePlanRemark).toBe('');
    expect(applyDroneRules({ ...d, deviceType: '多旋翼', rotorCount: '4' }).rotorCount).toBe('4');
  });

  it('turning real-time data off clears the data platform and its remark', () => {
    const d = fromClaim(claim()).drones[0]!;
    expect(applyDroneRules({ ...d, realTimeFlightData: '0' })).toMatchObject({
      dataPlatform: '',
      dataPlatformRemark: '',
    });
    expect(applyDroneRules({ ...d, dataPlatform: '厂家云平台' }).dataPlatformRemark).toBe('');
  });

  it('unticking other perpetrators forgets the name', () => {
    const f = setOtherPerpetrators({ ...complete(), otherPerpetrators: '1', uavAccidentTypeRemark: '张三' }, false);
    expect(f).toMatchObject({ otherPerpetrators: '0', uavAccidentTypeRemark: '' });
  });

  it('ticks loss subtypes as a sorted set', () => {
    expect(toggleCode(['3'], '1', true)).toEqual(['1', '3']);
    expect(toggleCode(['1', '3'], '1', true)).toEqual(['1', '3']);
    expect(toggleCode(['1', '3'], '3', false)).toEqual(['1']);
  });

  it('removing a drone tab rewrites the device list and frees its code', () => {
    const f = fromClaim(
      claim({ settlementUavInfoList: [{ deviceNumber: 'UAV-1' }, { deviceNumber: 'UAV-2' }] as never }),
    );
    expect(deviceNumberOf(f.drones)).toBe('UAV-1,UAV-2');
    const after = removeDrone(f, f.drones[0]!.key);
    expect(deviceNumberOf(after.drones)).toBe('UAV-2');
    expect(toPayload(after).deviceNumber).toBe('UAV-2');
    expect(availableDeviceCodes(after, insured)).toEqual(['UAV-1', 'UAV-3']);
  });

  it('computes a part total from price and count', () => {
    expect(partTotal({ partUnitPrice: '12.5', partCount: '3' })).toBe(37.5);
    expect(partTotal({ partUnitPrice: '0.1', partCount: '3' })).toBe(0.3);
    expect(partTotal({ partUnitPrice: '', partCount: '3' })).toBeNull();
  });

  it('limits the accident time to 1990-01-01 … now in Shanghai time, and offers the province cities', () => {
    expect(accidentTimeBounds(now)).toEqual({ min: '1990-01-01T00:00', max: '2026-11-23T16:00:00' });
    expect(cityCodesOf('440000', 3)).toEqual(['440100', '440200', '440300']);
    expect(cityCodesOf('')).toEqual([]);
  });
});

describe('the wire form', () => {
  it('sends the time with seconds, remarks only with their ticks and parts with totals', () => {
    const base = fromClaim(claim());
    const f: ReportForm = {
      ...base,
      injuryLossType: [],
      injuryLossTypeRemark: 'kept in the form only',
      otherPerpetrators: '0',
      uavAccidentTypeRemark: 'stale',
      drones: base.drones.map((d) => ({
        ...d,
        partInfoList: [{ ...emptyPart(), partUnitPrice: '10', partCount: '2' }],
      })),
    };
    const p = toPayload(f);
    expect(p).toMatchObject({
      id: 'c1',
      accidentTime: '2026-11-20 09:30:00',
      injuryLossType: '',
      injuryLossTypeRemark: '',
      uavAccidentTypeRemark: '',
    });
    const drone = (p.settlementUavInfoList as Record<string, unknown>[])[0]!;
    expect(drone).not.toHaveProperty('key');
    expect((drone.partInfoList as Record<string, unknown>[])[0]).toMatchObject({
      partUnitPrice: '10',
      partCount: '2',
      total: 20,
    });
  });
});

describe('client-side checks (the claim form messages)', () => {
  it('lets a draft be incomplete but refuses a wrong ID number', () => {
    const draft = {
      ...fromClaim(claim({ injuryLossType: undefined })),
      injuries: [{ ...emptyInjury(), injuryName: '李四', technicalLevel: '123' }],
    };
    expect(check(draft, false)).toBe(claimFormMessages.idCardFormat);
    expect(check({ ...draft, injuries: [{ ...draft.injuries[0]!, technicalLevel: VALID_ID }] }, false)).toBeNull();
  });

  it('passes a complete form', () => {
    expect(check(complete())).toBeNull();
  });

  it('refuses a drone a 批改 removed before the accident, naming it and the day, as the server does', () => {
    const removedDrones = [{ deviceNumber: 'UAV-1', effectiveDate: '2026-11-20' }];
    const withRemoval = (f: ReportForm) =>
      checkReport(f, { now, insuredDeviceCodes: insured, forSubmit: true, removedDrones });
    expect(withRemoval(complete())).toBe('无人机 UAV-1 已于 2026-11-20 批改减除，事故发生在减除之后，不在保障范围内');
    expect(withRemoval({ ...complete(), accidentTime: '2026-11-19T09:30' })).toBeNull();
  });

  it.each([
    ['accidentTimeRequired', (f: ReportForm) => ({ ...f, accidentTime: '' })],
    ['accidentTimeTooEarly', (f: ReportForm) => ({ ...f, accidentTime: '1989-12-31T23:59' })],
    ['accidentTimeInFuture', (f: ReportForm) => ({ ...f, accidentTime: '2026-11-23T16:01' })],
    ['regionRequired', (f: ReportForm) => ({ ...f, accidentAddressProvince: '', accidentAddressCity: '' })],
    ['cityFormat', (f: ReportForm) => ({ ...f, accidentAddressCity: '110100' })],
    ['addressRequired', (f: ReportForm) => ({ ...f, accidentAddress: ' ' })],
    ['accidentTypeRequired', (f: ReportForm) => ({ ...f, uavAccidentType: '' })],
    ['perpetratorRequired', (f: ReportForm) => ({ ...f, otherPerpetrators: '1' as const })],
    ['lossTypeRequired', (f: ReportForm) => ({ ...f, uavLossType: '0' as const })],
    ['droneRequired', (f: ReportForm) => ({ ...f, drones: [] })],
    ['droneNotInsured', (f: ReportForm) => ({ ...f, drones: [droneFrom({ deviceNumber: 'UAV-9' })] })],
    [
      'droneRepeated',
      (f: ReportForm) => ({
        ...f,
        drones: [droneFrom({ deviceNumber: 'UAV-1' }), droneFrom({ deviceNumber: 'UAV-1' })],
      }),
    ],
    ['injuryRequired', (f: ReportForm) => ({ ...f, injuryLossType: ['1'] })],
    ['injuryNameRequired', (f: ReportForm) => ({ ...f, injuryLossType: ['1'], injuries: [emptyInjury()] })],
    ['propertyRequired', (f: ReportForm) => ({ ...f, propertyLossType: ['2'] })],
    ['propertyNameRequired', (f: ReportForm) => ({ ...f, propertyLossType: ['2'], properties: [emptyProperty()] })],
  ] as const)('refuses on submit: %s', (message, change) => {
    expect(check(change(complete()))).toBe(claimFormMessages[message]);
  });
});

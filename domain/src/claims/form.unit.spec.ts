import { describe, expect, it } from 'vitest';
import {
  accidentRegion,
  claimFormMessages as m,
  emptyClaimForm,
  normaliseClaimForm,
  parseClaimForm,
  toAccidentTime,
  validateClaimForm,
  droneRemovedMessage,
  type ClaimForm,
  type ClaimPart,
} from './form.ts';
import { claimDroneInput, claimReportInput } from './fixtures.ts';

const parsed = (body: Record<string, unknown>): ClaimForm => {
  const result = parseClaimForm(body);
  if (!result.ok) throw new Error(result.message);
  return result.form;
};
const refusal = (body: Record<string, unknown>) => {
  const result = parseClaimForm(body);
  return result.ok ? null : result.message;
};

const drone = claimDroneInput;
/** A complete claim as the old client posts it: every submit rule passes. */
const complete = claimReportInput;
const build = (patch: Record<string, unknown> = {}) => normaliseClaimForm(parsed(complete(patch)));

const now = new Date('2026-11-23T02:00:00.000Z'); // 10:00 in Shanghai
const insured = ['UAV-1', 'UAV-2'];
const check = (form: ClaimForm, forSubmit = true) =>
  validateClaimForm(form, { now, insuredDeviceCodes: insured, forSubmit });

describe('parseClaimForm', () => {
  it("reads the old client's loose input: numbers as strings, blanks as absent", () => {
    const form = parsed({
      id: 'c1',
      accidentTime: '2026-05-01 10:20:30',
      accidentAddress: '  朝阳区  ',
      accidentTypeRemark: '',
      governmentIntervention: '是',
      otherPerpetrators: 0,
      uavLossType: true,
      injuryLossType: '3,1,1',
      propertyLossType: '',
      settlementUavInfoList: [
        drone('UAV-1', {
          price: '1234.567',
          rotorCount: '6',
          realTimeFlightData: '1',
          usefulLife: '',
          partInfoList: [{ partCode: 'P1', partUnitPrice: '10', partCount: '2' }],
        }),
      ],
      injuryInfoList: '',
      unknownField: 'dropped',
    });
    expect(form).not.toHaveProperty('id');
    expect(form).not.toHaveProperty('unknownField');
    expect(form).toMatchObject({
      accidentTime: '2026-05-01 10:20:30',
      accidentAddress: '朝阳区',
      governmentIntervention: '1',
      otherPerpetrators: '0',
      uavLossType: '1',
      injuryLossType: '1,3',
      injuryInfoList: [],
      propertyInfoList: [],
    });
    expect(form.accidentTypeRemark).toBeUndefined();
    expect(form.propertyLossType).toBeUndefined();
    expect(form.settlementUavInfoList[0]).toMatchObject({
      price: 1234.57,
      rotorCount: 6,
      realTimeFlightData: 1,
      partInfoList: [{ partUnitPrice: 10, partCount: 2 }],
    });
    expect(form.settlementUavInfoList[0]?.usefulLife).toBeUndefined();
  });

  it('refuses wrong values with a message naming the field', () => {
    expect(refusal({ uavAccidentType: '9' })).toBe('事故类型不正确');
    expect(refusal({ injuryLossType: '1,9' })).toBe('人员伤亡类型不正确');
    expect(refusal({ accidentTime: '2026/05/01' })).toBe(m.accidentTimeFormat);
    expect(refusal({ accidentTime: '2026-13-01T00:00:00Z' })).toBe(m.accidentTimeFormat);
    expect(refusal({ settlementUavInfoList: [drone('UAV-1', { price: 'abc' })] })).toBe('无人机购价必须是数字');
    expect(refusal({ settlementUavInfoList: [drone('UAV-1', { rotorCount: '5' })] })).toBe('旋翼数量不正确');
    expect(refusal({ settlementUavInfoList: [drone('UAV-1', { deviceType: '火箭' })] })).toBe('无人机类型不正确');
    expect(refusal({ governmentIntervention: 'maybe' })).toBe('请选择是否有公安、消防或安监部门介入');
  });

  it('checks the injured person ID number (technicalLevel)', () => {
    const injury = (technicalLevel: string) => ({
      injuryInfoList: [{ injuryType: '4', injuryName: '张三', technicalLevel }],
    });
    expect(refusal(injury('110105194912310021'))).toBe(m.idCardFormat);
    expect(refusal(injury('11010519491231'))).toBe('身份证格式错误!');
    expect(parsed(injury('11010519491231002X')).injuryInfoList[0]?.technicalLevel).toBe('11010519491231002X');
    expect(parsed(injury('11010519491231002x')).injuryInfoList[0]?.technicalLevel).toBe('11010519491231002x');
    expect(parsed(injury('')).injuryInfoList[0]?.technicalLevel).toBeUndefined();
  });
});

describe('toAccidentTime', () => {
  it('keeps Shanghai wall time and fills a bare date or missing seconds', () => {
    expect(toAccidentTime('2026-05-01 10:20:30')).toBe('2026-05-01 10:20:30');
    expect(toAccidentTime(' 2026-05-01T10:20:30 ')).toBe('2026-05-01 10:20:30');
    expect(toAccidentTime('2026-05-01')).toBe('2026-05-01 00:00:00');
    expect(toAccidentTime('2026-05-01 10:20')).toBe('2026-05-01 10:20:00');
  });

  it('converts an instant with a zone to Shanghai wall time', () => {
    expect(toAccidentTime('2026-05-01T02:20:30Z')).toBe('2026-05-01 10:20:30');
    expect(toAccidentTime('2026-04-30T20:00:00.000Z')).toBe('2026-05-01 04:00:00');
    expect(toAccidentTime('2026-05-01T10:20:30+08:00')).toBe('2026-05-01 10:20:30');
  });

  it('returns null for anything that is not a real time', () => {
    for (const v of [
      '',
      'yesterday',
      '2026/05/01',
      '2026-02-30',
      '2026-05-01 25:00:00',
      '2026-05-01 10:60:00',
      '2026-13-01T00:00:00Z',
      '2026-02-30T10:00:00Z',
    ])
      expect(toAccidentTime(v), v).toBeNull();
  });
});

describe('accidentRegion', () => {
  it('derives both codes from the city', () => {
    expect(accidentRegion('110000', '440305')).toEqual({ province: '440000', city: '440300' });
    expect(accidentRegion(undefined, '440305')).toEqual({ province: '440000', city: '440300' });
  });

  it('keeps a province alone, and leaves what is not a code', () => {
    expect(accidentRegion('440000', undefined)).toEqual({ province: '440000', city: undefined });
    expect(accidentRegion('440300', undefined)).toEqual({ province: '440000', city: undefined });
    expect(accidentRegion('abc', undefined)).toEqual({ province: 'abc', city: undefined });
    expect(accidentRegion(undefined, undefined)).toEqual({ province: undefined, city: undefined });
  });
});

describe('normaliseClaimForm', () => {
  it('applies the region rule', () => {
    expect(build({ accidentAddressProvince: '110000', accidentAddressCity: '440305' })).toMatchObject({
      accidentAddressProvince: '440000',
      accidentAddressCity: '440300',
    });
  });

  it('keeps the other perpetrator name only when there is one', () => {
    expect(build({ otherPerpetrators: '0', uavAccidentTypeRemark: '某公司' }).uavAccidentTypeRemark).toBeUndefined();
    expect(build({ otherPerpetrators: '1', uavAccidentTypeRemark: '某公司' }).uavAccidentTypeRemark).toBe('某公司');
  });

  it('keeps injury and property remarks only when their loss is ticked', () => {
    const unticked = build({ injuryLossTypeRemark: '轻伤', propertyLossTypeRemark: '撞坏围墙' });
    expect([unticked.injuryLossTypeRemark, unticked.propertyLossTypeRemark]).toEqual([undefined, undefined]);
    const ticked = build({
      injuryLossType: '3',
      injuryLossTypeRemark: '轻伤',
      propertyLossType: '2',
      propertyLossTypeRemark: '撞坏围墙',
    });
    expect([ticked.injuryLossTypeRemark, ticked.propertyLossTypeRemark]).toEqual(['轻伤', '撞坏围墙']);
  });

  it('clears drone fields whose condition is not met', () => {
    const [fixedWing, noData, cloud, otherPlatform, parachute, otherRescue] = build({
      settlementUavInfoList: [
        drone('A', { deviceType: '固定翼', rotorCount: '4' }),
        drone('B', { realTimeFlightData: '0', dataPlatform: '其他', dataPlatformRemark: '自建' }),
        drone('C', { realTimeFlightData: '1', dataPlatform: '厂家云平台', dataPlatformRemark: '自建' }),
        drone('D', { realTimeFlightData: '1', dataPlatform: '其他', dataPlatformRemark: '自建' }),
        drone('E', { selfRescuePlan: '降落伞', selfRescuePlanRemark: '备用伞' }),
        drone('F', { selfRescuePlan: '其他', selfRescuePlanRemark: '备用伞' }),
      ],
    }).settlementUavInfoList;
    expect(fixedWing?.rotorCount).toBeUndefined();
    expect(parachute?.rotorCount).toBe(4);
    expect([noData?.dataPlatform, noData?.dataPlatformRemark]).toEqual([undefined, undefined]);
    expect([cloud?.dataPlatform, cloud?.dataPlatformRemark]).toEqual(['厂家云平台', undefined]);
    expect([otherPlatform?.dataPlatform, otherPlatform?.dataPlatformRemark]).toEqual(['其他', '自建']);
    expect(parachute?.selfRescuePlanRemark).toBeUndefined();
    expect(otherRescue?.selfRescuePlanRemark).toBe('备用伞');
  });

  it('computes each part total to the fen, whatever was sent', () => {
    const parts = build({
      settlementUavInfoList: [
        drone('UAV-1', {
          partInfoList: [
            { partCode: 'P1', partUnitPrice: '19.99', partCount: '3', total: '1' },
            { partCode: 'P2', partUnitPrice: 0.1, partCount: 3, total: 999 },
            { partCode: 'P3', partUnitPrice: '12.5', total: 50 },
          ],
        }),
      ],
    }).settlementUavInfoList[0]?.partInfoList;
    expect(parts?.map((p) => p.total)).toEqual([59.97, 0.3, undefined]);
  });

  it('rewrites the device list from the drones and the loss categories from the ticks', () => {
    const form = parsed(complete({ settlementUavInfoList: [drone('UAV-1'), drone(undefined), drone('UAV-2')] }));
    const sent: ClaimForm = { ...form, deviceNumber: 'FAKE', accidentType: '3' };
    expect(normaliseClaimForm(sent)).toMatchObject({ deviceNumber: 'UAV-1,UAV-2', accidentType: '1' });
    expect(build({ uavLossType: '0', settlementUavInfoList: [] }).deviceNumber).toBeUndefined();
    expect(build({ uavLossType: '0', settlementUavInfoList: [] }).accidentType).toBeUndefined();
    expect(build({ injuryLossType: '1', propertyLossType: '2' }).accidentType).toBe('1,2,3');
    expect(build({ uavLossType: '0', propertyLossType: '1' }).accidentType).toBe('3');
  });

  it("replaces a customer's parts with the stored ones (keepParts)", () => {
    const stored: ClaimPart[] = [{ partCode: 'S1', partUnitPrice: 100, partCount: 2 }];
    const form = parsed(
      complete({
        settlementUavInfoList: [
          drone('UAV-1', { partInfoList: [{ partCode: 'HACK', partUnitPrice: '1', partCount: '1' }] }),
          drone('UAV-2'),
        ],
      }),
    );
    const [first, second] = normaliseClaimForm(form, new Map([['UAV-1', stored]])).settlementUavInfoList;
    expect(first?.partInfoList).toEqual([{ partCode: 'S1', partUnitPrice: 100, partCount: 2, total: 200 }]);
    expect(second?.partInfoList).toEqual([]);
    expect(normaliseClaimForm(form).settlementUavInfoList[0]?.partInfoList[0]?.partCode).toBe('HACK');
  });
});

describe('validateClaimForm', () => {
  it('refuses a drone a 批改 removed on or before the accident day, naming the drone and the day; accepts an earlier accident', () => {
    const removal = { deviceNumber: 'UAV-1', effectiveDate: '2026-11-10' };
    const removedDrones = [removal];
    const withRemoval = (accidentTime: string) =>
      validateClaimForm(build({ accidentTime }), { now, insuredDeviceCodes: insured, forSubmit: true, removedDrones });
    expect(withRemoval('2026-11-10 00:00:00')).toBe(
      '无人机 UAV-1 已于 2026-11-10 批改减除，事故发生在减除之后，不在保障范围内',
    );
    expect(withRemoval('2026-11-20 10:00:00')).toBe(droneRemovedMessage(removal));
    expect(withRemoval('2026-11-09 23:59:59')).toBeNull();
  });

  it('accepts a complete claim and an empty draft', () => {
    expect(check(build())).toBeNull();
    expect(check(emptyClaimForm(), false)).toBeNull();
  });

  it('refuses an accident before 1990-01-01 or after now (Shanghai time)', () => {
    expect(check(build({ accidentTime: '1989-12-31 23:59:59' }))).toBe(m.accidentTimeTooEarly);
    expect(check(build({ accidentTime: '1990-01-01' }))).toBeNull();
    expect(check(build({ accidentTime: '2026-11-23 10:00:01' }))).toBe(m.accidentTimeInFuture);
    expect(check(build({ accidentTime: '2026-11-23 10:00:00' }))).toBeNull();
    expect(check(build({ accidentTime: '2026-11-23T02:00:01Z' }), false)).toBe(m.accidentTimeInFuture);
  });

  it('refuses an unknown province and a malformed city', () => {
    expect(check(build({ accidentAddressProvince: '990000', accidentAddressCity: '' }))).toBe(m.provinceUnknown);
    expect(check({ ...build(), accidentAddressCity: '110101' })).toBe(m.cityFormat);
  });

  it('refuses a drone the policy does not insure, and the same drone twice', () => {
    expect(check(build({ settlementUavInfoList: [drone('UAV-9')] }), false)).toBe(m.droneNotInsured);
    expect(check(build({ settlementUavInfoList: [drone('UAV-1'), drone('UAV-1')] }), false)).toBe(m.droneRepeated);
    expect(check(build({ settlementUavInfoList: [drone('UAV-1'), drone('UAV-2')] }))).toBeNull();
  });

  it('requires on submit what a draft may leave out', () => {
    const injury = { injuryType: '4', injuryName: '张三' };
    const cases: [Record<string, unknown>, string][] = [
      [{ accidentTime: '' }, m.accidentTimeRequired],
      [{ accidentAddressProvince: '', accidentAddressCity: '' }, m.regionRequired],
      [{ accidentAddressCity: '' }, m.regionRequired],
      [{ accidentAddress: ' ' }, m.addressRequired],
      [{ uavAccidentType: '' }, m.accidentTypeRequired],
      [{ otherPerpetrators: '1' }, m.perpetratorRequired],
      [{ uavLossType: '0', settlementUavInfoList: [] }, m.lossTypeRequired],
      [{ settlementUavInfoList: [] }, m.droneRequired],
      [{ settlementUavInfoList: [drone(undefined)] }, m.droneRequired],
      [{ injuryLossType: '3' }, m.injuryRequired],
      [{ injuryLossType: '3', injuryInfoList: [{ injuryType: '4' }] }, m.injuryNameRequired],
      [{ propertyLossType: '2' }, m.propertyRequired],
      [{ propertyLossType: '2', propertyInfoList: [{ propertyOwner: '李四' }] }, m.propertyNameRequired],
    ];
    for (const [patch, message] of cases) {
      expect(check(build(patch)), message).toBe(message);
      expect(check(build(patch), false), message).toBeNull();
    }
    expect(check(build({ otherPerpetrators: '1', uavAccidentTypeRemark: '某公司' }))).toBeNull();
    expect(
      check(
        build({
          injuryLossType: '3',
          injuryInfoList: [injury],
          propertyLossType: '2',
          propertyInfoList: [{ propertyName: '围墙' }],
        }),
      ),
    ).toBeNull();
  });
});

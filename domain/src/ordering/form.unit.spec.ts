import { describe, expect, it } from 'vitest';
import {
  coverDeductibles,
  coverRemarks,
  normaliseOrderForm,
  orderFormMessages as m,
  orderFormSchema,
  parseOrderForm,
  splitDeviceCodes,
  validateOrderForm,
} from './form.ts';
import { generalApplication, prepared, trainingApplication } from './fixtures.ts';

const today = '2026-11-21';
const general = (patch: Record<string, unknown> = {}) => ({ ...generalApplication(), ...patch });
const training = (patch: Record<string, unknown> = {}) => ({ ...trainingApplication(), ...patch });
const validate = (body: unknown) => validateOrderForm(prepared(body), today);
/** Validation of the form as parsed, before the automatic rules ran. */
const validateRaw = (body: unknown) => validateOrderForm(orderFormSchema.parse(body), today);
const lines = (...ids: number[]) => ids.map((insuranceTypeId) => ({ insuranceTypeId }));
const trainingDrone = () => (trainingApplication().uavInfoList as Record<string, unknown>[])[0]!;

describe('the typical applications', () => {
  it('pass validation', () => {
    expect(validate(generalApplication())).toBeNull();
    expect(validate(trainingApplication())).toBeNull();
  });
});

describe('type 0 validation', () => {
  it('requires a main cover', () => {
    expect(validate(general({ insuranceTypeInfoList: [] }))).toBe(m.mainCoverRequired);
  });
  it('refuses an additional cover without a main cover', () => {
    expect(validateRaw(general({ insuranceTypeInfoList: lines(5) }))).toBe(m.additionalNeedsMain);
  });
  it('requires every sum insured above 0', () => {
    expect(validate(general({ insuranceTypeInfoList: lines(1, 2) }))).toBe(m.amountPositive);
    const noPrice = generalApplication();
    for (const d of noPrice.uavInfoList as Record<string, unknown>[]) delete d.price;
    expect(validate({ ...noPrice, insuranceTypeInfoList: lines(1) })).toBe(m.amountPositive);
  });
  it('requires an insurer', () => {
    expect(validate(general({ insuranceCompanyList: [] }))).toBe(m.insurerRequired);
  });
  it('refuses unknown or hidden insurers', () => {
    expect(validate(general({ insuranceCompanyList: [{ id: 99, name: 'x' }] }))).toBe(m.unknownInsurer);
  });
  it('refuses a cover not offered for the order type', () => {
    expect(validate(general({ insuranceTypeInfoList: [{ insuranceTypeId: 100, insuranceAmount: 10 }] }))).toBe(
      m.unknownCover,
    );
  });
  it('needs a drone for a drone cover and a pilot for the operator rider', () => {
    expect(
      validate(general({ uavInfoList: [], insuranceTypeInfoList: [{ insuranceTypeId: 2, insuranceAmount: 50 }] })),
    ).toBe(m.droneRequired);
    expect(
      validate(
        general({
          uavDriverInfoList: [],
          insuranceTypeInfoList: [...lines(1), { insuranceTypeId: 3, insuranceAmount: 10 }],
        }),
      ),
    ).toBe(m.pilotRequired);
  });
  it('refuses a term or an amount outside the choices', () => {
    expect(validate(general({ insuranceTypeInfoList: [{ insuranceTypeId: 1, guaranteeTerm: 45 }] }))).toBe(
      m.termNotOffered,
    );
    expect(validate(general({ insuranceTypeInfoList: [{ insuranceTypeId: 2, insuranceAmount: 70 }] }))).toBe(
      `无人机第三者责任险${m.amountNotOffered}`,
    );
  });
});

describe('type 1 validation', () => {
  it('requires a cover', () => {
    expect(validate(training({ insuranceTypeInfoList: [] }))).toBe(m.coverRequired);
  });
  it('asks whether the coach co-controls when hull is chosen', () => {
    expect(validate(training({ flyingInfo: {} }))).toBe(m.synchronizationRequired);
    expect(validate(training({ flyingInfo: {}, insuranceTypeInfoList: lines(103) }))).toBeNull();
  });
  it('needs quantity and price of each drone for hull', () => {
    expect(validate(training({ uavInfoList: [{ ...trainingDrone(), price: '' }] }))).toBe(m.droneQuantityAndPrice);
    expect(validate(training({ uavInfoList: [{ ...trainingDrone(), deviceNumber: '', quantity: '' }] }))).toBe(
      m.droneQuantityAndPrice,
    );
    expect(validate(training({ uavInfoList: [] }))).toBe(m.droneQuantityAndPrice);
  });
  it('needs quantity and max take-off weight of each drone for liability', () => {
    expect(
      validate(
        training({
          insuranceTypeInfoList: [{ insuranceTypeId: 2, insuranceAmount: 100 }],
          uavInfoList: [{ ...trainingDrone(), maxFlyingWeight: null }],
        }),
      ),
    ).toBe(m.liabilityQuantityAndWeight);
    expect(validate(training({ insuranceTypeInfoList: lines(2) }))).toBe(m.liabilityAmountRequired);
  });
  it('needs sum insured and head count for staff accident', () => {
    expect(validate(training({ insuranceTypeInfoList: lines(100) }))).toBe(m.staffAmountRequired);
    expect(
      validate(training({ staffCount: '', insuranceTypeInfoList: [{ insuranceTypeId: 100, insuranceAmount: 10 }] })),
    ).toBe(m.staffCountRequired);
  });
  it('needs sum insured, term and head count for student accident', () => {
    expect(validate(training({ insuranceTypeInfoList: lines(101) }))).toBe(m.studentAmountRequired);
    expect(validate(training({ insuranceTypeInfoList: [{ insuranceTypeId: 101, insuranceAmount: 10 }] }))).toBe(
      m.studentTermRequired,
    );
    expect(
      validate(
        training({
          studentCount: 0,
          insuranceTypeInfoList: [{ insuranceTypeId: 101, insuranceAmount: 10, guaranteeTerm: 30 }],
        }),
      ),
    ).toBe(m.studentCountRequired);
    expect(
      validate(training({ insuranceTypeInfoList: [{ insuranceTypeId: 101, insuranceAmount: 10, guaranteeTerm: 7 }] })),
    ).toBe(m.termNotOffered);
  });
  it('needs the site size for site liability', () => {
    expect(
      validate(training({ siteInfo: {}, insuranceTypeInfoList: [{ insuranceTypeId: 102, insuranceAmount: 100 }] })),
    ).toBe(m.siteSizeRequired);
    expect(validate(training({ insuranceTypeInfoList: lines(102) }))).toBe(m.siteAmountRequired);
  });
  it('accepts the student sum insured of 20 one mobile flow offered', () => {
    expect(
      validate(training({ insuranceTypeInfoList: [{ insuranceTypeId: 101, insuranceAmount: 20, guaranteeTerm: 30 }] })),
    ).toBeNull();
  });
});

describe('application field', () => {
  it('must be chosen', () => {
    expect(validate(general({ flyingInfo: {} }))).toBe(m.applicationFieldRequired);
    expect(validate(general({ flyingInfo: { applicationField: '挖矿' } }))).toBe(m.applicationFieldRequired);
  });
  it('其他 needs a text', () => {
    expect(validate(general({ flyingInfo: { applicationField: '其他', applicationFieldRemark: ' ' } }))).toBe(
      m.applicationFieldRemarkRequired,
    );
    expect(validate(general({ flyingInfo: { applicationField: '其他', applicationFieldRemark: '航拍' } }))).toBeNull();
  });
});

describe('drone sanity checks', () => {
  const withDrone = (patch: Record<string, unknown>) => {
    const body = generalApplication();
    const drones = body.uavInfoList as Record<string, unknown>[];
    return { ...body, uavInfoList: [{ ...drones[0], ...patch }] };
  };
  it('refuses production dates before 1990 or in the future', () => {
    expect(validate(withDrone({ productionYear: '1989-12-31' }))).toBe(m.productionDateTooEarly);
    expect(validate(withDrone({ productionYear: '2026-11-22' }))).toBe(m.productionDateInFuture);
    expect(validate(withDrone({ productionYear: today }))).toBeNull();
  });
  it('refuses a negative price already when parsing', () => {
    expect(parseOrderForm(withDrone({ price: -1 }))).toEqual({ ok: false, message: '无人机购价不能小于0' });
  });
  it('refuses a requested start in the past', () => {
    expect(validate(general({ startDate: '2026-11-20' }))).toBe(m.startDateInPast);
    expect(validate(general({ startDate: '2026-11-21' }))).toBeNull();
  });
});

describe('parsing the posted form', () => {
  it('accepts numbers as strings, treats blanks as absent and strips unknown keys', () => {
    const result = parseOrderForm({
      ...trainingApplication(),
      staffCount: '6',
      studentCount: '',
      foo: 'bar',
      orderType: '1',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.form.staffCount).toBe(6);
    expect(result.form.studentCount).toBeUndefined();
    expect(result.form.orderType).toBe(1);
    expect('foo' in result.form).toBe(false);
  });
  it('reads an ISO instant as the Shanghai calendar day and a bare year as 1 January', () => {
    const form = orderFormSchema.parse({
      uavInfoList: [{ productionYear: '2024-03-01T16:00:00.000Z' }, { productionYear: '2020' }],
    });
    expect(form.uavInfoList.map((d) => d.productionYear)).toEqual(['2024-03-02', '2020-01-01']);
  });
  it.each([
    [null, '投保信息格式不正确'],
    [{ orderType: 2 }, '订单类型不正确'],
    [{ uavInfoList: 'x' }, '无人机格式不正确'],
    [{ uavInfoList: Array.from({ length: 51 }, () => ({})) }, '无人机最多50项'],
    [
      { uavInfoList: [{ deviceNumber: Array.from({ length: 201 }, (_, i) => `C${i}`).join(',') }] },
      '每架无人机最多填写200个设备编号',
    ],
    [{ uavInfoList: [{ price: 'abc' }] }, '无人机购价必须是数字'],
    [{ uavInfoList: [{ name: 'x'.repeat(51) }] }, '无人机名称不能超过50个字符'],
    [{ uavInfoList: [{ productionYear: '2023-02-30' }] }, '无人机生产日期不是有效日期'],
    [{ insuranceTypeInfoList: [{}] }, '险种不能为空'],
    [{ flyingInfo: { synchronization: 'maybe' } }, '请选择教练是否同步控制'],
    [{ staffCount: 1.5 }, '员工人数必须是整数'],
  ])('refuses %j with a Chinese message', (body, message) => {
    expect(parseOrderForm(body)).toEqual({ ok: false, message });
  });
  it('takes a device "mode" as its model', () => {
    const form = orderFormSchema.parse({ deviceInfoList: [{ name: '光电吊舱', mode: 'H20T' }] });
    expect(form.deviceInfoList[0]).toEqual({ name: '光电吊舱', model: 'H20T' });
  });
});

describe('automatic form rules', () => {
  it('derives the quantity from the device codes, ignoring a trailing comma', () => {
    expect(splitDeviceCodes('A1,A2，A3,')).toEqual(['A1', 'A2', 'A3']);
    const form = prepared(trainingApplication());
    expect(form.uavInfoList[0]!.quantity).toBe(4);
    expect(form.uavInfoList[0]!.deviceNumber).toBe('T-001,T-002,T-003,T-004');
  });
  it('keeps a typed quantity when no codes are given', () => {
    expect(prepared(generalApplication()).uavInfoList[1]!.quantity).toBe(1);
  });
  it('sets the hull sum insured to Σ quantity × price in 10k yuan with its deductible', () => {
    const hull = prepared(generalApplication()).insuranceTypeInfoList.find((l) => l.insuranceTypeId === 1)!;
    expect(hull.insuranceAmount).toBe((2 * 65000 + 180000) / 10000);
    expect(hull.notCompensation).toBe('免赔10%或1000元');
    expect(hull.insuranceTypeName).toBe('无人机机身损失险');
    expect(hull.type).toBe(1);
  });
  it('sets the liability deductible by limit', () => {
    const deductible = (amount: number) =>
      prepared(general({ insuranceTypeInfoList: [{ insuranceTypeId: 2, insuranceAmount: amount }] }))
        .insuranceTypeInfoList[0]!.notCompensation;
    expect(deductible(100)).toBe('单次赔付限额50万');
    expect(deductible(50)).toBe('人伤0免赔');
  });
  it('sets deductible and remark of the personnel, site and training covers', () => {
    const byId = Object.fromEntries(
      prepared(trainingApplication()).insuranceTypeInfoList.map((l) => [l.insuranceTypeId, l]),
    );
    for (const id of [100, 101]) {
      expect(byId[id]).toMatchObject({ notCompensation: '0免赔', remark: '含意外医疗和住院津贴' });
    }
    expect(byId[102]).toMatchObject({ notCompensation: coverDeductibles.siteTraining, remark: '含意外医疗和住院津贴' });
    expect(byId[103]).toMatchObject({
      insuranceAmount: 0,
      notCompensation: '0免赔',
      remark: '含二次考试费用，赔付上限2000元',
    });
    const premium = prepared(training({ insuranceTypeInfoList: [{ insuranceTypeId: 103, insuranceAmount: 1 }] }));
    expect(premium.insuranceTypeInfoList[0]!.remark).toBe(coverRemarks.trainingPremium);
    const defaulted = prepared(training({ insuranceTypeInfoList: lines(103) }));
    expect(defaulted.insuranceTypeInfoList[0]!.insuranceAmount).toBe(0);
  });
  it('makes main cover 4 exclusive', () => {
    const form = prepared(
      general({ insuranceTypeInfoList: [...lines(1, 4), { insuranceTypeId: 2, insuranceAmount: 50 }, ...lines(5)] }),
    );
    expect(form.insuranceTypeInfoList.map((l) => l.insuranceTypeId)).toEqual([4, 5]);
  });
  it('drops additional covers when no main cover is left', () => {
    const form = prepared(
      general({ insuranceTypeInfoList: [{ insuranceTypeId: 3, insuranceAmount: 10 }, ...lines(5)] }),
    );
    expect(form.insuranceTypeInfoList).toEqual([]);
  });
  it('drops duplicate cover lines', () => {
    expect(prepared(general({ insuranceTypeInfoList: lines(1, 1) })).insuranceTypeInfoList).toHaveLength(1);
  });
  it('defaults a type 1 application to 教育培训 with the locked flight profile', () => {
    const form = prepared(
      training({ flyingInfo: { synchronization: '0', mainTerrain: '海洋', taskMode: '机组飞行' } }),
    );
    expect(form.flyingInfo).toMatchObject({
      applicationField: '教育培训',
      mainTerrain: '城市',
      landingAndTakeoffMethods: '平地',
      taskMode: '全程人工操纵',
      synchronization: '0',
    });
  });
  it('locks the profile for 教育培训 in type 0 as well, and leaves other fields alone', () => {
    expect(
      prepared(general({ flyingInfo: { applicationField: '教育培训', mainTerrain: '海洋' } })).flyingInfo.mainTerrain,
    ).toBe('城市');
    expect(prepared(generalApplication()).flyingInfo.mainTerrain).toBe('山区');
  });
  it('clears the application field remark unless the field is 其他', () => {
    const form = prepared(general({ flyingInfo: { applicationField: '物流', applicationFieldRemark: '快递' } }));
    expect(form.flyingInfo.applicationFieldRemark).toBeUndefined();
    const other = prepared(general({ flyingInfo: { applicationField: '其他', applicationFieldRemark: '快递' } }));
    expect(other.flyingInfo.applicationFieldRemark).toBe('快递');
  });
  it('clears drone fields that only apply to another choice', () => {
    const drone = {
      deviceType: '固定翼',
      rotorCount: 4,
      selfRescuePlan: '降落伞',
      selfRescuePlanRemark: 'x',
      realTimeFlightData: '无',
      dataPlatform: '其他',
      dataPlatformRemark: 'y',
    };
    const [cleared] = prepared(general({ uavInfoList: [drone] })).uavInfoList;
    expect(cleared).toMatchObject({ realTimeFlightData: 0 });
    expect(cleared!.rotorCount).toBeUndefined();
    expect(cleared!.selfRescuePlanRemark).toBeUndefined();
    expect(cleared!.dataPlatform).toBeUndefined();
    expect(cleared!.dataPlatformRemark).toBeUndefined();
    const kept = {
      deviceType: '多旋翼',
      rotorCount: 6,
      selfRescuePlan: '其他',
      selfRescuePlanRemark: '伞降',
      realTimeFlightData: 1,
      dataPlatform: '其他',
      dataPlatformRemark: '自建平台',
    };
    expect(prepared(general({ uavInfoList: [kept] })).uavInfoList[0]).toMatchObject({ ...kept, deviceType: '多旋翼' });
    const notOther = prepared(general({ uavInfoList: [{ ...kept, dataPlatform: 'UOM平台' }] })).uavInfoList[0]!;
    expect(notOther.dataPlatform).toBe('UOM平台');
    expect(notOther.dataPlatformRemark).toBeUndefined();
  });
  it('keeps the site type remark only for 其他 and stores an empty accident amount as null', () => {
    const site = prepared(
      training({ siteInfo: { siteSize: 100, siteType: '工厂', siteTypeRemark: 'x', historyAccidentPrice: '' } }),
    ).siteInfo;
    expect(site.siteTypeRemark).toBeUndefined();
    expect(site.historyAccidentPrice).toBeNull();
    const other = prepared(
      training({ siteInfo: { siteType: '其他', siteTypeRemark: '仓库', historyAccidentPrice: '3000' } }),
    ).siteInfo;
    expect(other).toMatchObject({ siteTypeRemark: '仓库', historyAccidentPrice: 3000 });
  });
  it('defaults the term to 365 days but leaves the student accident term to the user', () => {
    const form = prepared(
      general({ insuranceTypeInfoList: [...lines(1), { insuranceTypeId: 2, insuranceAmount: 50, guaranteeTerm: 30 }] }),
    );
    expect(form.insuranceTypeInfoList.map((l) => [l.guaranteeTerm, l.guaranteeTermName])).toEqual([
      [365, '1年'],
      [30, '30天'],
    ]);
    const byId = Object.fromEntries(
      prepared(trainingApplication()).insuranceTypeInfoList.map((l) => [l.insuranceTypeId, l.guaranteeTerm]),
    );
    expect(byId).toEqual({ 1: 365, 2: 365, 100: 365, 101: 90, 102: 365, 103: 365 });
    expect(
      prepared(training({ insuranceTypeInfoList: lines(101) })).insuranceTypeInfoList[0]!.guaranteeTerm,
    ).toBeUndefined();
  });
  it('keeps insurers for type 0 only, named from the catalogue, once each', () => {
    const form = prepared(general({ insuranceCompanyList: [{ id: 3, name: 'x' }, { id: 3 }] }));
    expect(form.insuranceCompanyList).toEqual([{ id: 3, name: '太平洋产险' }]);
    expect(prepared(training({ insuranceCompanyList: [{ id: 3 }] })).insuranceCompanyList).toEqual([]);
  });
  it('is idempotent', () => {
    for (const body of [
      generalApplication(),
      trainingApplication(),
      general({ insuranceTypeInfoList: [...lines(1, 4, 5), { insuranceTypeId: 3, insuranceAmount: 20 }] }),
      general({ uavInfoList: [{ deviceNumber: 'a,,b,', realTimeFlightData: 0, dataPlatform: '其他' }] }),
      training({ flyingInfo: {}, siteInfo: { siteType: '其他' } }),
    ]) {
      const once = prepared(body);
      expect(normaliseOrderForm(once)).toEqual(once);
      expect(normaliseOrderForm(orderFormSchema.parse(JSON.parse(JSON.stringify(once))))).toEqual(once);
    }
  });
});

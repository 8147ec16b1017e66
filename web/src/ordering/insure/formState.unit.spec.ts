import { describe, expect, it } from 'vitest';
import { listInsuranceTypes } from '@feibao/domain/ordering/catalogue';
import { generalApplication, trainingApplication } from '@feibao/domain/ordering/fixtures';
import { orderFormMessages as m } from '@feibao/domain/ordering/form';
import {
  applicationFieldFor,
  applyRules,
  checkForm,
  emptyForm,
  fromOrder,
  payloadOf,
  preselectCovers,
  toggleCover,
  type FormState,
} from './formState.ts';
import { dateOnly, money, stateIntent } from '../format.ts';

const covers0 = listInsuranceTypes(0);
const covers1 = listInsuranceTypes(1);
const ids = (s: FormState) => s.insuranceTypeInfoList.map((l) => l.insuranceTypeId);
const today = '2026-11-21';

describe('automatic rules as the user types', () => {
  it('derives the quantity from device codes without rewriting what is typed', () => {
    const s = emptyForm(0);
    const next = applyRules({ ...s, uavInfoList: [{ deviceNumber: 'A, B,', price: '1000' }] });
    expect(next.uavInfoList[0]).toMatchObject({ deviceNumber: 'A, B,', quantity: '2' });
  });

  it('recomputes the hull sum insured and its deductible', () => {
    let s = toggleCover(emptyForm(0), 1, true, covers0).state;
    s = applyRules({ ...s, uavInfoList: [{ quantity: '3', price: '20000' }] });
    expect(s.insuranceTypeInfoList[0]).toMatchObject({
      insuranceTypeId: 1,
      insuranceAmount: 6,
      notCompensation: '免赔10%或1000元',
    });
  });

  it('clears dependent drone fields', () => {
    const s = applyRules({
      ...emptyForm(0),
      uavInfoList: [{ deviceType: '固定翼', rotorCount: '4', realTimeFlightData: '0', dataPlatform: 'UOM平台' }],
    });
    expect(s.uavInfoList[0]).not.toHaveProperty('rotorCount');
    expect(s.uavInfoList[0]).not.toHaveProperty('dataPlatform');
  });

  it('locks the education flight profile for type 1', () => {
    expect(emptyForm(1).flyingInfo).toMatchObject({
      applicationField: '教育培训',
      mainTerrain: '城市',
      landingAndTakeoffMethods: '平地',
      taskMode: '全程人工操纵',
    });
  });
});

describe('cover selection', () => {
  it('cover 4 is exclusive', () => {
    let s = toggleCover(emptyForm(0), 1, true, covers0).state;
    s = toggleCover(s, 2, true, covers0).state;
    s = toggleCover(s, 4, true, covers0).state;
    expect(ids(s)).toEqual([4]);
  });
  it('refuses a rider without a main cover and clears riders with the last main cover', () => {
    const refused = toggleCover(emptyForm(0), 5, true, covers0);
    expect(refused.warning).toBe(m.additionalNeedsMain);
    expect(ids(refused.state)).toEqual([]);
    let s = toggleCover(emptyForm(0), 1, true, covers0).state;
    s = toggleCover(s, 5, true, covers0).state;
    expect(ids(s)).toEqual([1, 5]);
    expect(ids(toggleCover(s, 1, false, covers0).state)).toEqual([]);
  });
  it('keeps edited lines when covers change', () => {
    let s = toggleCover(emptyForm(1), 101, true, covers1).state;
    s = {
      ...s,
      insuranceTypeInfoList: s.insuranceTypeInfoList.map((l) => ({ ...l, insuranceAmount: '30', guaranteeTerm: '60' })),
    };
    s = toggleCover(s, 100, true, covers1).state;
    expect(s.insuranceTypeInfoList.find((l) => l.insuranceTypeId === 101)).toMatchObject({
      insuranceAmount: 30,
      guaranteeTerm: 60,
    });
  });
  it('preselects covers from the query, riders after their main cover', () => {
    expect(ids(preselectCovers(emptyForm(0), [5, 1], covers0))).toEqual([1, 5]);
    expect(ids(preselectCovers(emptyForm(1), [1, 2, 100, 101, 102, 103, 999], covers1))).toEqual([
      1, 2, 100, 101, 102, 103,
    ]);
  });
});

describe('orders and checks', () => {
  it('accepts the example applications and strips id, state and orderNo for a re-inquiry', () => {
    const general = fromOrder({ ...generalApplication(), id: 'x', state: 2, orderNo: 'FB1' }, { reInquiry: true });
    expect(general).not.toHaveProperty('id');
    expect(general).not.toHaveProperty('orderNo');
    expect(checkForm(general, today)).toBeNull();
    expect(checkForm(fromOrder(trainingApplication()), today)).toBeNull();
    expect(payloadOf(fromOrder(trainingApplication())).siteInfo.historyAccidentPrice).toBeNull();
  });
  it('gives the message of the first failing rule', () => {
    expect(checkForm(emptyForm(0), today)).toBe(m.mainCoverRequired);
    expect(checkForm(emptyForm(1), today)).toBe(m.coverRequired);
  });
  it('maps guide scenarios to application fields', () => {
    expect(applicationFieldFor('巡检测绘')).toBe('巡检/测绘');
    expect(applicationFieldFor('物流')).toBe('物流');
    expect(applicationFieldFor('不存在')).toBeNull();
  });
});

describe('formatting', () => {
  it('shows dates as Shanghai calendar days and money in yuan', () => {
    expect(dateOnly('2026-11-21T16:00:00.000Z')).toBe('2026-11-22');
    expect(dateOnly(null)).toBe('—');
    expect(money(1234.5)).toBe('¥1,234.50');
  });
  it('colours the state tag', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(stateIntent)).toEqual([
      'none',
      'warning',
      'primary',
      'success',
      'success',
      'success',
      'none',
    ]);
  });
});

import { normaliseOrderForm, orderFormSchema, type OrderForm } from './form.ts';

/**
 * Typical applications for tests and demos: a survey company insuring two drones
 * (type 0) and a training school buying the whole education package (type 1).
 */

export const generalApplication = (): Record<string, unknown> => ({
  orderType: 0,
  insuranceCompanyList: [
    { id: 1, name: '人保财险' },
    { id: 2, name: '平安产险' },
  ],
  insuranceTypeInfoList: [{ insuranceTypeId: 1 }, { insuranceTypeId: 2, insuranceAmount: 100 }],
  uavInfoList: [
    {
      name: '测绘一号',
      deviceNumber: '1581F5FHD23A,1581F5FHD23B',
      manufacturer: '大疆 DJI',
      model: 'Matrice 350 RTK',
      productionYear: '2024-05-01',
      price: 65000,
      deviceType: '多旋翼',
      rotorCount: 4,
      driveType: '电力驱动',
      flyType: '混合',
      maxFlyingWeight: 9.2,
      effectiveLoadWeight: 2.7,
      windResistance: '七级',
      selfRescuePlan: '无',
      realTimeFlightData: 1,
      dataPlatform: '厂家云平台',
    },
    {
      name: '巡检固定翼',
      quantity: 1,
      manufacturer: '纵横股份',
      model: 'CW-15',
      productionYear: '2021-08-15',
      price: 180000,
      deviceType: '垂直起降固定翼',
      driveType: '电力驱动',
      flyType: '自主飞行',
      maxFlyingWeight: 14.5,
      windResistance: '六级',
      selfRescuePlan: '降落伞',
      realTimeFlightData: 0,
    },
  ],
  uavDriverInfoList: [{ name: '王飞', licenseNumber: 'CAAC-2023-0001', technicalLevel: '高级', operatingHours: 620 }],
  flyingInfo: {
    applicationField: '巡检/测绘',
    mainTerrain: '山区',
    landingAndTakeoffMethods: '平地',
    taskMode: '机组飞行',
  },
});

export const trainingApplication = (): Record<string, unknown> => ({
  orderType: 1,
  staffCount: 6,
  studentCount: 40,
  insuranceTypeInfoList: [
    { insuranceTypeId: 1 },
    { insuranceTypeId: 2, insuranceAmount: 50 },
    { insuranceTypeId: 100, insuranceAmount: 30 },
    { insuranceTypeId: 101, insuranceAmount: 10, guaranteeTerm: 90 },
    { insuranceTypeId: 102, insuranceAmount: 200 },
    { insuranceTypeId: 103, insuranceAmount: 0 },
  ],
  uavInfoList: [
    {
      name: '教练机',
      deviceNumber: 'T-001,T-002,T-003,T-004,',
      manufacturer: '大疆 DJI',
      model: 'Mavic 3 Enterprise',
      productionYear: '2025-02-10',
      price: 24000,
      deviceType: '多旋翼',
      rotorCount: 4,
      maxFlyingWeight: 1.05,
      windResistance: '六级',
      selfRescuePlan: '无',
      realTimeFlightData: 1,
      dataPlatform: 'UOM平台',
    },
  ],
  flyingInfo: { synchronization: '1' },
  siteInfo: {
    insureSite: '上海市浦东新区飞行训练基地',
    siteSize: 3000,
    siteIdentity: '长期租用',
    siteType: '开放式体育场',
  },
});

/** Parse (as the HTTP layer would) and normalise. */
export const prepared = (body: unknown): OrderForm => normaliseOrderForm(orderFormSchema.parse(body));

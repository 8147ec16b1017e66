/**
 * The seven insurers' rate tables as they were hard-coded before the rule platform: the data
 * the tariff rules' version 1 is seeded from (tariffRules.ts turns each table into a decision model).
 * Nothing rates from this file; change a tariff by drafting a new rule version.
 */

/**
 * Seven simulated insurers. No insurer API is reachable, so each one is a rate table
 * run by the same decision model; the tables differ in base rates, loadings, minimum premiums,
 * deductible wording and what they refuse to write, which is where real carriers differ.
 * All amounts in yuan per year unless a field says otherwise.
 */

/** Upper bounds with a factor each; the first band whose bound is ≥ the value applies. */
type Bands = readonly (readonly [upTo: number, factor: number])[];

export type TariffTable = {
  insurerId: number;
  hull: {
    /** Share of the sum insured per year. */
    rate: number;
    minPremiumPerUnit: number;
    droneType: Readonly<Record<string, number>>;
    /** By age in years since the production date; unknown age counts as the last band. */
    age: Bands;
    wind: Readonly<Record<string, number>>;
    selfRescue: Readonly<Record<string, number>>;
    /** Applied when the drone reports flight data in real time. */
    realTimeData: number;
    deductible: string;
    /** Drone types this insurer wants to look at before pricing. */
    manualDroneTypes?: readonly string[];
  };
  liability: {
    /** Per aircraft per year, by limit (10k yuan). */
    perUnit: Readonly<Record<number, number>>;
    /** By max take-off weight in kg. */
    weight: Bands;
    minPremiumPerUnit: number;
    deductible: Readonly<Record<number, string>>;
  };
  /** Loading by application field, on hull and liability. */
  field: Readonly<Record<string, number>>;
  /** Short terms: days/365 × this loading, never above the annual premium. */
  shortTermLoading: number;
  /** Comprehensive cover = hull + liability (limit 100) × this. */
  comprehensiveDiscount: number;
  theft: { rate: number; minPremium: number; deductible: string };
  /** Per head per year per 10k yuan of sum insured; strictly pro rata for short terms. */
  accident: { staff: number; student: number; operator: number; minPerHead: number; deductible: string };
  site:
    | {
        /** Per year, by limit (10k yuan). */
        perLimit: Readonly<Record<number, number>>;
        perSquareMetre: number;
        historyAccidentLoading: number;
        thirdPartyLoading: number;
        minPremium: number;
        deductible: string;
      }
    | { declined: string };
  training: { standardPerHead: number; premiumPerHead: number; minPremium: number; deductible: string };
};

const baseHull = {
  droneType: { 多旋翼: 1, 固定翼: 1.15, 垂直起降固定翼: 1.1, 直升机: 1.35, 系留无人机: 0.75 },
  age: [
    [1, 1],
    [3, 1.1],
    [5, 1.25],
    [Infinity, 1.45],
  ],
  wind: { 未知: 1.1, 五级: 1.05, 六级: 1, 七级: 0.95 },
  selfRescue: { 无: 1, 降落伞: 0.9, 气囊: 0.92, 自动缓冲: 0.95, 其他: 0.97 },
} as const;

const baseWeight: Bands = [
  [0.25, 0.5],
  [4, 0.8],
  [7, 1],
  [15, 1.25],
  [25, 1.5],
];

const baseField = {
  教育培训: 1,
  '农业/植保': 1.25,
  '巡检/测绘': 1.05,
  环境监测: 1,
  物流: 1.2,
  消防: 1.3,
  表演: 1.25,
  照明: 1.1,
  海洋作业: 1.4,
  其他: 1.15,
};

export const tariffTables: readonly TariffTable[] = [
  {
    insurerId: 1, // 人保财险: the market reference
    hull: {
      ...baseHull,
      rate: 0.032,
      minPremiumPerUnit: 300,
      realTimeData: 0.95,
      deductible: '免赔10%或1000元，以高者为准',
    },
    liability: {
      perUnit: { 50: 380, 100: 560 },
      weight: baseWeight,
      minPremiumPerUnit: 200,
      deductible: { 50: '人伤0免赔，财损免赔500元', 100: '单次赔付限额50万，财损免赔500元' },
    },
    field: baseField,
    shortTermLoading: 1.3,
    comprehensiveDiscount: 0.92,
    theft: { rate: 0.005, minPremium: 150, deductible: '绝对免赔20%' },
    accident: { staff: 5, student: 3.6, operator: 6, minPerHead: 10, deductible: '0免赔' },
    site: {
      perLimit: { 100: 900, 200: 1400, 300: 1800, 500: 2500 },
      perSquareMetre: 0.08,
      historyAccidentLoading: 1.25,
      thirdPartyLoading: 1.1,
      minPremium: 800,
      deductible: '免赔5%或500元，以高者为准',
    },
    training: { standardPerHead: 45, premiumPerHead: 70, minPremium: 500, deductible: '0免赔' },
  },
  {
    insurerId: 2, // 平安产险: cheap for new, connected drones; old ones cost more
    hull: {
      ...baseHull,
      rate: 0.029,
      minPremiumPerUnit: 350,
      age: [
        [1, 1],
        [3, 1.2],
        [5, 1.45],
        [Infinity, 1.8],
      ],
      realTimeData: 0.88,
      deductible: '免赔10%或1000元',
    },
    liability: {
      perUnit: { 50: 420, 100: 620 },
      weight: baseWeight,
      minPremiumPerUnit: 260,
      deductible: { 50: '人伤0免赔', 100: '单次赔付限额50万' },
    },
    field: baseField,
    shortTermLoading: 1.5,
    comprehensiveDiscount: 0.88,
    theft: { rate: 0.006, minPremium: 200, deductible: '绝对免赔20%' },
    accident: { staff: 4.4, student: 3.2, operator: 5.2, minPerHead: 12, deductible: '0免赔' },
    site: {
      perLimit: { 100: 1000, 200: 1500, 300: 1950, 500: 2700 },
      perSquareMetre: 0.05,
      historyAccidentLoading: 1.4,
      thirdPartyLoading: 1.15,
      minPremium: 1000,
      deductible: '免赔5%或500元',
    },
    training: { standardPerHead: 48, premiumPerHead: 75, minPremium: 600, deductible: '0免赔' },
  },
  {
    insurerId: 3, // 太平洋产险: multirotor specialist, wary of fixed wings and heavy aircraft
    hull: {
      ...baseHull,
      rate: 0.03,
      minPremiumPerUnit: 280,
      droneType: { 多旋翼: 0.92, 固定翼: 1.3, 垂直起降固定翼: 1.2, 直升机: 1.5, 系留无人机: 0.8 },
      realTimeData: 0.95,
      deductible: '绝对免赔额1000元或损失金额的10%，以高者为准',
    },
    liability: {
      perUnit: { 50: 360, 100: 540 },
      weight: [
        [0.25, 0.45],
        [4, 0.75],
        [7, 1],
        [15, 1.4],
        [25, 1.8],
      ],
      minPremiumPerUnit: 180,
      deductible: { 50: '人伤0免赔，财损免赔1000元', 100: '单次赔付限额50万，财损免赔1000元' },
    },
    field: { ...baseField, '农业/植保': 1.35 },
    shortTermLoading: 1.3,
    comprehensiveDiscount: 0.9,
    theft: { rate: 0.0045, minPremium: 150, deductible: '绝对免赔25%' },
    accident: { staff: 5.5, student: 3.8, operator: 6.5, minPerHead: 10, deductible: '0免赔' },
    site: {
      perLimit: { 100: 880, 200: 1350, 300: 1750, 500: 2400 },
      perSquareMetre: 0.1,
      historyAccidentLoading: 1.3,
      thirdPartyLoading: 1.1,
      minPremium: 800,
      deductible: '免赔5%或500元，以高者为准',
    },
    training: { standardPerHead: 50, premiumPerHead: 80, minPremium: 500, deductible: '0免赔' },
  },
  {
    insurerId: 4, // 国寿财险: strong on group accident, does not write site liability
    hull: {
      ...baseHull,
      rate: 0.035,
      minPremiumPerUnit: 250,
      realTimeData: 0.97,
      deductible: '免赔10%或1000元，以高者为准',
    },
    liability: {
      perUnit: { 50: 400, 100: 580 },
      weight: baseWeight,
      minPremiumPerUnit: 200,
      deductible: { 50: '人伤0免赔', 100: '单次赔付限额50万' },
    },
    field: baseField,
    shortTermLoading: 1.25,
    comprehensiveDiscount: 0.93,
    theft: { rate: 0.005, minPremium: 120, deductible: '绝对免赔20%' },
    accident: { staff: 4, student: 3, operator: 4.8, minPerHead: 8, deductible: '0免赔' },
    site: { declined: '国寿财险暂不承保场地/公众责任险' },
    training: { standardPerHead: 46, premiumPerHead: 72, minPremium: 400, deductible: '0免赔' },
  },
  {
    insurerId: 5, // 大地保险: plant-protection specialist, cheapest training liability
    hull: { ...baseHull, rate: 0.034, minPremiumPerUnit: 300, realTimeData: 0.93, deductible: '免赔10%或1000元' },
    liability: {
      perUnit: { 50: 390, 100: 570 },
      weight: baseWeight,
      minPremiumPerUnit: 220,
      deductible: { 50: '人伤0免赔，财损免赔300元', 100: '单次赔付限额50万，财损免赔300元' },
    },
    field: { ...baseField, '农业/植保': 1, 消防: 1.4 },
    shortTermLoading: 1.35,
    comprehensiveDiscount: 0.9,
    theft: { rate: 0.0055, minPremium: 150, deductible: '绝对免赔20%' },
    accident: { staff: 4.8, student: 3.4, operator: 5.8, minPerHead: 10, deductible: '0免赔' },
    site: {
      perLimit: { 100: 950, 200: 1450, 300: 1850, 500: 2600 },
      perSquareMetre: 0.07,
      historyAccidentLoading: 1.2,
      thirdPartyLoading: 1.05,
      minPremium: 900,
      deductible: '免赔5%或500元',
    },
    training: { standardPerHead: 38, premiumPerHead: 62, minPremium: 400, deductible: '0免赔' },
  },
  {
    insurerId: 6, // 华泰财险: low rate, high minimums; looks at helicopters and tethered drones itself
    hull: {
      ...baseHull,
      rate: 0.027,
      minPremiumPerUnit: 600,
      realTimeData: 0.9,
      deductible: '免赔15%或2000元，以高者为准',
      manualDroneTypes: ['直升机', '系留无人机'],
    },
    liability: {
      perUnit: { 50: 350, 100: 520 },
      weight: baseWeight,
      minPremiumPerUnit: 400,
      deductible: { 50: '人伤0免赔，财损免赔1000元', 100: '单次赔付限额50万，财损免赔1000元' },
    },
    field: baseField,
    shortTermLoading: 1.4,
    comprehensiveDiscount: 0.9,
    theft: { rate: 0.004, minPremium: 300, deductible: '绝对免赔20%' },
    accident: { staff: 4.6, student: 3.3, operator: 5.5, minPerHead: 15, deductible: '0免赔' },
    site: {
      perLimit: { 100: 850, 200: 1300, 300: 1700, 500: 2350 },
      perSquareMetre: 0.09,
      historyAccidentLoading: 1.3,
      thirdPartyLoading: 1.2,
      minPremium: 1200,
      deductible: '免赔5%或1000元，以高者为准',
    },
    training: { standardPerHead: 44, premiumPerHead: 68, minPremium: 800, deductible: '0免赔' },
  },
  {
    insurerId: 7, // 中华联合: agricultural background, cheap site cover, dearer hull
    hull: {
      ...baseHull,
      rate: 0.038,
      minPremiumPerUnit: 200,
      wind: { 未知: 1.15, 五级: 1.05, 六级: 1, 七级: 0.9 },
      realTimeData: 0.95,
      deductible: '免赔10%或1000元',
    },
    liability: {
      perUnit: { 50: 330, 100: 500 },
      weight: baseWeight,
      minPremiumPerUnit: 150,
      deductible: { 50: '人伤0免赔', 100: '单次赔付限额50万' },
    },
    field: { ...baseField, '农业/植保': 1.1 },
    shortTermLoading: 1.3,
    comprehensiveDiscount: 0.92,
    theft: { rate: 0.006, minPremium: 100, deductible: '绝对免赔30%' },
    accident: { staff: 5.8, student: 4, operator: 6.4, minPerHead: 10, deductible: '0免赔' },
    site: {
      perLimit: { 100: 800, 200: 1250, 300: 1600, 500: 2200 },
      perSquareMetre: 0.06,
      historyAccidentLoading: 1.25,
      thirdPartyLoading: 1.1,
      minPremium: 700,
      deductible: '免赔5%或500元',
    },
    training: { standardPerHead: 52, premiumPerHead: 85, minPremium: 500, deductible: '0免赔' },
  },
];

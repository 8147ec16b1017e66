/**
 * Reference data of the ordering side (docs/glossary.md): insurers, the cover catalogue,
 * the drone brand list and every option list the insure form offers.
 */

export type OrderType = 0 | 1;
export const OrderTypes = { general: 0, training: 1 } as const;

/** Labels of the order states (docs/glossary.md "Order states and actions"). */
export const orderStateNames: Readonly<Record<number, string>> = {
  0: '待询价',
  1: '报价中',
  2: '报价完成',
  3: '已投保',
  4: '已承保待生效',
  5: '保单生效中',
  6: '保单已失效',
  7: '已退保',
};

/**
 * quoteValidityDays: how many calendar days an insurer stands by a complete quote (its rule,
 * counted from the answer that completed it); after that the quote cannot be bought.
 */
export type Insurer = { id: number; name: string; logo: string; quoteValidityDays: number };

/** The hidden insurer the old back office kept for internal test orders. */
export const HIDDEN_INSURER_ID = 99;

export const insurers: readonly Insurer[] = [
  { id: 1, name: '人保财险', logo: '/logos/insurer-1.svg', quoteValidityDays: 30 },
  { id: 2, name: '平安产险', logo: '/logos/insurer-2.svg', quoteValidityDays: 30 },
  { id: 3, name: '太平洋产险', logo: '/logos/insurer-3.svg', quoteValidityDays: 15 },
  { id: 4, name: '国寿财险', logo: '/logos/insurer-4.svg', quoteValidityDays: 20 },
  { id: 5, name: '大地保险', logo: '/logos/insurer-5.svg', quoteValidityDays: 30 },
  { id: 6, name: '华泰财险', logo: '/logos/insurer-6.svg', quoteValidityDays: 15 },
  { id: 7, name: '中华联合', logo: '/logos/insurer-7.svg', quoteValidityDays: 30 },
  { id: HIDDEN_INSURER_ID, name: '内部测试保险公司', logo: '/logos/insurer-99.svg', quoteValidityDays: 30 },
];

export const visibleInsurers: readonly Insurer[] = insurers.filter((i) => i.id !== HIDDEN_INSURER_ID);

export const insurerById = (id: number): Insurer | undefined => insurers.find((i) => i.id === id);

/** Insurers outside the catalogue (none today) get the common 30 days. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
export const quoteValidityDays = (insurerId: number): number =>
  insurerById(insurerId)?.quoteValidityDays ?? DEFAULT_QUOTE_VALIDITY_DAYS;

/** Line type: 1 main cover, 2 additional cover (rider), 4 education-training cover. */
export const CoverKind = { main: 1, additional: 2, training: 4 } as const;
export type CoverKind = (typeof CoverKind)[keyof typeof CoverKind];

/** Group: 1 insures each drone (one plan line per drone), 2 persons, 3 liability of the insured. */
export const CoverGroup = { drone: 1, personal: 2, liability: 3 } as const;
export type CoverGroup = (typeof CoverGroup)[keyof typeof CoverGroup];

export const CoverId = {
  hull: 1,
  liability: 2,
  operatorAccident: 3,
  comprehensive: 4,
  theft: 5,
  staffAccident: 100,
  studentAccident: 101,
  siteLiability: 102,
  trainingLiability: 103,
} as const;
export type CoverId = (typeof CoverId)[keyof typeof CoverId];

export type InsuranceType = {
  id: number;
  name: string;
  remark: string;
  type: CoverKind;
  groupCode: CoverGroup;
  orderTypes: readonly OrderType[];
};

/**
 * Ids 1, 2 and 100–103 are fixed by the old clients (the guide links to them); 3, 4 and 5 are
 * ours. Liability (2) is grouped with the drone covers because it is rated per aircraft.
 */
export const insuranceTypes: readonly InsuranceType[] = [
  {
    id: CoverId.hull,
    name: '无人机机身损失险',
    remark: '承保无人机机身因意外事故造成的损失',
    type: CoverKind.main,
    groupCode: CoverGroup.drone,
    orderTypes: [0, 1],
  },
  {
    id: CoverId.liability,
    name: '无人机第三者责任险',
    remark: '承保飞行中造成第三者人身伤亡或财产损失的赔偿责任',
    type: CoverKind.main,
    groupCode: CoverGroup.drone,
    orderTypes: [0, 1],
  },
  {
    id: CoverId.comprehensive,
    name: '无人机综合险',
    remark: '机身损失与第三者责任（限额100万元）一揽子保障，选择后不可再选其他主险',
    type: CoverKind.main,
    groupCode: CoverGroup.drone,
    orderTypes: [0],
  },
  {
    id: CoverId.operatorAccident,
    name: '附加操作人员意外险',
    remark: '承保飞手在作业中遭受的意外伤害',
    type: CoverKind.additional,
    groupCode: CoverGroup.personal,
    orderTypes: [0],
  },
  {
    id: CoverId.theft,
    name: '附加盗抢险',
    remark: '承保无人机因盗窃、抢劫造成的损失',
    type: CoverKind.additional,
    groupCode: CoverGroup.drone,
    orderTypes: [0],
  },
  {
    id: CoverId.staffAccident,
    name: '教员/员工团体意外险',
    remark: '承保教员及员工的意外身故、伤残及医疗',
    type: CoverKind.training,
    groupCode: CoverGroup.personal,
    orderTypes: [1],
  },
  {
    id: CoverId.studentAccident,
    name: '学员团体意外险',
    remark: '承保学员培训期间的意外身故、伤残及医疗',
    type: CoverKind.training,
    groupCode: CoverGroup.personal,
    orderTypes: [1],
  },
  {
    id: CoverId.siteLiability,
    name: '场地/公众责任险',
    remark: '承保培训场地内第三者的人身伤亡和财产损失',
    type: CoverKind.training,
    groupCode: CoverGroup.liability,
    orderTypes: [1],
  },
  {
    id: CoverId.trainingLiability,
    name: '培训责任险',
    remark: '承保学员考试未通过产生的二次考试等费用',
    type: CoverKind.training,
    groupCode: CoverGroup.liability,
    orderTypes: [1],
  },
];

export const insuranceTypeById = (id: number): InsuranceType | undefined => insuranceTypes.find((t) => t.id === id);

export const listInsuranceTypes = (orderType: OrderType): InsuranceType[] =>
  insuranceTypes.filter((t) => t.orderTypes.includes(orderType));

/** Main cover 4 bundles hull and liability, so it cannot sit beside another main cover. */
export const EXCLUSIVE_MAIN_COVER_ID = CoverId.comprehensive;

/** Days. Training covers other than student accident run one year. */
export const DEFAULT_GUARANTEE_TERM = 365;
export const guaranteeTerms = {
  general: [7, 30, 60, 90, 365],
  studentAccident: [30, 60, 90, 365],
  training: [365],
  default: DEFAULT_GUARANTEE_TERM,
} as const;

export const guaranteeTermName = (days: number): string => (days === 365 ? '1年' : `${days}天`);

/** Sum-insured choices per cover (10k yuan; training liability 0 standard, 1 premium). */
export const sumInsuredOptions: Readonly<Record<number, readonly number[]>> = {
  [CoverId.liability]: [50, 100],
  [CoverId.operatorAccident]: [10, 20, 30, 50],
  [CoverId.staffAccident]: [10, 20, 30, 50],
  [CoverId.studentAccident]: [10, 30, 50],
  [CoverId.siteLiability]: [100, 200, 300, 500],
  [CoverId.trainingLiability]: [0, 1],
};
/** One mobile flow offered 20 for student accident; orders carrying it stay valid. */
export const acceptedSumInsured: Readonly<Record<number, readonly number[]>> = {
  ...sumInsuredOptions,
  [CoverId.studentAccident]: [10, 20, 30, 50],
};
export const TrainingLiabilityPlan = { standard: 0, premium: 1 } as const;

export const droneBrands: readonly { name: string; children: readonly { name: string }[] }[] = [
  {
    name: '大疆 DJI',
    children: [
      'Mavic 3 Enterprise',
      'Mavic 3 Thermal',
      'Mavic 3 Multispectral',
      'Matrice 30T',
      'Matrice 300 RTK',
      'Matrice 350 RTK',
      'Phantom 4 RTK',
      'Agras T25',
      'Agras T40',
      'Agras T50',
      'FlyCart 30',
      'Inspire 3',
      'Mini 4 Pro',
      'Air 3',
    ].map((name) => ({ name })),
  },
  { name: '极飞 XAG', children: ['P100 Pro', 'P150', 'V50 Pro', 'M500'].map((name) => ({ name })) },
  { name: '纵横股份', children: ['CW-15', 'CW-25', 'CW-30E', 'CW-40'].map((name) => ({ name })) },
  { name: '亿航', children: ['EH216-S', 'EH216-F', 'EH216-L'].map((name) => ({ name })) },
  { name: '道通智能 Autel', children: ['EVO II Pro', 'EVO II Dual 640T', 'EVO Max 4T'].map((name) => ({ name })) },
  { name: '其他', children: [{ name: '其他' }] },
];

export const OTHER = '其他';
export const MULTIROTOR = '多旋翼';
export const EDUCATION_FIELD = '教育培训';

export const droneTypes = ['固定翼', '垂直起降固定翼', '多旋翼', '直升机', '系留无人机'] as const;
export const rotorCounts = [2, 4, 6, 8] as const;
export const driveTypes = ['燃油驱动', '电力驱动', '混合驱动'] as const;
export const flyTypes = ['自主飞行', '人工操控', '混合'] as const;
export const windResistances = ['未知', '五级', '六级', '七级'] as const;
export const selfRescuePlans = ['无', '降落伞', '气囊', '自动缓冲', '其他'] as const;
export const dataPlatforms = ['其他', '厂家云平台', '用户本地', 'UOM平台', '地方数据平台'] as const;
export const applicationFields = [
  '教育培训',
  '农业/植保',
  '巡检/测绘',
  '环境监测',
  '物流',
  '消防',
  '表演',
  '照明',
  '海洋作业',
  '其他',
] as const;
export const terrains = ['海洋', '河流', '城市', '山区', '郊区', '农田', '林区'] as const;
export const takeoffMethods = ['平地', '固定机场', '固定机巢', '移动机巢'] as const;
export const taskModes = ['全程人工操纵', '超视距固定飞行', '超视距自定义飞行', '机组飞行'] as const;
export const pilotLevels = ['初级', '中级', '高级'] as const;
export const deviceNames = ['光电吊舱', '物流货仓', '移动机巢', '固定机巢', '固定机场', '其他'] as const;
export const siteRelations = ['业主', '长期租用', '短期租用', '管理者（如物业）'] as const;
/** The form field is called siteIdentity. */
export const siteIdentities = siteRelations;
export const siteTypes = ['住宅', '写字楼', '开放式体育场', '工厂', '其他'] as const;
export const facilities = ['电梯', '停车场', '停车位', '运动场', '教室', '其他'] as const;
export const revokeReasons = ['需求变更', '不符合预期', '信息调整', '购买了更好的产品', '其他'] as const;

/** The locked flight profile of a training school (docs/glossary.md "Automatic form rules"). */
export const educationFlyingDefaults = {
  mainTerrain: '城市',
  landingAndTakeoffMethods: '平地',
  taskMode: '全程人工操纵',
} as const;

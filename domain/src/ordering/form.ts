import { z } from 'zod';
import {
  blank,
  date,
  flag,
  list,
  num,
  numberSchema,
  numericFlag,
  record,
  requiredNum,
  section,
  text,
  toNumber,
} from '../shared/fields.ts';
import {
  acceptedSumInsured,
  applicationFields,
  CoverGroup,
  CoverId,
  CoverKind,
  DEFAULT_GUARANTEE_TERM,
  EDUCATION_FIELD,
  educationFlyingDefaults,
  EXCLUSIVE_MAIN_COVER_ID,
  guaranteeTermName,
  guaranteeTerms,
  insuranceTypeById,
  insurerById,
  MULTIROTOR,
  OTHER,
  visibleInsurers,
  type OrderType,
} from './catalogue.ts';

export type { OrderType } from './catalogue.ts';

/**
 * The insure form (docs/glossary.md) as the web (old and new) posts it. Old clients send
 * numbers as strings, '' for untouched fields and keys we do not know: strings become
 * numbers, blanks become absent, unknown keys are dropped; anything else is refused
 * with a Chinese message, never a crash.
 */

export const orderFormLimits = {
  drones: 50,
  deviceCodesPerDrone: 200,
  lines: 20,
  pilots: 100,
  devices: 100,
  parts: 50,
  facilities: 50,
  insurers: 20,
} as const;

export const orderFormMessages = {
  // the old clients' toasts, verbatim
  mainCoverRequired: '至少选择一个主险',
  amountPositive: '保额必须大于0',
  insurerRequired: '投保公司不能为空',
  coverRequired: '没有投保险种，请选择险种',
  synchronizationRequired: '请输入教练是否同步控制',
  droneQuantityAndPrice: '无人机数量和无人机购价必填',
  liabilityQuantityAndWeight: '投保第三者责任险无人机数量和最大起飞重量必填',
  staffAmountRequired: '投保员工团体意外险保额不能为空',
  staffCountRequired: '投保员工团体意外险员工人数不能为空',
  studentAmountRequired: '投保学员团体意外险保额不能为空',
  studentTermRequired: '投保学员团体意外险保障期限不能为空',
  studentCountRequired: '投保学员团体意外险学员人数不能为空',
  siteSizeRequired: '投保场地/公众责任险场地面积不能为空',
  applicationFieldRequired: '请点击选择应用行业',
  applicationFieldRemarkRequired: '请输入应用行业',
  additionalNeedsMain: '需至少选择一项主险',
  // ours
  unknownCover: '所选险种不存在，请重新选择',
  unknownInsurer: '所选投保公司不存在，请重新选择',
  droneRequired: '请添加无人机信息',
  pilotRequired: '投保附加操作人员意外险请添加飞手信息',
  liabilityAmountRequired: '投保第三者责任险保额不能为空',
  siteAmountRequired: '投保场地/公众责任险保额不能为空',
  amountNotOffered: '保额不在可选范围内',
  termNotOffered: '保障期限不在可选范围内',
  dronePriceNegative: '无人机购价不能小于0',
  productionDateTooEarly: '无人机生产日期不能早于1990-01-01',
  productionDateInFuture: '无人机生产日期不能晚于今天',
  startDateInPast: '起保日期不能早于今天',
} as const;

export const EARLIEST_PRODUCTION_DATE = '1990-01-01';

/** Codes separated by ASCII or full-width commas; blanks (a trailing comma) do not count. */
export const splitDeviceCodes = (deviceNumber: string | undefined | null): string[] =>
  (deviceNumber ?? '')
    .split(/[,，]/)
    .map((c) => c.trim())
    .filter((c) => c !== '');

const id = (label: string) => text(label, 64);

export const insuranceTypeLineSchema = record('险种', {
  insuranceTypeId: requiredNum('险种', { min: 1, max: 100_000, int: true }),
  type: num('险种类别', { min: 1, max: 9, int: true }),
  insuranceTypeName: text('险种名称', 50),
  insuranceAmount: num('保额', { min: 0, max: 100_000 }),
  notCompensation: text('免赔', 100),
  guaranteeTerm: num('保障期限', { min: 1, max: 3660, int: true }),
  guaranteeTermName: text('保障期限', 20),
  remark: text('备注', 200),
});

const partSchema = record('配件', {
  name: text('配件名称', 50),
  model: text('配件型号', 50),
  manufacturer: text('配件厂商', 50),
  price: num('配件价格', { max: 100_000_000 }),
  count: num('配件数量', { max: 10_000, int: true }),
});

export const droneSchema = record('无人机', {
  id: id('无人机编号'),
  orderInfoId: id('订单编号'),
  name: text('无人机名称', 50),
  deviceNumber: text('设备编号', 10_000).refine(
    (v) => splitDeviceCodes(v).length <= orderFormLimits.deviceCodesPerDrone,
    {
      error: `每架无人机最多填写${orderFormLimits.deviceCodesPerDrone}个设备编号`,
    },
  ),
  quantity: num('无人机数量', { max: 10_000, int: true }),
  manufacturer: text('生产厂商', 50),
  model: text('型号', 50),
  /** Free text kept as sent; the drone type of the option list (多旋翼 …) travels in deviceType. */
  type: text('类型', 50),
  productionYear: date('无人机生产日期'),
  price: num('无人机购价', { max: 100_000_000 }),
  deviceType: text('无人机类型', 20),
  rotorCount: num('旋翼数量', { min: 1, max: 64, int: true }),
  driveType: text('驱动方式', 20),
  flyType: text('飞行方式', 20),
  maxFlyingWeight: num('最大起飞重量', { max: 100_000 }),
  effectiveLoadWeight: num('有效载重', { max: 100_000 }),
  windResistance: text('抗风等级', 20),
  selfRescuePlan: text('自救方案', 20),
  selfRescuePlanRemark: text('自救方案说明', 200),
  realTimeFlightData: numericFlag('是否有实时飞行数据'),
  dataPlatform: text('数据平台', 50),
  dataPlatformRemark: text('数据平台说明', 200),
  flightControlSystem: text('飞控系统', 100),
  usefulLife: num('使用寿命', { max: 100 }),
  dynamicalSystemUsefulLife: num('动力系统使用寿命', { max: 100 }),
  partInfoList: list(partSchema, '配件', orderFormLimits.parts),
});

export const pilotSchema = record('飞手', {
  name: text('飞手姓名', 50),
  licenseNumber: text('执照编号', 50),
  technicalLevel: text('技术等级', 20),
  operatingHours: num('飞行小时数', { max: 1_000_000 }),
});

export const deviceSchema = z.preprocess(
  // Some screens call the model field "mode".
  (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if (blank(o.model) && !blank(o.mode)) return { ...o, model: o.mode };
    }
    return v;
  },
  record('设备', {
    name: text('设备名称', 50),
    nameRemark: text('设备名称说明', 100),
    manufacturer: text('设备厂商', 50),
    model: text('设备型号', 50),
    price: num('设备价格', { max: 100_000_000 }),
  }),
);

export const flyingInfoSchema = record('飞行信息', {
  applicationField: text('应用行业', 20),
  applicationFieldRemark: text('应用行业', 100),
  mainTerrain: text('主要地形', 20),
  landingAndTakeoffMethods: text('起降方式', 20),
  taskMode: text('作业模式', 20),
  lastInsuranceDate: date('上次投保日期'),
  synchronization: flag('教练是否同步控制'),
});

const facilitySchema = record('场地设施', {
  name: text('设施名称', 20),
  nameRemark: text('设施说明', 100),
  count: num('设施数量', { max: 100_000, int: true }),
});

export const siteInfoSchema = record('场地信息', {
  insureSite: text('投保场地', 200),
  siteSize: num('场地面积', { max: 100_000_000 }),
  siteIdentity: text('场地关系', 20),
  siteType: text('场地类型', 20),
  siteTypeRemark: text('场地类型说明', 100),
  thirdPartyEnter: flag('是否有第三方进入'),
  thirdPartyOperate: flag('是否有第三方经营'),
  thirdPartyOperateRemark: text('第三方经营说明', 200),
  historyAccident: flag('是否有历史事故'),
  historyAccidentPrice: z.preprocess(
    toNumber,
    numberSchema('历史事故金额', { max: 100_000_000 }).nullable().optional(),
  ),
  siteFacilitiesInfoList: list(facilitySchema, '场地设施', orderFormLimits.facilities),
});

const orderTypeSchema = z.preprocess(
  (v) => (blank(v) ? 0 : v === '0' ? 0 : v === '1' || v === '教培' ? 1 : v),
  z.union([z.literal(0), z.literal(1)], { error: '订单类型不正确' }),
);

export const orderFormSchema = record('投保信息', {
  id: id('订单编号'),
  orderNo: text('订单号', 64),
  state: num('订单状态', { max: 6, int: true }),
  orderType: orderTypeSchema,
  staffCount: num('员工人数', { max: 100_000, int: true }),
  studentCount: num('学员人数', { max: 100_000, int: true }),
  insuranceCompanyList: list(
    record('投保公司', {
      id: requiredNum('投保公司', { min: 1, max: 1_000_000, int: true }),
      name: text('投保公司名称', 50),
    }),
    '投保公司',
    orderFormLimits.insurers,
  ),
  insuranceTypeInfoList: list(insuranceTypeLineSchema, '险种', orderFormLimits.lines),
  uavInfoList: list(droneSchema, '无人机', orderFormLimits.drones),
  uavDriverInfoList: list(pilotSchema, '飞手', orderFormLimits.pilots),
  deviceInfoList: list(deviceSchema, '设备', orderFormLimits.devices),
  flyingInfo: section(flyingInfoSchema),
  siteInfo: section(siteInfoSchema),
  startDate: date('起保日期'),
});

/** The insured's contact details, set only by a 批改 (endorsement.ts contactSchema), never posted with the form. */
export type InsuredContact = { name?: string; phone?: string; address?: string; email?: string };
/** The parsed form; normaliseOrderForm keeps this shape. insuredContact: absent until a 批改 changes it. */
export type OrderForm = z.output<typeof orderFormSchema> & { insuredContact?: InsuredContact };
type Loose<T> = T extends readonly (infer U)[]
  ? Loose<U>[]
  : T extends object
    ? { [K in keyof T]?: Loose<T[K]> | null }
    : T extends number
      ? number | string
      : T;
/** What a client may post (the schema also takes blanks, yes/no words and the old extras). */
export type OrderFormInput = Loose<OrderForm>;
export type InsuranceTypeLine = OrderForm['insuranceTypeInfoList'][number];
export type Drone = OrderForm['uavInfoList'][number];
export type Pilot = OrderForm['uavDriverInfoList'][number];
export type Device = OrderForm['deviceInfoList'][number];
export type FlyingInfo = OrderForm['flyingInfo'];
export type SiteInfo = OrderForm['siteInfo'];

/** Parse without throwing: the form or the first refusal message. */
export const parseOrderForm = (body: unknown): { ok: true; form: OrderForm } | { ok: false; message: string } => {
  const result = orderFormSchema.safeParse(body);
  return result.success ? { ok: true, form: result.data } : { ok: false, message: result.error.issues[0]!.message };
};

// ---------------------------------------------------------------------------
// Automatic form rules (docs/glossary.md "Automatic form rules") that decide what is stored.

export const coverDeductibles = {
  hull: '免赔10%或1000元',
  liability100: '单次赔付限额50万',
  liability50: '人伤0免赔',
  zero: '0免赔',
  siteTraining: '免赔5%或500元',
  theft: '绝对免赔20%',
} as const;
export const coverRemarks = {
  accident: '含意外医疗和住院津贴',
  trainingStandard: '含二次考试费用，赔付上限2000元',
  trainingPremium: '含二次考试费用，赔付上限2000元；住宿费用赔付上限3000元',
} as const;

/** Yuan to 10k yuan, kept to the yuan so repeated normalisation cannot drift. */
const toTenThousand = (yuan: number) => Math.round(yuan) / 10_000;

/** Σ quantity × price of the drones, in 10k yuan. */
export const droneSumInsured = (drones: readonly Drone[]): number =>
  toTenThousand(drones.reduce((sum, d) => sum + (d.quantity ?? 0) * (d.price ?? 0), 0));

const coverKindOf = (line: InsuranceTypeLine): number | undefined =>
  insuranceTypeById(line.insuranceTypeId)?.type ?? line.type;

const normaliseDrone = (drone: Drone): Drone => {
  const codes = splitDeviceCodes(drone.deviceNumber);
  const realTime = drone.realTimeFlightData === 1;
  const dataPlatform = realTime ? drone.dataPlatform : undefined;
  return {
    ...drone,
    deviceNumber: codes.length > 0 ? codes.join(',') : undefined,
    quantity: codes.length > 0 ? codes.length : drone.quantity,
    rotorCount: drone.deviceType === MULTIROTOR ? drone.rotorCount : undefined,
    selfRescuePlanRemark: drone.selfRescuePlan === OTHER ? drone.selfRescuePlanRemark : undefined,
    dataPlatform,
    dataPlatformRemark: realTime && dataPlatform === OTHER ? drone.dataPlatformRemark : undefined,
  };
};

const normaliseLine = (line: InsuranceTypeLine, orderType: OrderType, droneAmount: number): InsuranceTypeLine => {
  const cover = insuranceTypeById(line.insuranceTypeId);
  const out: InsuranceTypeLine = {
    ...line,
    type: cover?.type ?? line.type,
    insuranceTypeName: cover?.name ?? line.insuranceTypeName,
  };
  switch (line.insuranceTypeId) {
    case CoverId.hull:
    case CoverId.comprehensive:
      out.insuranceAmount = droneAmount;
      out.notCompensation = coverDeductibles.hull;
      break;
    case CoverId.theft:
      out.insuranceAmount = droneAmount;
      out.notCompensation = coverDeductibles.theft;
      break;
    case CoverId.liability:
      if (line.insuranceAmount === 100) out.notCompensation = coverDeductibles.liability100;
      else if (line.insuranceAmount === 50) out.notCompensation = coverDeductibles.liability50;
      break;
    case CoverId.operatorAccident:
    case CoverId.staffAccident:
    case CoverId.studentAccident:
      out.notCompensation = coverDeductibles.zero;
      out.remark = coverRemarks.accident;
      break;
    case CoverId.siteLiability:
      out.notCompensation = coverDeductibles.siteTraining;
      out.remark = coverRemarks.accident;
      break;
    case CoverId.trainingLiability:
      out.insuranceAmount = line.insuranceAmount ?? 0;
      out.notCompensation = coverDeductibles.zero;
      out.remark = out.insuranceAmount === 1 ? coverRemarks.trainingPremium : coverRemarks.trainingStandard;
      break;
  }
  // The student term is a real choice (validation asks for it); every other cover
  // defaults to a year, and training covers other than student accident are a year.
  if (line.insuranceTypeId !== CoverId.studentAccident) {
    out.guaranteeTerm = orderType === 1 ? DEFAULT_GUARANTEE_TERM : (line.guaranteeTerm ?? DEFAULT_GUARANTEE_TERM);
  }
  out.guaranteeTermName = out.guaranteeTerm === undefined ? undefined : guaranteeTermName(out.guaranteeTerm);
  return out;
};

const normaliseLines = (form: OrderForm, drones: readonly Drone[]): InsuranceTypeLine[] => {
  const seen = new Set<number>();
  let lines = form.insuranceTypeInfoList.filter((l) => !seen.has(l.insuranceTypeId) && seen.add(l.insuranceTypeId));
  if (lines.some((l) => l.insuranceTypeId === EXCLUSIVE_MAIN_COVER_ID)) {
    lines = lines.filter((l) => l.insuranceTypeId === EXCLUSIVE_MAIN_COVER_ID || coverKindOf(l) !== CoverKind.main);
  }
  if (!lines.some((l) => coverKindOf(l) === CoverKind.main)) {
    lines = lines.filter((l) => coverKindOf(l) !== CoverKind.additional);
  }
  const amount = droneSumInsured(drones);
  return lines.map((l) => normaliseLine(l, form.orderType, amount));
};

const normaliseFlyingInfo = (flying: FlyingInfo, orderType: OrderType): FlyingInfo => {
  const applicationField = flying.applicationField ?? (orderType === 1 ? EDUCATION_FIELD : undefined);
  return {
    ...flying,
    applicationField,
    applicationFieldRemark: applicationField === OTHER ? flying.applicationFieldRemark : undefined,
    ...(applicationField === EDUCATION_FIELD ? educationFlyingDefaults : {}),
  };
};

const normaliseSiteInfo = (site: SiteInfo): SiteInfo => ({
  ...site,
  siteTypeRemark: site.siteType === OTHER ? site.siteTypeRemark : undefined,
  historyAccidentPrice: site.historyAccidentPrice ?? null,
  siteFacilitiesInfoList: site.siteFacilitiesInfoList.map((f) => ({
    ...f,
    nameRemark: f.name === OTHER ? f.nameRemark : undefined,
  })),
});

/** Insurers are chosen for type 0 only; the training package is priced by all of them. */
const normaliseInsurers = (form: OrderForm): OrderForm['insuranceCompanyList'] => {
  if (form.orderType === 1) return [];
  const seen = new Set<number>();
  return form.insuranceCompanyList
    .filter((c) => !seen.has(c.id) && seen.add(c.id))
    .map((c) => ({ id: c.id, name: insurerById(c.id)?.name ?? c.name }));
};

/**
 * Applies every automatic rule of the form so what is stored does not depend on which
 * client filled it in. Idempotent.
 */
export const normaliseOrderForm = (form: OrderForm): OrderForm => {
  const uavInfoList = form.uavInfoList.map(normaliseDrone);
  return {
    ...form,
    insuranceCompanyList: normaliseInsurers(form),
    insuranceTypeInfoList: normaliseLines(form, uavInfoList),
    uavInfoList,
    flyingInfo: normaliseFlyingInfo(form.flyingInfo, form.orderType),
    siteInfo: normaliseSiteInfo(form.siteInfo),
  };
};

// ---------------------------------------------------------------------------
// Validation: the first failing rule, as the old toasts showed one.

const lineOf = (form: OrderForm, coverId: number) =>
  form.insuranceTypeInfoList.find((l) => l.insuranceTypeId === coverId);
const missing = (v: unknown) => v === undefined || v === null;
const missingOrZero = (v: number | undefined | null) => missing(v) || v === 0;

const validateGeneral = (form: OrderForm): string | null => {
  const lines = form.insuranceTypeInfoList;
  const hasMain = lines.some((l) => coverKindOf(l) === CoverKind.main);
  if (!hasMain) {
    return lines.some((l) => coverKindOf(l) === CoverKind.additional)
      ? orderFormMessages.additionalNeedsMain
      : orderFormMessages.mainCoverRequired;
  }
  if (lines.some((l) => missing(l.insuranceAmount) || l.insuranceAmount! <= 0)) return orderFormMessages.amountPositive;
  if (form.insuranceCompanyList.length === 0) return orderFormMessages.insurerRequired;
  if (form.insuranceCompanyList.some((c) => !visibleInsurers.some((i) => i.id === c.id)))
    return orderFormMessages.unknownInsurer;
  const perDrone = lines.some((l) => insuranceTypeById(l.insuranceTypeId)?.groupCode === CoverGroup.drone);
  if (perDrone && form.uavInfoList.length === 0) return orderFormMessages.droneRequired;
  if (lineOf(form, CoverId.operatorAccident) && form.uavDriverInfoList.length === 0)
    return orderFormMessages.pilotRequired;
  return null;
};

const validateTraining = (form: OrderForm): string | null => {
  if (form.insuranceTypeInfoList.length === 0) return orderFormMessages.coverRequired;
  const drones = form.uavInfoList;
  if (lineOf(form, CoverId.hull)) {
    if (missing(form.flyingInfo.synchronization)) return orderFormMessages.synchronizationRequired;
    if (drones.length === 0 || drones.some((d) => missingOrZero(d.quantity) || missing(d.price)))
      return orderFormMessages.droneQuantityAndPrice;
  }
  const liability = lineOf(form, CoverId.liability);
  if (liability) {
    if (drones.length === 0 || drones.some((d) => missingOrZero(d.quantity) || missingOrZero(d.maxFlyingWeight)))
      return orderFormMessages.liabilityQuantityAndWeight;
    if (missing(liability.insuranceAmount)) return orderFormMessages.liabilityAmountRequired;
  }
  const staff = lineOf(form, CoverId.staffAccident);
  if (staff) {
    if (missingOrZero(staff.insuranceAmount)) return orderFormMessages.staffAmountRequired;
    if (missingOrZero(form.staffCount)) return orderFormMessages.staffCountRequired;
  }
  const student = lineOf(form, CoverId.studentAccident);
  if (student) {
    if (missingOrZero(student.insuranceAmount)) return orderFormMessages.studentAmountRequired;
    if (missing(student.guaranteeTerm)) return orderFormMessages.studentTermRequired;
    if (missingOrZero(form.studentCount)) return orderFormMessages.studentCountRequired;
  }
  const site = lineOf(form, CoverId.siteLiability);
  if (site) {
    if (missingOrZero(form.siteInfo.siteSize)) return orderFormMessages.siteSizeRequired;
    if (missingOrZero(site.insuranceAmount)) return orderFormMessages.siteAmountRequired;
  }
  return null;
};

const validateApplicationField = (flying: FlyingInfo): string | null => {
  const field = flying.applicationField;
  if (!field || !(applicationFields as readonly string[]).includes(field))
    return orderFormMessages.applicationFieldRequired;
  if (field === OTHER && !flying.applicationFieldRemark) return orderFormMessages.applicationFieldRemarkRequired;
  return null;
};

const validateChoices = (form: OrderForm): string | null => {
  for (const line of form.insuranceTypeInfoList) {
    const accepted = acceptedSumInsured[line.insuranceTypeId];
    if (accepted && !missing(line.insuranceAmount) && !accepted.includes(line.insuranceAmount!))
      return `${insuranceTypeById(line.insuranceTypeId)?.name ?? ''}${orderFormMessages.amountNotOffered}`;
    if (missing(line.guaranteeTerm)) continue;
    const terms: readonly number[] =
      form.orderType === 0
        ? guaranteeTerms.general
        : line.insuranceTypeId === CoverId.studentAccident
          ? guaranteeTerms.studentAccident
          : guaranteeTerms.training;
    if (!terms.includes(line.guaranteeTerm!)) return orderFormMessages.termNotOffered;
  }
  return null;
};

const validateDrones = (drones: readonly Drone[], today: string | undefined): string | null => {
  for (const [i, d] of drones.entries()) {
    const which = drones.length > 1 ? `第${i + 1}架` : '';
    if (!missing(d.price) && d.price! < 0) return `${which}${orderFormMessages.dronePriceNegative}`;
    if (d.productionYear && d.productionYear < EARLIEST_PRODUCTION_DATE)
      return `${which}${orderFormMessages.productionDateTooEarly}`;
    if (d.productionYear && today && d.productionYear > today)
      return `${which}${orderFormMessages.productionDateInFuture}`;
  }
  return null;
};

/**
 * The first refusal for a draft save or an inquiry, or null. Meant for a normalised
 * form (the student term and the derived sums are checked as stored). `today`
 * (yyyy-MM-dd, Shanghai) enables the checks against the calendar; without it they
 * are skipped.
 */
export const validateOrderForm = (form: OrderForm, today?: string): string | null => {
  if (
    form.insuranceTypeInfoList.some((l) => !insuranceTypeById(l.insuranceTypeId)?.orderTypes.includes(form.orderType))
  )
    return orderFormMessages.unknownCover;
  return (
    (form.orderType === 0 ? validateGeneral(form) : validateTraining(form)) ??
    validateApplicationField(form.flyingInfo) ??
    validateChoices(form) ??
    validateDrones(form.uavInfoList, today) ??
    (today && form.startDate && form.startDate < today ? orderFormMessages.startDateInPast : null)
  );
};

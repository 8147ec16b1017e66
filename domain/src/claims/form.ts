import { z } from 'zod';
import { isValidIdCard } from '../accounts/validation.ts';
import { provinceCodes } from '../catalogue/regions.ts';
import { SHANGHAI_OFFSET_MS } from '../shared/calendar.ts';
import { blank, flag, isCalendarDate, list, num, numericFlag, record, text } from '../shared/fields.ts';
import {
  dataPlatforms,
  driveTypes,
  droneTypes,
  flyTypes,
  MULTIROTOR,
  OTHER,
  rotorCounts,
  selfRescuePlans,
  windResistances,
} from '../ordering/catalogue.ts';
import { splitDeviceCodes } from '../ordering/form.ts';
import {
  EARLIEST_ACCIDENT_DATE,
  injuredTypes,
  injuryLossSubtypes,
  isChoice,
  partLabors,
  partQualities,
  propertyLossSubtypes,
  uavAccidentTypes,
  type Choice,
} from './catalogue.ts';

/**
 * The claim form (docs/glossary.md "Claim form") as the web posts it to save, submit and
 * contrast. Parsing accepts what the old client sends (strings for numbers, '' for untouched);
 * `normaliseClaimForm` then applies every derivation the server owns, whatever the client sent.
 */

export const claimFormLimits = { drones: 50, parts: 200, injuries: 100, properties: 100 } as const;

export const claimFormMessages = {
  accidentTimeFormat: '出险时间格式应为yyyy-MM-dd HH:mm:ss',
  accidentTimeTooEarly: '出险时间不能早于1990-01-01',
  accidentTimeInFuture: '出险时间不能晚于当前时间',
  provinceUnknown: '出险地点省份不正确',
  cityFormat: '出险地点城市不正确',
  idCardFormat: '身份证格式错误!',
  droneNotInsured: '设备编号不在保单承保的无人机中',
  droneRepeated: '同一设备编号不能重复添加',
  // required on submit only: a draft may be incomplete
  accidentTimeRequired: '请选择出险时间',
  regionRequired: '请选择出险地点',
  addressRequired: '请填写详细地址',
  accidentTypeRequired: '请选择事故类型',
  lossTypeRequired: '请选择损失类型',
  droneRequired: '请添加受损无人机',
  injuryRequired: '请填写人伤信息',
  propertyRequired: '请填写财产损失信息',
  perpetratorRequired: '请填写其他肇事方名称',
  injuryNameRequired: '请填写伤者姓名',
  propertyNameRequired: '请填写财产名称',
} as const;

const choice = (label: string, choices: readonly Choice[]) =>
  text(label, 10).refine((v) => v === undefined || isChoice(choices, v), { error: `${label}不正确` });
const oneOf = (label: string, values: readonly string[]) =>
  text(label, 20).refine((v) => v === undefined || values.includes(v), { error: `${label}不正确` });
/** Ticked subtypes as a comma list of codes; unknown codes are refused, repeats dropped. */
const codeList = (label: string, choices: readonly Choice[]) =>
  text(label, 50)
    .refine((v) => v === undefined || splitDeviceCodes(v).every((c) => isChoice(choices, c)), {
      error: `${label}不正确`,
    })
    .transform((v) => (v === undefined ? undefined : [...new Set(splitDeviceCodes(v))].sort().join(',') || undefined))
    .optional();
/** Money in yuan or 10k yuan: two decimals are kept, negatives refused. */
const amount = (label: string, max: number) =>
  num(label, { max })
    .transform((v) => (v === undefined ? v : Math.round(v * 100) / 100))
    .optional();

const id = (label: string) => text(label, 64);

export const partSchema = record('配件', {
  partCode: text('配件编码', 50),
  partName: text('配件名称', 50),
  partNameOriginal: text('配件原厂名称', 50),
  partLabor: choice('工时类型', partLabors),
  partUnitPrice: amount('配件单价', 10_000_000),
  partCount: num('配件数量', { max: 10_000, int: true }),
  partQuality: choice('配件品质', partQualities),
  /** Computed by the server (unit price × count); whatever is sent is replaced. */
  total: z
    .unknown()
    .optional()
    .transform(() => undefined as number | undefined),
});

export const claimDroneSchema = record('无人机', {
  deviceNumber: text('设备编号', 100),
  manufacturer: text('生产厂商', 50),
  model: text('型号', 50),
  productionYear: text('生产年份', 20),
  price: amount('无人机购价', 100_000_000),
  deviceType: oneOf('无人机类型', droneTypes),
  rotorCount: num('旋翼数量', { min: 1, max: 64, int: true }).refine(
    (v) => v === undefined || (rotorCounts as readonly number[]).includes(v),
    { error: '旋翼数量不正确' },
  ),
  driveType: oneOf('驱动方式', driveTypes),
  flyType: oneOf('飞行方式', flyTypes),
  maxFlyingWeight: amount('最大起飞重量', 100_000),
  effectiveLoadWeight: amount('有效载重', 100_000),
  windResistance: oneOf('抗风等级', windResistances),
  selfRescuePlan: oneOf('自救方案', selfRescuePlans),
  selfRescuePlanRemark: text('自救方案说明', 200),
  realTimeFlightData: numericFlag('是否有实时飞行数据'),
  dataPlatform: oneOf('数据平台', dataPlatforms),
  dataPlatformRemark: text('数据平台说明', 200),
  flightControlSystem: text('飞控系统', 100),
  usefulLife: amount('使用寿命', 100),
  dynamicalSystemUsefulLife: amount('动力系统使用寿命', 100),
  partInfoList: list(partSchema, '配件', claimFormLimits.parts),
});

export const injurySchema = record('人伤信息', {
  injuryType: choice('伤者类型', injuredTypes),
  injuryName: text('伤者姓名', 50),
  /** The old form's name for the injured person's ID number. */
  technicalLevel: text('身份证号', 18).refine((v) => v === undefined || isValidIdCard(v), {
    error: claimFormMessages.idCardFormat,
  }),
  indemnityAmount: amount('索赔金额', 100_000),
});

export const propertySchema = record('财产损失信息', {
  propertyName: text('财产名称', 100),
  propertyOwner: text('财产所有人', 50),
  indemnityAmount: amount('索赔金额', 100_000),
});

const ACCIDENT_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** The picker sends Shanghai wall time ('yyyy-MM-dd HH:mm:ss' or a date); an instant with a zone is converted. */
export const toAccidentTime = (v: string): string | null => {
  const m = ACCIDENT_TIME.exec(v.trim());
  if (!m) return null;
  const [, day, hh = '00', mm = '00', ss = '00', zone] = m;
  if (!isCalendarDate(day!) || (zone !== undefined && Number.isNaN(Date.parse(v.trim())))) return null;
  const local = zone
    ? new Date(new Date(v.trim()).getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
    : `${day} ${hh}:${mm}:${ss}`;
  const check = new Date(`${local.replace(' ', 'T')}Z`);
  return Number.isNaN(check.getTime()) || check.toISOString().slice(0, 19).replace('T', ' ') !== local ? null : local;
};

export const claimFormSchema = record('理赔信息', {
  id: id('理赔单编号'),
  accidentTime: text('出险时间', 40)
    .refine((v) => v === undefined || toAccidentTime(v) !== null, { error: claimFormMessages.accidentTimeFormat })
    .transform((v) => (v === undefined ? undefined : toAccidentTime(v)!))
    .optional(),
  accidentAddressProvince: text('出险地点省份', 6),
  accidentAddressCity: text('出险地点城市', 6),
  accidentAddress: text('详细地址', 200),
  uavAccidentType: choice('事故类型', uavAccidentTypes),
  governmentIntervention: flag('是否有公安、消防或安监部门介入'),
  otherPerpetrators: flag('是否有其他肇事方'),
  uavAccidentTypeRemark: text('其他肇事方名称', 100),
  /** 事故经过: what happened, in the claimant's words. */
  accidentTypeRemark: text('事故经过', 2000),
  uavLossType: flag('无人机损失'),
  injuryLossType: codeList('人员伤亡类型', injuryLossSubtypes),
  injuryLossTypeRemark: text('人员伤亡说明', 500),
  propertyLossType: codeList('财产损失类型', propertyLossSubtypes),
  propertyLossTypeRemark: text('财产损失说明', 500),
  settlementUavInfoList: list(claimDroneSchema, '无人机', claimFormLimits.drones),
  injuryInfoList: list(injurySchema, '人伤信息', claimFormLimits.injuries),
  propertyInfoList: list(propertySchema, '财产损失信息', claimFormLimits.properties),
});

type Parsed = z.output<typeof claimFormSchema>;
export type ClaimPart = Omit<z.output<typeof partSchema>, 'total'> & { total?: number };
export type ClaimDrone = Omit<z.output<typeof claimDroneSchema>, 'partInfoList'> & { partInfoList: ClaimPart[] };
export type Injury = z.output<typeof injurySchema>;
export type PropertyLoss = z.output<typeof propertySchema>;
/** The stored form: parsed and normalised; derived fields (`deviceNumber`, `accidentType`) filled in. */
export type ClaimForm = Omit<Parsed, 'id' | 'settlementUavInfoList'> & {
  settlementUavInfoList: ClaimDrone[];
  deviceNumber?: string;
  accidentType?: string;
};

export const parseClaimForm = (body: unknown): { ok: true; form: ClaimForm } | { ok: false; message: string } => {
  const result = claimFormSchema.safeParse(body);
  if (!result.success) return { ok: false, message: result.error.issues[0]!.message };
  const { id: _id, ...form } = result.data;
  return { ok: true, form };
};

const keepWhen = <T>(condition: boolean, value: T | undefined) => (condition ? value : undefined);
const cents = (yuan: number) => Math.round(yuan * 100);

const normaliseDrone = (drone: ClaimDrone): ClaimDrone => {
  const realTime = drone.realTimeFlightData === 1;
  return {
    ...drone,
    rotorCount: keepWhen(drone.deviceType === MULTIROTOR, drone.rotorCount),
    selfRescuePlanRemark: keepWhen(drone.selfRescuePlan === OTHER, drone.selfRescuePlanRemark),
    dataPlatform: keepWhen(realTime, drone.dataPlatform),
    dataPlatformRemark: keepWhen(realTime && drone.dataPlatform === OTHER, drone.dataPlatformRemark),
    partInfoList: drone.partInfoList.map((p) => ({
      ...p,
      total:
        p.partUnitPrice === undefined || p.partCount === undefined
          ? undefined
          : cents(p.partUnitPrice * p.partCount) / 100,
    })),
  };
};

/** Province = first two digits + 0000, city = first four + 00: one accident has one region pair. */
export const accidentRegion = (province: string | undefined, city: string | undefined) => {
  const source = city ?? province;
  if (source === undefined || !/^\d{6}$/.test(source)) return { province, city };
  return { province: `${source.slice(0, 2)}0000`, city: city === undefined ? undefined : `${source.slice(0, 4)}00` };
};

/**
 * Every server-side derivation: the region pair, names and remarks kept only with their tick,
 * the drone fields that depend on another, part totals, the device list and the loss categories.
 * `keepParts` carries the stored parts for callers who may not edit them (customers).
 */
export const normaliseClaimForm = (form: ClaimForm, keepParts?: ReadonlyMap<string, ClaimPart[]>): ClaimForm => {
  const region = accidentRegion(form.accidentAddressProvince, form.accidentAddressCity);
  const injury = (form.injuryLossType ?? '') !== '';
  const property = (form.propertyLossType ?? '') !== '';
  const drones = form.settlementUavInfoList.map((d) =>
    normaliseDrone(keepParts ? { ...d, partInfoList: keepParts.get(d.deviceNumber ?? '') ?? [] } : d),
  );
  const categories = [form.uavLossType === '1' ? '1' : null, injury ? '2' : null, property ? '3' : null].filter(
    Boolean,
  );
  return {
    ...form,
    accidentAddressProvince: region.province,
    accidentAddressCity: region.city,
    uavAccidentTypeRemark: keepWhen(form.otherPerpetrators === '1', form.uavAccidentTypeRemark),
    injuryLossTypeRemark: keepWhen(injury, form.injuryLossTypeRemark),
    propertyLossTypeRemark: keepWhen(property, form.propertyLossTypeRemark),
    settlementUavInfoList: drones,
    deviceNumber:
      drones
        .map((d) => d.deviceNumber)
        .filter((c): c is string => !!c)
        .join(',') || undefined,
    accidentType: categories.join(',') || undefined,
  };
};

/** The refusal for a drone a 批改 removed before the accident: it names the drone and the day. */
export const droneRemovedMessage = (r: { deviceNumber: string; effectiveDate: string }) =>
  `无人机 ${r.deviceNumber} 已于 ${r.effectiveDate.slice(0, 10)} 批改减除，事故发生在减除之后，不在保障范围内`;

/** A named drone that a 批改 removed on or before the accident's day (the removal takes effect that day). */
const removedBeforeAccident = (
  form: ClaimForm,
  removed: readonly { deviceNumber: string; effectiveDate: string }[],
): { deviceNumber: string; effectiveDate: string } | null => {
  if (form.accidentTime === undefined) return null;
  const accidentDay = form.accidentTime.slice(0, 10);
  for (const drone of form.settlementUavInfoList) {
    const removal = removed.find((r) => r.deviceNumber === drone.deviceNumber);
    if (removal && accidentDay >= removal.effectiveDate.slice(0, 10)) return removal;
  }
  return null;
};

/** Refusals that need the clock or the policy; `forSubmit` adds the completeness rules. */
export const validateClaimForm = (
  form: ClaimForm,
  context: {
    now: Date;
    insuredDeviceCodes: readonly string[];
    forSubmit: boolean;
    /** Drones a 批改 removed, from their effective date (yyyy-MM-dd); absent: none. */
    removedDrones?: readonly { deviceNumber: string; effectiveDate: string }[];
  },
): string | null => {
  const m = claimFormMessages;
  if (form.accidentTime !== undefined) {
    if (form.accidentTime < `${EARLIEST_ACCIDENT_DATE} 00:00:00`) return m.accidentTimeTooEarly;
    const nowLocal = new Date(context.now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
    if (form.accidentTime > nowLocal) return m.accidentTimeInFuture;
  }
  if (form.accidentAddressProvince !== undefined && !provinceCodes.has(form.accidentAddressProvince))
    return m.provinceUnknown;
  if (form.accidentAddressCity !== undefined && !/^\d{4}00$/.test(form.accidentAddressCity)) return m.cityFormat;
  const codes = form.settlementUavInfoList.map((d) => d.deviceNumber);
  if (codes.some((c) => c !== undefined && !context.insuredDeviceCodes.includes(c))) return m.droneNotInsured;
  if (new Set(codes.filter(Boolean)).size !== codes.filter(Boolean).length) return m.droneRepeated;
  const removedBefore = removedBeforeAccident(form, context.removedDrones ?? []);
  if (removedBefore) return droneRemovedMessage(removedBefore);
  if (!context.forSubmit) return null;
  if (form.accidentTime === undefined) return m.accidentTimeRequired;
  if (form.accidentAddressProvince === undefined || form.accidentAddressCity === undefined) return m.regionRequired;
  if (blank(form.accidentAddress)) return m.addressRequired;
  if (form.uavAccidentType === undefined) return m.accidentTypeRequired;
  if (form.otherPerpetrators === '1' && blank(form.uavAccidentTypeRemark)) return m.perpetratorRequired;
  if (form.accidentType === undefined) return m.lossTypeRequired;
  if (form.uavLossType === '1' && form.settlementUavInfoList.length === 0) return m.droneRequired;
  if (form.settlementUavInfoList.some((d) => d.deviceNumber === undefined)) return m.droneRequired;
  if ((form.injuryLossType ?? '') !== '') {
    if (form.injuryInfoList.length === 0) return m.injuryRequired;
    if (form.injuryInfoList.some((i) => blank(i.injuryName))) return m.injuryNameRequired;
  }
  if ((form.propertyLossType ?? '') !== '') {
    if (form.propertyInfoList.length === 0) return m.propertyRequired;
    if (form.propertyInfoList.some((p) => blank(p.propertyName))) return m.propertyNameRequired;
  }
  return null;
};

export const emptyClaimForm = (): ClaimForm => ({
  settlementUavInfoList: [],
  injuryInfoList: [],
  propertyInfoList: [],
});

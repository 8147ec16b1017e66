/**
 * The claim report's form state and its client-side rules (docs/api/claims.md; the
 * form's rules and messages in domain/src/claims/form.ts). Inputs hold strings as typed; `toPayload` turns them into the wire form, and
 * `checkReport` runs the domain's own parse + validation so the browser refuses exactly what
 * the server would, before a round trip.
 */
import type { ClaimDetails } from '@feibao/domain/claims/api';
import {
  claimFormMessages,
  normaliseClaimForm,
  parseClaimForm,
  validateClaimForm,
  type ClaimDrone,
  type ClaimPart,
} from '@feibao/domain/claims/form';
import { EARLIEST_ACCIDENT_DATE } from '@feibao/domain/claims/catalogue';
import { MULTIROTOR, OTHER } from '@feibao/domain/ordering/catalogue';
import { splitDeviceCodes } from '@feibao/domain/ordering/form';
import { SHANGHAI_OFFSET_MS } from '@feibao/domain/shared/calendar';

export type Flag = '' | '1' | '0';

export type PartRow = {
  key: string;
  partCode: string;
  partName: string;
  partNameOriginal: string;
  partLabor: string;
  partUnitPrice: string;
  partCount: string;
  partQuality: string;
};

const droneTextFields = [
  'manufacturer',
  'model',
  'productionYear',
  'price',
  'deviceType',
  'rotorCount',
  'driveType',
  'flyType',
  'maxFlyingWeight',
  'effectiveLoadWeight',
  'windResistance',
  'selfRescuePlan',
  'selfRescuePlanRemark',
  'dataPlatform',
  'dataPlatformRemark',
  'flightControlSystem',
  'usefulLife',
  'dynamicalSystemUsefulLife',
] as const;
type DroneTextField = (typeof droneTextFields)[number];

export type DroneTab = Record<DroneTextField, string> & {
  key: string;
  deviceNumber: string;
  realTimeFlightData: Flag;
  partInfoList: PartRow[];
};

export type InjuryRow = {
  key: string;
  injuryType: string;
  injuryName: string;
  technicalLevel: string;
  indemnityAmount: string;
};
export type PropertyRow = { key: string; propertyName: string; propertyOwner: string; indemnityAmount: string };

export type ReportForm = {
  id: string;
  /** 'yyyy-MM-ddTHH:mm', Shanghai wall time, as the native picker gives it. */
  accidentTime: string;
  accidentAddressProvince: string;
  accidentAddressCity: string;
  accidentAddress: string;
  uavAccidentType: string;
  governmentIntervention: Flag;
  otherPerpetrators: Flag;
  uavAccidentTypeRemark: string;
  accidentTypeRemark: string;
  uavLossType: Flag;
  injuryLossType: string[];
  injuryLossTypeRemark: string;
  propertyLossType: string[];
  propertyLossTypeRemark: string;
  drones: DroneTab[];
  injuries: InjuryRow[];
  properties: PropertyRow[];
};

const s = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const flagOf = (v: unknown): Flag => (v === '1' || v === 1 ? '1' : v === '0' || v === 0 ? '0' : '');

/** Row keys only need to be unique within one form; a counter is enough. */
let nextKey = 0;
export const newKey = (prefix: string) => `${prefix}-${++nextKey}`;

export const emptyPart = (): PartRow => ({
  key: newKey('part'),
  partCode: '',
  partName: '',
  partNameOriginal: '',
  partLabor: '',
  partUnitPrice: '',
  partCount: '',
  partQuality: '',
});
export const emptyInjury = (): InjuryRow => ({
  key: newKey('injury'),
  injuryType: '',
  injuryName: '',
  technicalLevel: '',
  indemnityAmount: '',
});
export const emptyProperty = (): PropertyRow => ({
  key: newKey('property'),
  propertyName: '',
  propertyOwner: '',
  indemnityAmount: '',
});

const partFrom = (p: Partial<ClaimPart>): PartRow => ({
  key: newKey('part'),
  partCode: s(p.partCode),
  partName: s(p.partName),
  partNameOriginal: s(p.partNameOriginal),
  partLabor: s(p.partLabor),
  partUnitPrice: s(p.partUnitPrice),
  partCount: s(p.partCount),
  partQuality: s(p.partQuality),
});

/** A drone tab from a stored claim drone or from the policy's drone (getSettlementUavInfo). */
export const droneFrom = (d: Partial<ClaimDrone> & { deviceNumber?: string | null }): DroneTab => {
  const fields = Object.fromEntries(droneTextFields.map((f) => [f, s((d as Record<string, unknown>)[f])])) as Record<
    DroneTextField,
    string
  >;
  return applyDroneRules({
    ...fields,
    key: newKey('drone'),
    deviceNumber: s(d.deviceNumber),
    realTimeFlightData: flagOf(d.realTimeFlightData),
    partInfoList: (d.partInfoList ?? []).map(partFrom),
  });
};

/** 'yyyy-MM-dd HH:mm:ss' → the picker's 'yyyy-MM-ddTHH:mm'. */
/** Seconds are kept: dropping them would show an admin's unrelated edit as a change of 出险时间. */
export const pickerTime = (wire: string | null | undefined) => (wire ? wire.slice(0, 19).replace(' ', 'T') : '');

export const fromClaim = (c: ClaimDetails): ReportForm => ({
  id: c.id,
  accidentTime: pickerTime(c.accidentTime),
  accidentAddressProvince: s(c.accidentAddressProvince),
  accidentAddressCity: s(c.accidentAddressCity),
  accidentAddress: s(c.accidentAddress),
  uavAccidentType: s(c.uavAccidentType),
  governmentIntervention: flagOf(c.governmentIntervention),
  otherPerpetrators: flagOf(c.otherPerpetrators),
  uavAccidentTypeRemark: s(c.uavAccidentTypeRemark),
  accidentTypeRemark: s(c.accidentTypeRemark),
  uavLossType: flagOf(c.uavLossType),
  injuryLossType: splitDeviceCodes(c.injuryLossType),
  injuryLossTypeRemark: s(c.injuryLossTypeRemark),
  propertyLossType: splitDeviceCodes(c.propertyLossType),
  propertyLossTypeRemark: s(c.propertyLossTypeRemark),
  drones: c.settlementUavInfoList.map(droneFrom),
  injuries: c.injuryInfoList.map((i) => ({
    key: newKey('injury'),
    injuryType: s(i.injuryType),
    injuryName: s(i.injuryName),
    technicalLevel: s(i.technicalLevel),
    indemnityAmount: s(i.indemnityAmount),
  })),
  properties: c.propertyInfoList.map((p) => ({
    key: newKey('property'),
    propertyName: s(p.propertyName),
    propertyOwner: s(p.propertyOwner),
    indemnityAmount: s(p.indemnityAmount),
  })),
});

// ---- the automatic rules -------------------------------------------------------

/** Rotor count only for multirotors; remarks only with 其他; the data platform only with real-time data. */
export const applyDroneRules = (d: DroneTab): DroneTab => {
  const realTime = d.realTimeFlightData === '1';
  return {
    ...d,
    rotorCount: d.deviceType === MULTIROTOR ? d.rotorCount : '',
    selfRescuePlanRemark: d.selfRescuePlan === OTHER ? d.selfRescuePlanRemark : '',
    dataPlatform: realTime ? d.dataPlatform : '',
    dataPlatformRemark: realTime && d.dataPlatform === OTHER ? d.dataPlatformRemark : '',
  };
};

/** Unticking 其他肇事方 forgets the other party's name. */
export const setOtherPerpetrators = (f: ReportForm, on: boolean): ReportForm => ({
  ...f,
  otherPerpetrators: on ? '1' : '0',
  uavAccidentTypeRemark: on ? f.uavAccidentTypeRemark : '',
});

/** Ticks a loss subtype; the remark is kept only while some subtype stays ticked. */
export const toggleCode = (list: readonly string[], code: string, on: boolean): string[] =>
  on ? [...new Set([...list, code])].sort() : list.filter((c) => c !== code);

/** The device list (`deviceNumber`) is always the tabs' codes: removing a tab rewrites it. */
export const deviceNumberOf = (drones: readonly DroneTab[]) =>
  drones
    .map((d) => d.deviceNumber)
    .filter(Boolean)
    .join(',');

export const removeDrone = (f: ReportForm, key: string): ReportForm => ({
  ...f,
  drones: f.drones.filter((d) => d.key !== key),
});

/** The policy's device codes no tab names yet. */
export const availableDeviceCodes = (f: ReportForm, insured: readonly string[]) => {
  const used = new Set(f.drones.map((d) => d.deviceNumber));
  return insured.filter((c) => !used.has(c));
};

/** Unit price × count, in yuan with two decimals; null until both are numbers. */
export const partTotal = (p: Pick<PartRow, 'partUnitPrice' | 'partCount'>): number | null => {
  if (p.partUnitPrice.trim() === '' || p.partCount.trim() === '') return null;
  const price = Number(p.partUnitPrice);
  const count = Number(p.partCount);
  if (!Number.isFinite(price) || !Number.isFinite(count)) return null;
  return Math.round(price * count * 100) / 100;
};

/** The picker's limits: 1990-01-01 00:00 to now, in Shanghai wall time. */
export const accidentTimeBounds = (now: Date) => ({
  min: `${EARLIEST_ACCIDENT_DATE}T00:00`,
  max: new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19),
});

/** City codes a province offers in the picker: <two digits>01 00 … <two digits>XX 00. */
export const cityCodesOf = (province: string, count = 20): string[] =>
  /^\d{6}$/.test(province)
    ? Array.from({ length: count }, (_, i) => `${province.slice(0, 2)}${String(i + 1).padStart(2, '0')}00`)
    : [];

// ---- to the wire -----------------------------------------------------------------

const omitKey = <T extends { key: string }>({ key: _key, ...rest }: T) => rest;
const flagOrUndefined = (v: Flag) => (v === '' ? undefined : v);

/** The body of save, submit and contrast; the server derives the rest (region pair, totals, categories). */
export const toPayload = (f: ReportForm): Record<string, unknown> => {
  const injury = f.injuryLossType.join(',');
  const property = f.propertyLossType.join(',');
  return {
    id: f.id,
    accidentTime: f.accidentTime ? `${f.accidentTime.replace('T', ' ')}:00`.slice(0, 19) : '',
    accidentAddressProvince: f.accidentAddressProvince,
    accidentAddressCity: f.accidentAddressCity,
    accidentAddress: f.accidentAddress,
    uavAccidentType: f.uavAccidentType,
    governmentIntervention: flagOrUndefined(f.governmentIntervention),
    otherPerpetrators: flagOrUndefined(f.otherPerpetrators),
    uavAccidentTypeRemark: f.otherPerpetrators === '1' ? f.uavAccidentTypeRemark : '',
    accidentTypeRemark: f.accidentTypeRemark,
    uavLossType: flagOrUndefined(f.uavLossType),
    injuryLossType: injury,
    injuryLossTypeRemark: injury ? f.injuryLossTypeRemark : '',
    propertyLossType: property,
    propertyLossTypeRemark: property ? f.propertyLossTypeRemark : '',
    deviceNumber: deviceNumberOf(f.drones),
    settlementUavInfoList: f.drones.map((d) => {
      const { partInfoList, realTimeFlightData, ...rest } = omitKey(applyDroneRules(d));
      return {
        ...rest,
        realTimeFlightData: flagOrUndefined(realTimeFlightData),
        partInfoList: partInfoList.map((p) => ({ ...omitKey(p), total: partTotal(p) ?? undefined })),
      };
    }),
    injuryInfoList: f.injuries.map(omitKey),
    propertyInfoList: f.properties.map(omitKey),
  };
};

/**
 * The first refusal for this form (the claim form's Chinese message) or null. The region picker's city must lie in
 * the chosen province; the rest is the domain's parse and validation, as the server runs them.
 */
export const checkReport = (f: ReportForm, context: Parameters<typeof validateClaimForm>[1]): string | null => {
  if (
    f.accidentAddressCity &&
    f.accidentAddressProvince &&
    f.accidentAddressCity.slice(0, 2) !== f.accidentAddressProvince.slice(0, 2)
  )
    return claimFormMessages.cityFormat;
  const parsed = parseClaimForm(toPayload(f));
  if (!parsed.ok) return parsed.message;
  return validateClaimForm(normaliseClaimForm(parsed.form), context);
};

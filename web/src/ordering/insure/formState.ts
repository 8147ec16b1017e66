/**
 * The insure form as the screens edit it, and the form's automatic rules applied as the
 * user types. The rules themselves are the domain's (normaliseOrderForm); this module only
 * copies their derived values back into the editable state, so what the user is typing
 * (trailing commas, spaces) is never rewritten under the cursor.
 *
 * The editable state is the domain's own input type (OrderFormInput: the OrderForm with
 * every field optional and numbers allowed as the text being typed), section by section.
 */
import {
  CoverId,
  CoverKind,
  EDUCATION_FIELD,
  EXCLUSIVE_MAIN_COVER_ID,
  applicationFields,
  insuranceTypeById,
  type InsuranceType,
  type OrderType,
} from '@feibao/domain/ordering/catalogue';
import {
  normaliseOrderForm,
  orderFormMessages,
  orderFormSchema,
  splitDeviceCodes,
  validateOrderForm,
  type OrderForm,
  type OrderFormInput,
} from '@feibao/domain/ordering/form';
import { OrderState } from '@feibao/domain/ordering/order.events';

type ItemOf<L> = NonNullable<L> extends readonly (infer U)[] ? NonNullable<U> : never;
type SiteInput = NonNullable<OrderFormInput['siteInfo']>;

/** One cover line (险种明细) as edited. */
export type LineState = ItemOf<OrderFormInput['insuranceTypeInfoList']> & { insuranceTypeId: number };
export type DroneState = ItemOf<OrderFormInput['uavInfoList']>;
export type PilotState = ItemOf<OrderFormInput['uavDriverInfoList']>;
/** Some old screens call the device model "mode"; the schema reads either. */
export type DeviceState = ItemOf<OrderFormInput['deviceInfoList']> & { mode?: string | null };
export type FlyingState = NonNullable<OrderFormInput['flyingInfo']>;
export type FacilityState = ItemOf<SiteInput['siteFacilitiesInfoList']>;
export type SiteState = Omit<SiteInput, 'siteFacilitiesInfoList'> & { siteFacilitiesInfoList: FacilityState[] };

export type FormState = {
  id?: string;
  orderNo?: string;
  state?: number;
  orderType: OrderType;
  staffCount?: number | string | null;
  studentCount?: number | string | null;
  startDate?: string;
  insuranceCompanyList: { id: number; name?: string }[];
  insuranceTypeInfoList: LineState[];
  uavInfoList: DroneState[];
  uavDriverInfoList: PilotState[];
  deviceInfoList: DeviceState[];
  flyingInfo: FlyingState;
  siteInfo: SiteState;
};

/** An order as read back (orderDetails, a fixture): the form plus the order's own fields. */
export type OrderSource = OrderFormInput & {
  id?: string | null;
  orderNo?: string | null;
  state?: number | string | null;
};

/** yyyy-MM-dd in Shanghai (the calendar the server checks dates against). */
export const shanghaiToday = (now = new Date()) => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

export const newDrone = (): DroneState => ({ realTimeFlightData: 0 });
export const newPilot = (): PilotState => ({});
export const newDevice = (): DeviceState => ({});
export const newFacility = (): FacilityState => ({});

export const emptyForm = (orderType: OrderType): FormState =>
  applyRules({
    orderType,
    insuranceCompanyList: [],
    insuranceTypeInfoList: [],
    uavInfoList: [newDrone()],
    uavDriverInfoList: [],
    deviceInfoList: [],
    flyingInfo: orderType === 1 ? { applicationField: EDUCATION_FIELD } : {},
    siteInfo: { siteFacilitiesInfoList: [] },
  });

const copies = <T extends object>(list: readonly T[] | null | undefined): T[] => (list ?? []).map((x) => ({ ...x }));
const asText = (v: unknown): string | undefined => (v === null || v === undefined ? undefined : String(v));

/** States whose startDate in orderDetails is the policy's start, not the one the customer asked for. */
const policyStates: ReadonlySet<unknown> = new Set([
  OrderState.insured,
  OrderState.underwritten,
  OrderState.inForce,
  OrderState.lapsed,
  OrderState.cancelled,
]);

/** An order read back (orderDetails) as editable state; a re-inquiry drops id, state and orderNo. */
export const fromOrder = (order: OrderSource, opts: { reInquiry?: boolean } = {}): FormState => {
  const site = order.siteInfo ?? {};
  const state: FormState = {
    id: asText(order.id),
    orderNo: asText(order.orderNo),
    state: typeof order.state === 'number' ? order.state : undefined,
    orderType: Number(order.orderType) === 1 ? 1 : 0,
    staffCount: asText(order.staffCount),
    studentCount: asText(order.studentCount),
    startDate: asText(order.startDate)?.slice(0, 10),
    insuranceCompanyList: copies(order.insuranceCompanyList).map((c) => ({ id: Number(c.id), name: asText(c.name) })),
    insuranceTypeInfoList: copies(order.insuranceTypeInfoList).map((l) => ({
      ...l,
      insuranceTypeId: Number(l.insuranceTypeId),
    })),
    uavInfoList: copies(order.uavInfoList),
    uavDriverInfoList: copies(order.uavDriverInfoList),
    deviceInfoList: copies(order.deviceInfoList),
    flyingInfo: { ...order.flyingInfo },
    siteInfo: { ...site, siteFacilitiesInfoList: copies(site.siteFacilitiesInfoList) },
  };
  if (policyStates.has(order.state)) delete state.startDate;
  if (opts.reInquiry) {
    delete state.id;
    delete state.state;
    delete state.orderNo;
    delete state.startDate;
    state.uavInfoList = state.uavInfoList.map(({ id: _id, orderInfoId: _o, ...d }) => d);
  }
  return applyRules(state);
};

/** The state as the schema reads it (blank strings are "not given"). */
export const parseState = (state: FormState) => orderFormSchema.safeParse(state);

/** The normalised form, or null while some field does not parse yet. */
export const normalised = (state: FormState): OrderForm | null => {
  const parsed = parseState(state);
  return parsed.success ? normaliseOrderForm(parsed.data) : null;
};

const DRONE_DERIVED = ['rotorCount', 'selfRescuePlanRemark', 'dataPlatform', 'dataPlatformRemark'] as const;

/**
 * Runs normaliseOrderForm and copies what it derives into the editable state: the
 * cover lines (sums insured, deductibles, remarks, terms, exclusive cover 4, riders
 * without a main cover), drone quantities from device codes, the cleared dependent
 * fields and the locked education flight profile.
 */
export function applyRules(state: FormState): FormState {
  const n = normalised(state);
  if (!n) return state;
  const lines = n.insuranceTypeInfoList.map((l): LineState => {
    const mine = state.insuranceTypeInfoList.find((s) => s.insuranceTypeId === l.insuranceTypeId);
    return { ...mine, ...l };
  });
  const drones = state.uavInfoList.map((d, i) => {
    const nd = n.uavInfoList[i];
    if (!nd) return d;
    const out: DroneState = { ...d };
    if (splitDeviceCodes(asText(d.deviceNumber)).length > 0) out.quantity = String(nd.quantity);
    for (const k of DRONE_DERIVED) if (nd[k] === undefined) delete out[k];
    return out;
  });
  const flying: FlyingState = { ...state.flyingInfo };
  for (const k of ['applicationField', 'mainTerrain', 'landingAndTakeoffMethods', 'taskMode'] as const) {
    if (n.flyingInfo[k] !== undefined) flying[k] = n.flyingInfo[k];
  }
  if (n.flyingInfo.applicationFieldRemark === undefined) delete flying.applicationFieldRemark;
  const site = { ...state.siteInfo };
  if (n.siteInfo.siteTypeRemark === undefined) delete site.siteTypeRemark;
  site.siteFacilitiesInfoList = state.siteInfo.siteFacilitiesInfoList.map((f, i) => {
    const out = { ...f };
    if (n.siteInfo.siteFacilitiesInfoList[i]?.nameRemark === undefined) delete out.nameRemark;
    return out;
  });
  return { ...state, insuranceTypeInfoList: lines, uavInfoList: drones, flyingInfo: flying, siteInfo: site };
}

const kindOf = (id: number, catalogue: readonly InsuranceType[]) =>
  (catalogue.find((c) => c.id === id) ?? insuranceTypeById(id))?.type;

/**
 * Checks or unchecks a cover: cover 4 clears and locks the other main
 * covers, clearing every main cover clears the riders, a rider without a main cover is
 * refused with 需至少选择一项主险. Lines already edited are kept.
 */
export const toggleCover = (
  state: FormState,
  coverId: number,
  checked: boolean,
  catalogue: readonly InsuranceType[],
): { state: FormState; warning?: string } => {
  const kind = kindOf(coverId, catalogue);
  let lines = state.insuranceTypeInfoList;
  if (checked) {
    if (lines.some((l) => l.insuranceTypeId === coverId)) return { state };
    const hasMain = lines.some((l) => kindOf(l.insuranceTypeId, catalogue) === CoverKind.main);
    if (kind === CoverKind.additional && !hasMain) return { state, warning: orderFormMessages.additionalNeedsMain };
    if (coverId === EXCLUSIVE_MAIN_COVER_ID)
      lines = lines.filter((l) => kindOf(l.insuranceTypeId, catalogue) !== CoverKind.main);
    const line: LineState = { insuranceTypeId: coverId };
    if (coverId === CoverId.trainingLiability) line.insuranceAmount = 0;
    // Keep the catalogue order so the line list reads like the checkboxes.
    const order = (id: number) => catalogue.findIndex((c) => c.id === id);
    lines = [...lines, line].sort((a, b) => order(a.insuranceTypeId) - order(b.insuranceTypeId));
  } else {
    lines = lines.filter((l) => l.insuranceTypeId !== coverId);
    if (!lines.some((l) => kindOf(l.insuranceTypeId, catalogue) === CoverKind.main))
      lines = lines.filter((l) => kindOf(l.insuranceTypeId, catalogue) !== CoverKind.additional);
  }
  return { state: applyRules({ ...state, insuranceTypeInfoList: lines }) };
};

/** Preselects covers from ?insuranceType=1,2,100 (unknown or foreign ids ignored). */
export const preselectCovers = (state: FormState, ids: number[], catalogue: readonly InsuranceType[]): FormState => {
  let s = state;
  // Main covers first, so riders in the list find one.
  const sorted = [...ids].sort(
    (a, b) => (kindOf(a, catalogue) === CoverKind.main ? -1 : 0) - (kindOf(b, catalogue) === CoverKind.main ? -1 : 0),
  );
  for (const id of sorted) if (catalogue.some((c) => c.id === id)) s = toggleCover(s, id, true, catalogue).state;
  return s;
};

/** Guide scenarios and the application field each one prefills (jumpFrom=guide&text=…). */
export const guideScenarios = [
  { label: '教育培训', field: '教育培训' },
  { label: '农业植保', field: '农业/植保' },
  { label: '应急消防', field: '消防' },
  { label: '巡检测绘', field: '巡检/测绘' },
  { label: '海上作业', field: '海洋作业' },
  { label: '物流运输', field: '物流' },
  { label: '飞行表演', field: '表演' },
  { label: '其他', field: '其他' },
] as const;

export const applicationFieldFor = (text: string): string | null => {
  if ((applicationFields as readonly string[]).includes(text)) return text;
  return guideScenarios.find((s) => s.label === text)?.field ?? null;
};

/** The first refusal for a draft save or inquiry (or a field that does not parse). */
export const checkForm = (state: FormState, today = shanghaiToday()): string | null => {
  const parsed = parseState(state);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? '投保信息格式不正确';
  return validateOrderForm(normaliseOrderForm(parsed.data), today);
};

/** The body of save, inquiry and getAllPrice: the parsed, normalised form. */
export const payloadOf = (state: FormState): OrderForm => {
  const parsed = orderFormSchema.parse(state);
  return normaliseOrderForm(parsed);
};

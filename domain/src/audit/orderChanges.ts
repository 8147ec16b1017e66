import type { FieldChange } from '../claims/claim.events.ts';
import type { OrderForm } from '../ordering/form.ts';

/**
 * Field-by-field differences between two order forms, for the audit timeline. Unlike the claim
 * form (a fixed shape with a field list per section, claims/changes.ts), the order form is wide
 * and still growing, so this walks whatever keys the two forms hold and names them from the
 * tables below; a key nobody has named yet shows under its own name rather than disappearing.
 */

type Labels = Readonly<Record<string, string>>;

type Section = {
  moduleName: string;
  labels: Labels;
  /** Keys that only repeat another field (the cover's kind and term in days) or are bookkeeping. */
  skip?: readonly string[];
};

/** A list of the form: how its items are matched between two saves and named to people. */
type ListSection = Section & {
  /** The matching key of an item; undefined matches by position. */
  key: (item: Record<string, unknown>) => string | undefined;
  name: (item: Record<string, unknown>, key: string, index: number) => string;
  /** Lists inside each item (a drone's parts). */
  lists?: Readonly<Record<string, ListSection>>;
};

const str = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : String(v));

const partList: ListSection = {
  moduleName: '配件信息',
  labels: { name: '配件名称', model: '配件型号', manufacturer: '配件厂商', price: '配件价格', count: '配件数量' },
  key: () => undefined,
  name: (item, _key, index) => `配件${index + 1}${str(item.name) ? `(${str(item.name)})` : ''}`,
};

const lists: Readonly<Record<string, ListSection>> = {
  insuranceCompanyList: {
    moduleName: '投保公司',
    labels: { id: '投保公司', name: '投保公司名称' },
    key: (item) => str(item.id),
    name: (item, key) => str(item.name) ?? `投保公司${key}`,
  },
  insuranceTypeInfoList: {
    moduleName: '险种信息',
    labels: {
      insuranceTypeId: '险种',
      insuranceTypeName: '险种名称',
      insuranceAmount: '保额(万元)',
      notCompensation: '免赔',
      guaranteeTermName: '保障期限',
      remark: '备注',
    },
    skip: ['type', 'guaranteeTerm'],
    key: (item) => str(item.insuranceTypeId),
    name: (item, key) => str(item.insuranceTypeName) ?? `险种${key}`,
  },
  uavInfoList: {
    moduleName: '无人机信息',
    labels: {
      name: '无人机名称',
      deviceNumber: '设备编号',
      quantity: '数量',
      manufacturer: '生产厂商',
      model: '型号',
      type: '类型',
      productionYear: '生产日期',
      price: '购价',
      deviceType: '无人机类型',
      rotorCount: '旋翼数量',
      driveType: '驱动方式',
      flyType: '飞行方式',
      maxFlyingWeight: '最大起飞重量',
      effectiveLoadWeight: '有效载重',
      windResistance: '抗风等级',
      selfRescuePlan: '自救方案',
      selfRescuePlanRemark: '自救方案说明',
      realTimeFlightData: '实时飞行数据',
      dataPlatform: '数据平台',
      dataPlatformRemark: '数据平台说明',
      flightControlSystem: '飞控系统',
      usefulLife: '使用寿命',
      dynamicalSystemUsefulLife: '动力系统使用寿命',
    },
    skip: ['id', 'orderInfoId'],
    // Drones are matched by position: the plan's lines name them by index too (plan.ts).
    key: () => undefined,
    name: (item, _key, index) => `无人机${index + 1}${str(item.name) ? `(${str(item.name)})` : ''}`,
    lists: { partInfoList: partList },
  },
  uavDriverInfoList: {
    moduleName: '飞手信息',
    labels: { name: '飞手姓名', licenseNumber: '执照编号', technicalLevel: '技术等级', operatingHours: '飞行小时数' },
    key: () => undefined,
    name: (item, _key, index) => `飞手${index + 1}${str(item.name) ? `(${str(item.name)})` : ''}`,
  },
  deviceInfoList: {
    moduleName: '设备信息',
    labels: {
      name: '设备名称',
      nameRemark: '设备名称说明',
      manufacturer: '设备厂商',
      model: '设备型号',
      price: '设备价格',
    },
    key: () => undefined,
    name: (item, _key, index) => `设备${index + 1}${str(item.name) ? `(${str(item.name)})` : ''}`,
  },
};

const facilityList: ListSection = {
  moduleName: '场地信息',
  labels: { name: '设施名称', nameRemark: '设施说明', count: '设施数量' },
  key: () => undefined,
  name: (item, _key, index) => `场地设施${index + 1}${str(item.name) ? `(${str(item.name)})` : ''}`,
};

const sections: Readonly<Record<string, Section & { lists?: Readonly<Record<string, ListSection>> }>> = {
  flyingInfo: {
    moduleName: '飞行信息',
    labels: {
      applicationField: '应用行业',
      applicationFieldRemark: '应用行业说明',
      mainTerrain: '主要地形',
      landingAndTakeoffMethods: '起降方式',
      taskMode: '作业模式',
      lastInsuranceDate: '上次投保日期',
      synchronization: '教练是否同步控制',
    },
  },
  siteInfo: {
    moduleName: '场地信息',
    labels: {
      insureSite: '投保场地',
      siteSize: '场地面积',
      siteIdentity: '场地关系',
      siteType: '场地类型',
      siteTypeRemark: '场地类型说明',
      thirdPartyEnter: '是否有第三方进入',
      thirdPartyOperate: '是否有第三方经营',
      thirdPartyOperateRemark: '第三方经营说明',
      historyAccident: '是否有历史事故',
      historyAccidentPrice: '历史事故金额',
    },
    lists: { siteFacilitiesInfoList: facilityList },
  },
};

const top: Section = {
  moduleName: '投保信息',
  labels: { orderType: '订单类型', staffCount: '员工人数', studentCount: '学员人数', startDate: '起保日期' },
  // Bookkeeping the client echoes back; the order's own number and state are the stream's.
  skip: ['id', 'orderNo', 'state'],
};

const YES_NO_NUMBERS = new Set(['realTimeFlightData']);

const render = (key: string, value: unknown): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (key === 'orderType') return value === 1 ? '教培' : value === 0 ? '普通' : String(value);
  if (YES_NO_NUMBERS.has(key)) return value === 1 ? '是' : value === 0 ? '否' : String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asRecord = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});
const asList = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.map(asRecord) : []);

/** The keys of both, in the newer form's order, then those only the older one had. */
const keysOf = (before: Record<string, unknown>, after: Record<string, unknown>) => [
  ...Object.keys(after),
  ...Object.keys(before).filter((k) => !(k in after)),
];

type At = { path: string; label: string };
const join = (at: At, key: string, label: string): At => ({
  path: at.path ? `${at.path}.${key}` : key,
  label: at.label ? `${at.label}·${label}` : label,
});

const listRows = (spec: ListSection, before: unknown, after: unknown, at: At): FieldChange[] => {
  const keyed = (items: Record<string, unknown>[]) => {
    const seen = new Map<string, number>();
    return items.map((item, index) => {
      const own = spec.key(item);
      const base = own ?? String(index);
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return { item, index, key: n === 1 ? base : `${base}~${n}` };
    });
  };
  const olds = keyed(asList(before));
  const nexts = keyed(asList(after));
  const oldByKey = new Map(olds.map((o) => [o.key, o]));
  const nextKeys = new Set(nexts.map((n) => n.key));
  // A drone's part is named with its drone: 无人机1(测绘一号)·配件2.
  const nameOf = (k: (typeof olds)[number]) => {
    const own = spec.name(k.item, k.key, k.index);
    return at.label ? `${at.label}·${own}` : own;
  };
  const whole = (k: (typeof olds)[number], operateType: '新增' | '删除'): FieldChange => ({
    moduleName: spec.moduleName,
    path: `${at.path}[${k.key}]`,
    fieldName: nameOf(k),
    operateType,
    oldValue: operateType === '删除' ? nameOf(k) : null,
    newValue: operateType === '新增' ? nameOf(k) : null,
  });
  const changed = nexts.flatMap((next) => {
    const old = oldByKey.get(next.key);
    if (!old) return [whole(next, '新增')];
    return recordRows(spec, old.item, next.item, { path: `${at.path}[${next.key}]`, label: nameOf(next) });
  });
  const removed = olds.filter((o) => !nextKeys.has(o.key)).map((o) => whole(o, '删除'));
  return [...changed, ...removed];
};

const recordRows = (
  spec: Section & { lists?: Readonly<Record<string, ListSection>> },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  at: At,
  nested: Readonly<Record<string, Section & { lists?: Readonly<Record<string, ListSection>> }>> = {},
): FieldChange[] =>
  keysOf(before, after).flatMap((key): FieldChange[] => {
    if (spec.skip?.includes(key)) return [];
    const list = spec.lists?.[key];
    if (list)
      return listRows(list, before[key], after[key], { path: at.path ? `${at.path}.${key}` : key, label: at.label });
    const section = nested[key];
    if (section) return recordRows(section, asRecord(before[key]), asRecord(after[key]), { path: key, label: '' });
    const oldValue = render(key, before[key]);
    const newValue = render(key, after[key]);
    if (oldValue === newValue) return [];
    const here = join(at, key, spec.labels[key] ?? key);
    return [
      { moduleName: spec.moduleName, path: here.path, fieldName: here.label, operateType: '修改', oldValue, newValue },
    ];
  });

/**
 * One row per changed leaf; an added or removed list item (a drone, a cover, a pilot) is one
 * row. `before` null diffs against an empty form, so the first save lists what was filled in.
 */
export const diffOrderForms = (before: OrderForm | null, after: OrderForm): FieldChange[] =>
  recordRows({ ...top, lists }, asRecord(before), asRecord(after), { path: '', label: '' }, sections);

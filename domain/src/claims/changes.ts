import { provinces } from '../catalogue/regions.ts';
import {
  choiceLabel,
  injuredTypes,
  injuryLossSubtypes,
  lossCategories,
  partLabors,
  partQualities,
  propertyLossSubtypes,
  uavAccidentTypes,
  type Choice,
} from './catalogue.ts';
import type { FieldChange } from './claim.events.ts';
import type { ClaimDrone, ClaimForm, ClaimPart, Injury, PropertyLoss } from './form.ts';

/**
 * Field-by-field differences between two claim forms, as the history, the admin contrast call
 * and amendment explanations show them.
 *
 * A small walker rather than json-diff-ts: the form is a fixed three-level shape, every row
 * needs a Chinese label and a rendered value, values are compared after rendering, and a whole
 * added/removed item must be one row; json-diff-ts would give nested changesets with its own
 * path syntax that we would have to re-walk against the same field lists anyway.
 */

type Value = string | number | null | undefined;
type Render = (value: Value) => string | null;
type Field<T> = { key: keyof T & string; label: string; render?: Render };

const plain: Render = (v) => (v === undefined || v === null || v === '' ? null : String(v));
const yesNo: Render = (v) => (v === '1' || v === 1 ? '是' : v === '0' || v === 0 ? '否' : plain(v));
const oneChoice =
  (choices: readonly Choice[]): Render =>
  (v) =>
    v === undefined || v === null || v === '' ? null : (choiceLabel(choices, String(v)) ?? String(v));
/** Comma lists of codes (ticked subtypes, loss categories) read as labels joined with 、. */
const choiceList =
  (choices: readonly Choice[]): Render =>
  (v) => {
    if (v === undefined || v === null || v === '') return null;
    const codes = String(v)
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    return codes.length === 0 ? null : codes.map((c) => choiceLabel(choices, c) ?? c).join('、');
  };
const province: Render = (v) =>
  v === undefined || v === null || v === '' ? null : (provinces.find((p) => p.code === v)?.name ?? String(v));

/** Top-level fields in form order; the two derived fields the server stores come last. */
const accidentFields: Field<ClaimForm>[] = [
  { key: 'accidentTime', label: '出险时间' },
  { key: 'accidentAddressProvince', label: '出险省份', render: province },
  { key: 'accidentAddressCity', label: '出险城市' },
  { key: 'accidentAddress', label: '详细地址' },
  { key: 'uavAccidentType', label: '事故类型', render: oneChoice(uavAccidentTypes) },
  { key: 'governmentIntervention', label: '政府部门介入', render: yesNo },
  { key: 'otherPerpetrators', label: '其他肇事方', render: yesNo },
  { key: 'uavAccidentTypeRemark', label: '其他肇事方名称' },
  { key: 'accidentTypeRemark', label: '事故经过' },
  { key: 'uavLossType', label: '无人机损失', render: yesNo },
  { key: 'injuryLossType', label: '人员伤亡类型', render: choiceList(injuryLossSubtypes) },
  { key: 'injuryLossTypeRemark', label: '人员伤亡说明' },
  { key: 'propertyLossType', label: '财产损失类型', render: choiceList(propertyLossSubtypes) },
  { key: 'propertyLossTypeRemark', label: '财产损失说明' },
  { key: 'deviceNumber', label: '设备编号' },
  { key: 'accidentType', label: '损失类别', render: choiceList(lossCategories) },
];

const droneFields: Field<ClaimDrone>[] = [
  { key: 'deviceNumber', label: '设备编号' },
  { key: 'manufacturer', label: '生产厂商' },
  { key: 'model', label: '型号' },
  { key: 'productionYear', label: '生产年份' },
  { key: 'price', label: '购价' },
  { key: 'deviceType', label: '无人机类型' },
  { key: 'rotorCount', label: '旋翼数量' },
  { key: 'driveType', label: '驱动方式' },
  { key: 'flyType', label: '飞行方式' },
  { key: 'maxFlyingWeight', label: '最大起飞重量' },
  { key: 'effectiveLoadWeight', label: '有效载重' },
  { key: 'windResistance', label: '抗风等级' },
  { key: 'selfRescuePlan', label: '自救方案' },
  { key: 'selfRescuePlanRemark', label: '自救方案说明' },
  { key: 'realTimeFlightData', label: '实时飞行数据', render: yesNo },
  { key: 'dataPlatform', label: '数据平台' },
  { key: 'dataPlatformRemark', label: '数据平台说明' },
  { key: 'flightControlSystem', label: '飞控系统' },
  { key: 'usefulLife', label: '使用寿命' },
  { key: 'dynamicalSystemUsefulLife', label: '动力系统使用寿命' },
];

const partFields: Field<ClaimPart>[] = [
  { key: 'partCode', label: '编码' },
  { key: 'partName', label: '名称' },
  { key: 'partNameOriginal', label: '原厂名称' },
  { key: 'partLabor', label: '工时类型', render: oneChoice(partLabors) },
  { key: 'partUnitPrice', label: '单价' },
  { key: 'partCount', label: '数量' },
  { key: 'partQuality', label: '品质', render: oneChoice(partQualities) },
  { key: 'total', label: '合计' },
];

const injuryFields: Field<Injury>[] = [
  { key: 'injuryType', label: '伤者类型', render: oneChoice(injuredTypes) },
  { key: 'injuryName', label: '伤者姓名' },
  { key: 'technicalLevel', label: '身份证号' },
  { key: 'indemnityAmount', label: '索赔金额' },
];

const propertyFields: Field<PropertyLoss>[] = [
  { key: 'propertyName', label: '财产名称' },
  { key: 'propertyOwner', label: '财产所有人' },
  { key: 'indemnityAmount', label: '索赔金额' },
];

export const ClaimModule = {
  accident: '事故基本信息',
  drone: '无人机损失信息',
  part: '配件信息',
  injury: '人伤信息',
  property: '财产损失信息',
} as const;

const fieldRows = <T extends object>(
  fields: readonly Field<T>[],
  before: T,
  after: T,
  at: { moduleName: string; path: string; label: string },
): FieldChange[] =>
  fields.flatMap(({ key, label, render = plain }) => {
    const oldValue = render(before[key] as Value);
    const newValue = render(after[key] as Value);
    if (oldValue === newValue) return [];
    const path = at.path ? `${at.path}.${key}` : key;
    const fieldName = at.label ? `${at.label}·${label}` : label;
    return [{ moduleName: at.moduleName, path, fieldName, operateType: '修改' as const, oldValue, newValue }];
  });

/** One list item with the key it is matched on and how it is named to people. */
type Keyed<T> = { item: T; key: string; label: string };

/**
 * Keys items by `code` when there is one, else by position. A repeated code gets `~2`, `~3`…
 * so paths stay unique even when a draft lists the same part twice.
 */
const keyItems = <T>(
  items: readonly T[],
  code: (item: T) => string | undefined,
  name: (key: string, index: number, coded: boolean) => string,
) => {
  const seen = new Map<string, number>();
  return items.map((item, index): Keyed<T> => {
    const c = code(item);
    if (c === undefined || c === '') return { item, key: String(index), label: name(String(index), index, false) };
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    const key = n === 1 ? c : `${c}~${n}`;
    return { item, key, label: name(key, index, true) };
  });
};

type ListSpec<T> = {
  moduleName: string;
  path: string;
  code: (item: T) => string | undefined;
  name: (key: string, index: number, coded: boolean) => string;
  /** What an added or removed item is called in its single row. */
  summary: (item: T, label: string) => string;
};

/** Matched pairs in the new order, then removed items; added/removed items are one row each. */
const listRows = <T extends object>(
  spec: ListSpec<T>,
  before: readonly T[],
  after: readonly T[],
  compare: (old: T, next: T, at: { moduleName: string; path: string; label: string }) => FieldChange[],
) => {
  const olds = keyItems(before, spec.code, spec.name);
  const nexts = keyItems(after, spec.code, spec.name);
  const oldByKey = new Map(olds.map((o) => [o.key, o]));
  const nextKeys = new Set(nexts.map((n) => n.key));
  const whole = (k: Keyed<T>, operateType: '新增' | '删除'): FieldChange => ({
    moduleName: spec.moduleName,
    path: `${spec.path}[${k.key}]`,
    fieldName: k.label,
    operateType,
    oldValue: operateType === '删除' ? spec.summary(k.item, k.label) : null,
    newValue: operateType === '新增' ? spec.summary(k.item, k.label) : null,
  });
  const changed = nexts.flatMap((next) => {
    const old = oldByKey.get(next.key);
    if (!old) return [whole(next, '新增')];
    return compare(old.item, next.item, {
      moduleName: spec.moduleName,
      path: `${spec.path}[${next.key}]`,
      label: next.label,
    });
  });
  const removed = olds.filter((o) => !nextKeys.has(o.key)).map((o) => whole(o, '删除'));
  return {
    changed,
    removed,
    pairs: nexts.flatMap((n) => (oldByKey.has(n.key) ? [{ old: oldByKey.get(n.key)!, next: n }] : [])),
  };
};

const droneSpec: ListSpec<ClaimDrone> = {
  moduleName: ClaimModule.drone,
  path: 'settlementUavInfoList',
  code: (d) => d.deviceNumber,
  name: (key, index, coded) => (coded ? `无人机(${key})` : `无人机${index + 1}`),
  summary: (d, label) => d.deviceNumber ?? label,
};
const partSpec = (dronePath: string): ListSpec<ClaimPart> => ({
  moduleName: ClaimModule.part,
  path: `${dronePath}.partInfoList`,
  code: (p) => p.partCode,
  name: (key, index, coded) => (coded ? `配件(${key})` : `配件${index + 1}`),
  summary: (p, label) => [p.partCode, p.partName].filter(Boolean).join(' ') || label,
});
const injurySpec: ListSpec<Injury> = {
  moduleName: ClaimModule.injury,
  path: 'injuryInfoList',
  code: () => undefined,
  name: (_key, index) => `人伤${index + 1}`,
  summary: (i, label) => i.injuryName ?? label,
};
const propertySpec: ListSpec<PropertyLoss> = {
  moduleName: ClaimModule.property,
  path: 'propertyInfoList',
  code: () => undefined,
  name: (_key, index) => `财产${index + 1}`,
  summary: (p, label) => p.propertyName ?? label,
};

/** One row per changed leaf: accident fields, drones, their parts, injuries, properties. */
export const diffClaimForms = (before: ClaimForm, after: ClaimForm): FieldChange[] => {
  const accident = fieldRows(accidentFields, before, after, { moduleName: ClaimModule.accident, path: '', label: '' });
  const drones = listRows(droneSpec, before.settlementUavInfoList, after.settlementUavInfoList, (old, next, at) =>
    fieldRows(droneFields, old, next, at),
  );
  // Parts of an added or removed drone are not listed: the drone's own row covers them.
  const parts = drones.pairs.flatMap(({ old, next }) => {
    const rows = listRows(
      partSpec(`${droneSpec.path}[${next.key}]`),
      old.item.partInfoList,
      next.item.partInfoList,
      (o, n, at) => fieldRows(partFields, o, n, at),
    );
    return [...rows.changed, ...rows.removed];
  });
  const injuries = listRows(injurySpec, before.injuryInfoList, after.injuryInfoList, (o, n, at) =>
    fieldRows(injuryFields, o, n, at),
  );
  const properties = listRows(propertySpec, before.propertyInfoList, after.propertyInfoList, (o, n, at) =>
    fieldRows(propertyFields, o, n, at),
  );
  return [
    ...accident,
    ...drones.changed,
    ...drones.removed,
    ...parts,
    ...injuries.changed,
    ...injuries.removed,
    ...properties.changed,
    ...properties.removed,
  ];
};

import { z } from 'zod';
import { hasRole } from '../accounts/roles.ts';
import { assertNever, type Decider } from '../shared/decider.ts';
import { forbidden, illegalState, invalid, notFound } from '../shared/errors.ts';
import { insuranceTypes, visibleInsurers } from '../ordering/catalogue.ts';
import { PipelineStages } from './definition.ts';
import type { RulesRoute } from './menu.ts';

/**
 * The rule platform's dictionaries (规则配置): keywords, rule types, sources, the texts shown when
 * a rule refers or declines, and risk levels. Each entry is its own stream, so two staff editing
 * different entries never conflict, and every change keeps who, when and (optionally) why.
 */

export const ConfigKinds = [
  'keyword',
  'ruleType',
  'ruleSource',
  'ruleMessage',
  'ruleRisk',
  'insuranceLimit',
  'stagePlan',
] as const;
export type ConfigKind = (typeof ConfigKinds)[number];

/** The menu route that owns each dictionary; the server guards calls by it. */
export const configKindRoute: Record<ConfigKind, RulesRoute> = {
  keyword: 'keywordManage',
  ruleType: 'ruleType',
  ruleSource: 'ruleSource',
  ruleMessage: 'ruleMessage',
  ruleRisk: 'ruleRisk',
  insuranceLimit: 'insuranceEnableLimit',
  stagePlan: 'companyRuleStageMerge',
};

/** The kinds the quoting engine reads (limits, stage orders, texts, risk effects): a change reloads its rule set (read-models rules/config.ts). */
export const engineConfigKinds: readonly ConfigKind[] = ['insuranceLimit', 'stagePlan', 'ruleMessage', 'ruleRisk'];
export const insuranceLimitCode = (insurerId: number, coverId: number) => `${insurerId}-${coverId}`;

export const RiskEffects = ['auto', 'refer', 'decline'] as const;
export type RiskEffect = (typeof RiskEffects)[number];
export const riskEffectLabels: Record<RiskEffect, string> = { auto: '自动承保', refer: '转人工核保', decline: '拒保' };

const text = (required: string | null, label: string, max: number) => {
  const base = z
    .string({ error: `${label}格式错误` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` });
  return required ? base.min(1, { error: required }) : base.default('');
};
const name = text('名称不能为空', '名称', 50);
const description = text(null, '说明', 500);

const insurerId = z
  .number({ error: '保险公司不存在' })
  .int({ error: '保险公司不存在' })
  .refine((id) => visibleInsurers.some((i) => i.id === id), { error: '保险公司不存在' });
const bound = (label: string) =>
  z
    .number({ error: `${label}格式错误` })
    .min(0, { error: `${label}不能为负数` })
    .max(1e9, { error: `${label}过大` })
    .nullable()
    .default(null);

const insuranceLimit = z
  .strictObject({
    insurerId,
    coverId: z
      .number({ error: '险种不存在' })
      .int({ error: '险种不存在' })
      .refine((id) => insuranceTypes.some((t) => t.id === id), { error: '险种不存在' }),
    // Not `enabled`: every dictionary entry has that flag already (disabled: the entry is ignored).
    offered: z.boolean({ error: '请选择是否开办' }),
    minAmount: bound('最低保额'),
    maxAmount: bound('最高保额'),
    maxDronePrice: bound('无人机单价上限'),
    maxTakeoffKg: bound('起飞重量上限'),
  })
  .refine((l) => l.minAmount === null || l.maxAmount === null || l.minAmount <= l.maxAmount, {
    error: '最低保额不能高于最高保额',
  });

const stagePlan = z.strictObject({
  insurerId,
  stages: z
    .array(z.enum(PipelineStages, { error: '阶段不正确' }), { error: '请选择阶段' })
    .refine((stages) => new Set(stages).size === stages.length, { error: '阶段不能重复' })
    .refine((stages) => stages.includes('rating'), { error: '必须包含费率阶段' }),
});

/** The fields of each kind besides code and enabled; unknown fields are refused. */
export const configFieldSchemas = {
  keyword: z.strictObject({ name, category: text(null, '分类', 50), description }),
  ruleType: z.strictObject({ name, description }),
  ruleSource: z.strictObject({ name, description }),
  ruleMessage: z.strictObject({
    customerText: text('客户提示语不能为空', '客户提示语', 200),
    staffText: text('内部提示语不能为空', '内部提示语', 200),
  }),
  ruleRisk: z.strictObject({ name, effect: z.enum(RiskEffects, { error: '请选择风险处理方式' }), description }),
  insuranceLimit,
  stagePlan,
} as const satisfies Record<ConfigKind, z.ZodType>;
export type ConfigFields<K extends ConfigKind = ConfigKind> = z.output<(typeof configFieldSchemas)[K]>;

export const configCode = z
  .string({ error: '编码不能为空' })
  .trim()
  .min(1, { error: '编码不能为空' })
  .max(40, { error: '编码不能超过40个字符' })
  // The code is part of the stream id and of the rules that refer to it.
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, { error: '编码只能包含字母、数字、下划线、点和横线' });
export const configKind = z.enum(ConfigKinds, { error: '配置类型不正确' });
export const configReason = z
  .string({ error: '原因格式错误' })
  .trim()
  .max(500, { error: '原因不能超过500个字符' })
  .optional();

export const configMessages = {
  exists: '编码已存在',
  notFound: '配置项不存在',
  alreadyDisabled: '该配置项已停用',
  alreadyEnabled: '该配置项已启用',
  forbidden: '无权限访问',
} as const;

export const configStreamId = (kind: ConfigKind, code: string) => `rule-config-${kind}-${code}`;

type Who = { kind: ConfigKind; code: string; by: string; at: string; reason?: string };
export type ConfigEntryCreated = { type: 'ConfigEntryCreated'; data: Who & { fields: ConfigFields; enabled: boolean } };
export type ConfigEntryUpdated = { type: 'ConfigEntryUpdated'; data: Who & { fields: ConfigFields } };
export type ConfigEntryDisabled = { type: 'ConfigEntryDisabled'; data: Who };
export type ConfigEntryEnabled = { type: 'ConfigEntryEnabled'; data: Who };
export type ConfigEvent = ConfigEntryCreated | ConfigEntryUpdated | ConfigEntryDisabled | ConfigEntryEnabled;
export const configEventTypes = [
  'ConfigEntryCreated',
  'ConfigEntryUpdated',
  'ConfigEntryDisabled',
  'ConfigEntryEnabled',
] as const satisfies readonly ConfigEvent['type'][];

export type ConfigState = { exists: boolean; enabled: boolean; fields: ConfigFields | null };
export const initialConfig = (): ConfigState => ({ exists: false, enabled: false, fields: null });

/** system: start-up seeding, which runs with no caller. */
export type ConfigMetadata = { now: Date; actor: string; roles: readonly string[]; system?: boolean };
type Target = { kind: ConfigKind; code: string; reason?: string };
export type ConfigCommand =
  | { type: 'CreateConfigEntry'; data: Target & { fields: unknown; enabled?: boolean }; metadata: ConfigMetadata }
  | { type: 'UpdateConfigEntry'; data: Target & { fields: unknown }; metadata: ConfigMetadata }
  | { type: 'DisableConfigEntry'; data: Target; metadata: ConfigMetadata }
  | { type: 'EnableConfigEntry'; data: Target; metadata: ConfigMetadata };

/** The kind's fields, parsed, or a 400 with the first problem's Chinese message. */
export const parseConfigFields = (kind: ConfigKind, fields: unknown): ConfigFields => {
  const parsed = configFieldSchemas[kind].safeParse(fields ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw invalid(
    issue?.code === 'unrecognized_keys' ? `不支持的字段: ${issue.keys.join(', ')}` : (issue?.message ?? '参数错误'),
  );
};

/** Entries keyed by what they configure: the code must name it, so there is one entry per insurer (and cover). */
const codeOf = (kind: ConfigKind, fields: ConfigFields): string | null => {
  if (kind === 'insuranceLimit') {
    const f = fields as ConfigFields<'insuranceLimit'>;
    return insuranceLimitCode(f.insurerId, f.coverId);
  }
  if (kind === 'stagePlan') return String((fields as ConfigFields<'stagePlan'>).insurerId);
  return null;
};
const parseFor = (kind: ConfigKind, code: string, raw: unknown): ConfigFields => {
  const fields = parseConfigFields(kind, raw);
  const expected = codeOf(kind, fields);
  if (expected !== null && expected !== code) throw invalid(`编码应为${expected}`);
  return fields;
};

export const evolveConfig = (state: ConfigState, event: ConfigEvent): ConfigState => {
  switch (event.type) {
    case 'ConfigEntryCreated':
      return { exists: true, enabled: event.data.enabled, fields: event.data.fields };
    case 'ConfigEntryUpdated':
      return { ...state, fields: event.data.fields };
    case 'ConfigEntryDisabled':
      return { ...state, enabled: false };
    case 'ConfigEntryEnabled':
      return { ...state, enabled: true };
    default:
      return assertNever(event);
  }
};

const decide = (command: ConfigCommand, state: ConfigState): ConfigEvent[] => {
  const { metadata: m, data } = command;
  if (!m.system && !hasRole(m.roles, 'admin', 'auditor')) throw forbidden(configMessages.forbidden);
  const code = configCode.safeParse(data.code);
  if (!code.success) throw invalid(code.error.issues[0]?.message ?? '编码不能为空');
  const reason = data.reason?.trim();
  const who: Who = {
    kind: data.kind,
    code: code.data,
    by: m.actor,
    at: m.now.toISOString(),
    ...(reason ? { reason } : {}),
  };
  if (command.type === 'CreateConfigEntry') {
    if (state.exists) throw illegalState(configMessages.exists);
    return [
      {
        type: 'ConfigEntryCreated',
        data: {
          ...who,
          fields: parseFor(data.kind, code.data, command.data.fields),
          enabled: command.data.enabled ?? true,
        },
      },
    ];
  }
  if (!state.exists) throw notFound(configMessages.notFound);
  switch (command.type) {
    case 'UpdateConfigEntry':
      return [
        { type: 'ConfigEntryUpdated', data: { ...who, fields: parseFor(data.kind, code.data, command.data.fields) } },
      ];
    case 'DisableConfigEntry':
      if (!state.enabled) throw illegalState(configMessages.alreadyDisabled);
      return [{ type: 'ConfigEntryDisabled', data: who }];
    case 'EnableConfigEntry':
      if (state.enabled) throw illegalState(configMessages.alreadyEnabled);
      return [{ type: 'ConfigEntryEnabled', data: who }];
    default:
      return assertNever(command);
  }
};

export const configDecider: Decider<ConfigState, ConfigCommand, ConfigEvent> = {
  decide,
  evolve: evolveConfig,
  initialState: initialConfig,
};

/** What the platform starts with (seeded once through the commands, staff edit it afterwards). */
export const seededConfig = (): { kind: ConfigKind; code: string; fields: ConfigFields }[] => [
  { kind: 'ruleRisk', code: 'low', fields: { name: '低', effect: 'auto', description: '规则通过，自动报价承保' } },
  { kind: 'ruleRisk', code: 'medium', fields: { name: '中', effect: 'refer', description: '转保险公司人工核保' } },
  { kind: 'ruleRisk', code: 'high', fields: { name: '高', effect: 'decline', description: '不予承保' } },
  { kind: 'ruleType', code: 'referral', fields: { name: '核保转人工', description: '满足条件时转保险公司人工核保' } },
  { kind: 'ruleType', code: 'tariff', fields: { name: '费率', description: '各保险公司的费率表' } },
  { kind: 'ruleType', code: 'limit', fields: { name: '限额', description: '保额与责任限额' } },
  { kind: 'ruleType', code: 'priceRange', fields: { name: '价格区间', description: '培训机构方案的参考价格区间' } },
  { kind: 'ruleType', code: 'endorsement', fields: { name: '批改规则', description: '批改的最低保费与转人工金额' } },
  {
    kind: 'ruleType',
    code: 'cancellation',
    fields: { name: '退保规则', description: '犹豫期、退费方式、短期费率表、手续费与是否自动审批' },
  },
  { kind: 'ruleSource', code: 'system', fields: { name: '系统初始化', description: '平台上线时的初始规则' } },
  { kind: 'ruleSource', code: 'underwriter', fields: { name: '承保人员', description: '承保人员在规则平台维护' } },
  {
    kind: 'ruleMessage',
    code: 'referral.dronePrice',
    fields: {
      customerText: '您的无人机单价较高，需保险公司人工核保，我们会尽快与您联系',
      staffText: '无人机单价超过50万元，需保险公司核保',
    },
  },
  {
    kind: 'ruleMessage',
    code: 'referral.maxTakeoff',
    fields: {
      customerText: '您的无人机起飞重量较大，需保险公司人工核保，我们会尽快与您联系',
      staffText: '最大起飞重量超过25公斤，需保险公司核保',
    },
  },
  {
    kind: 'ruleMessage',
    code: 'rating.noTariff',
    fields: {
      customerText: '该保险公司需人工报价，我们会尽快与您联系',
      staffText: '该保险公司暂无自动报价，需保险公司核保',
    },
  },
  {
    kind: 'keyword',
    code: 'drone.price',
    fields: { name: '无人机单价', category: '无人机', description: '单架无人机价格（元）' },
  },
  {
    kind: 'keyword',
    code: 'drone.maxTakeoffKg',
    fields: { name: '最大起飞重量', category: '无人机', description: '单位：公斤' },
  },
];

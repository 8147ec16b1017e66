import { RiskEffects, riskEffectLabels, type ConfigKind, type RiskEffect } from '@feibao/domain/rules/config';

/** The dictionaries of the generic screen; 险种启用限制 and 公司规则阶段合并 have screens of their own. */
export type DictionaryKind = Exclude<ConfigKind, 'insuranceLimit' | 'stagePlan'>;

/** GET /api/v1/rules/config (docs/api/rules-config.md): one entry, its kind's fields flat. */
export type ConfigEntry = {
  kind: ConfigKind;
  code: string;
  enabled: boolean;
  updatedBy: string;
  updatedAt: string;
} & Partial<Record<FieldKey, string>>;

type FieldKey = 'name' | 'category' | 'description' | 'customerText' | 'staffText' | 'effect';
export type ConfigField = {
  key: FieldKey;
  label: string;
  required: boolean;
  input: 'text' | 'textarea' | 'effect';
  max: number;
};

const name: ConfigField = { key: 'name', label: '名称', required: true, input: 'text', max: 50 };
const description: ConfigField = { key: 'description', label: '说明', required: false, input: 'textarea', max: 500 };

/** Each dictionary's fields in the order the table and the dialog show them (the server checks them again). */
export const configFields: Record<DictionaryKind, readonly ConfigField[]> = {
  keyword: [name, { key: 'category', label: '分类', required: false, input: 'text', max: 50 }, description],
  ruleType: [name, description],
  ruleSource: [name, description],
  ruleMessage: [
    { key: 'customerText', label: '客户提示语', required: true, input: 'textarea', max: 200 },
    { key: 'staffText', label: '内部提示语', required: true, input: 'textarea', max: 200 },
  ],
  ruleRisk: [name, { key: 'effect', label: '处理方式', required: true, input: 'effect', max: 20 }, description],
};

export const effectOptions = RiskEffects.map((value) => ({ value, label: riskEffectLabels[value] }));
export const effectLabel = (value: string | undefined) =>
  value && value in riskEffectLabels ? riskEffectLabels[value as RiskEffect] : (value ?? '');

export type ConfigDraft = Record<string, string>;

/** The dialog's starting values: the entry's, or empty (a new risk level defaults to referral). */
export const draftOf = (kind: DictionaryKind, entry: ConfigEntry | null): ConfigDraft => {
  const draft: ConfigDraft = { code: entry?.code ?? '' };
  for (const field of configFields[kind])
    draft[field.key] = entry?.[field.key] ?? (field.input === 'effect' ? 'refer' : '');
  return draft;
};

/** The first problem the server would answer too, caught before sending; null when the draft may go. */
export const draftProblem = (kind: DictionaryKind, draft: ConfigDraft): string | null => {
  if (!draft.code?.trim()) return '编码不能为空';
  for (const field of configFields[kind])
    if (field.required && !draft[field.key]?.trim()) return `${field.label}不能为空`;
  return null;
};

/** The request body: kind, code and the kind's fields, trimmed. */
export const bodyOf = (kind: DictionaryKind, draft: ConfigDraft) => {
  const body: Record<string, string> = { kind, code: (draft.code ?? '').trim() };
  for (const field of configFields[kind]) body[field.key] = (draft[field.key] ?? '').trim();
  return body;
};

import useSWR from 'swr';
import type { RuleDefinition } from '@feibao/domain/rules/definition';
import type { Jdm } from '@feibao/domain/rules/jdm';
import type { TraceStep } from '@feibao/domain/rules/rating';
import { rulesFetcher, rulesRequest } from '../api/client.ts';
import type { ConfigEntry } from '../config/model.ts';
import type { NewRuleBody } from './newRule.ts';

const API = '/api/v1/rules';
const once = { revalidateOnFocus: false };

export type DictionaryKind = 'ruleType' | 'ruleSource' | 'ruleRisk' | 'ruleMessage' | 'keyword';
/** The enabled entries of one dictionary, for the new-rule form's drop-downs and the table columns' fields. */
export const useDictionary = (kind: DictionaryKind) =>
  useSWR<ConfigEntry[]>(`${API}/config?${new URLSearchParams({ kind, enabled: 'true' })}`, rulesFetcher, once);

export type TryResult = { output: unknown; trace: TraceStep[]; performance: string };
export const tryRule = (content: Jdm, input: Record<string, unknown>) =>
  rulesRequest<TryResult>(`${API}/version/try`, { body: { content, input } });

export const defineRule = (body: NewRuleBody) => rulesRequest<RuleDefinition>(`${API}/define`, { body });

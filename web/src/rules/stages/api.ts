import useSWR from 'swr';
import type { RuleDefinition } from '@feibao/domain/rules/definition';
import { rulesFetcher, rulesRequest } from '../api/client.ts';
import { RULE_LIST_API } from '../review/model.ts';
import type { LimitEntry, MoveRequest, RuleRow, StagePlanEntry } from './model.ts';

export { withDefinition } from './model.ts';

/**
 * Calls of the stage screens. A write answers with what changed, which replaces the cached row at
 * once: the read side may lag a moment behind the command (no revalidation right after).
 */

export const useRuleRows = () => useSWR<RuleRow[]>(RULE_LIST_API, rulesFetcher, { revalidateOnFocus: false });

export const moveRule = (move: MoveRequest, reason: string) =>
  rulesRequest<RuleDefinition>('/api/v1/rules/stage/move', { body: { ...move, reason } });
export const updateScenes = (ruleId: string, scenes: string[], reason: string) =>
  rulesRequest<RuleDefinition>('/api/v1/rules/definition/update', { body: { ruleId, scenes, reason } });
export const definePoolRule = (body: { ruleId: string; name: string; description: string; reason: string }) =>
  rulesRequest<RuleDefinition>('/api/v1/rules/define', { body: { ...body, stage: 'pool' } });

type EngineKind = 'insuranceLimit' | 'stagePlan';
type EntryOf<K extends EngineKind> = K extends 'insuranceLimit' ? LimitEntry : StagePlanEntry;
export const useEngineConfig = <K extends EngineKind>(kind: K) =>
  useSWR<EntryOf<K>[]>(`/api/v1/rules/config?kind=${kind}`, rulesFetcher, { revalidateOnFocus: false });

/** Create the first time, update afterwards (the code names the insurer, and cover). */
export const saveConfig = <K extends EngineKind>(exists: boolean, body: Record<string, unknown> & { kind: K }) =>
  rulesRequest<EntryOf<K>>(`/api/v1/rules/config/${exists ? 'update' : 'create'}`, { body });

export const withEntry = <T extends { code: string }>(entries: T[] | undefined, entry: T): T[] =>
  entries?.some((e) => e.code === entry.code)
    ? entries.map((e) => (e.code === entry.code ? entry : e))
    : [...(entries ?? []), entry];

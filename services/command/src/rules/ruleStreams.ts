import { batchTestDecider, ruleTestStreamId, type BatchTestEvent } from '@feibao/domain/rules/batchTests';
import {
  ruleDecider,
  ruleStreamId,
  type RuleEvent,
  type RuleState,
  type SubmittedTest,
} from '@feibao/domain/rules/rule';
import type { Jdm } from '@feibao/domain/rules/jdm';
import { EmmettSql } from '@feibao/platform/emmettTables';
import type { EventStore } from '@feibao/platform/eventStore';
import type { Pool } from '@feibao/platform/db';

/**
 * What the rule commands decide from beyond the one rule's stream, read from the event store (the
 * command service never reads read models): every defined rule, the enabled pool pieces, a
 * batch-test run. A dozen or so rules, read when staff define, move or draft: no index needed.
 */

type DefinedRule = { state: RuleState; events: RuleEvent[] };

export const definedRules = async (pool: Pick<Pool, 'query'>, eventStore: EventStore): Promise<DefinedRule[]> => {
  const streams = await pool.query<{ stream_id: string }>(EmmettSql.streamsWithEvent, [
    ruleStreamId(''),
    'RuleDefined',
  ]);
  // One stream after the other: each read takes a connection of its own, and a few dozen at once
  // exhaust the server's (seen as "too many clients" under the browser suite).
  const rules: DefinedRule[] = [];
  for (const { stream_id } of streams.rows) {
    const events = (await eventStore.readStream<RuleEvent>(stream_id)).events as unknown as RuleEvent[];
    rules.push({ state: events.reduce(ruleDecider.evolve, ruleDecider.initialState()), events });
  }
  return rules;
};

/** The ranks of a stage's rules other than `except`, for placing a rule among them. */
export const stageRanks = async (
  pool: Pick<Pool, 'query'>,
  eventStore: EventStore,
  stage: string,
  except: string,
): Promise<number[]> =>
  (await definedRules(pool, eventStore)).flatMap(({ state }) =>
    state.definition && state.definition.stage === stage && state.definition.ruleId !== except
      ? [state.definition.rank]
      : [],
  );

/** Each pool rule's enabled model, by rule id: what a draft referring to the pool is checked against. */
export const enabledPoolModels = async (
  pool: Pick<Pool, 'query'>,
  eventStore: EventStore,
): Promise<Map<string, Jdm>> => {
  const models = new Map<string, Jdm>();
  for (const { state, events } of await definedRules(pool, eventStore)) {
    if (state.definition?.stage !== 'pool' || state.enabled === null) continue;
    const drafted = events.find((e) => e.type === 'RuleVersionDrafted' && e.data.version === state.enabled);
    if (drafted?.type === 'RuleVersionDrafted') models.set(drafted.data.ruleId, drafted.data.content);
  }
  return models;
};

/** A batch-test run as a submission links it, or null when there is no such run. */
export const submittedTest = async (eventStore: EventStore, runId: string): Promise<SubmittedTest | null> => {
  const events = (await eventStore.readStream<BatchTestEvent>(ruleTestStreamId(runId)))
    .events as unknown as BatchTestEvent[];
  const started = events.find((e) => e.type === 'BatchTestStarted');
  if (started?.type !== 'BatchTestStarted') return null;
  const state = events.reduce(batchTestDecider.evolve, batchTestDecider.initialState());
  return {
    runId,
    ruleId: started.data.ruleId,
    version: started.data.version,
    finished: state.status === 'done',
    passed: state.passed,
    failed: state.failed,
  };
};

/** One rule's enabled version and its model, read from its stream; null when none is enabled. */
export const enabledRuleModel = async (
  eventStore: EventStore,
  ruleId: string,
): Promise<{ ruleId: string; version: number; content: Jdm } | null> => {
  const events = (await eventStore.readStream<RuleEvent>(ruleStreamId(ruleId))).events as unknown as RuleEvent[];
  const state = events.reduce(ruleDecider.evolve, ruleDecider.initialState());
  if (state.enabled === null) return null;
  const drafted = events.find((e) => e.type === 'RuleVersionDrafted' && e.data.version === state.enabled);
  return drafted?.type === 'RuleVersionDrafted'
    ? { ruleId, version: state.enabled, content: drafted.data.content }
    : null;
};

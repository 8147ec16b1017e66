import { engineConfigKinds, type ConfigFields, type RiskEffect } from '@feibao/domain/rules/config';
import { ruleDefinitionEventTypes, type RuleDefinitionEvent } from '@feibao/domain/rules/rule';
import type { InsurerLimit } from '@feibao/domain/rules/rating';
import type { PipelineStage, RuleDefinition } from '@feibao/domain/rules/definition';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { Pool, PoolClient } from '@feibao/platform/db';
import { RULE_CONFIG } from './config.ts';
import { RULE_VERSIONS, type RuleVersionDocument } from './ruleVersions.ts';
import { RULES_CHANGED_CHANNEL } from './engine/loader.ts';
import type { RuleSet } from './engine/ruleSet.ts';

export const RULE_DEFINITIONS = 'rule_definitions';
export const ruleDefinitions = documentCollection<RuleDefinition>(RULE_DEFINITIONS);

/**
 * One document per rule. A rule's stage, rank, insurer and scenes decide which lines it rates, so
 * every change notifies RULES_CHANGED_CHANNEL in the projection's transaction, as enabling does.
 */
export const ruleDefinitionsProjection = defineProjection({
  name: 'rule_definitions',
  version: 1,
  collections: [ruleDefinitions],
  eventTypes: [...ruleDefinitionEventTypes],
  async handle(recorded: RecordedEvent, client: PoolClient) {
    const event = { type: recorded.type, data: recorded.data } as RuleDefinitionEvent;
    const { ruleId, by, at } = event.data;
    await ruleDefinitions.update(client, ruleId, (current) => {
      switch (event.type) {
        case 'RuleDefined': {
          const { by: _by, at: _at, reason: _reason, ...fields } = event.data;
          return { ...fields, createdBy: by, createdAt: at, updatedBy: by, updatedAt: at };
        }
        case 'RuleDefinitionChanged':
          return current ? { ...current, ...event.data.changes, updatedBy: by, updatedAt: at } : null;
        case 'RuleMoved':
          return current
            ? { ...current, stage: event.data.stage, rank: event.data.rank, updatedBy: by, updatedAt: at }
            : null;
        default:
          return null;
      }
    });
    await client.query('SELECT pg_notify($1, $2)', [RULES_CHANGED_CHANNEL, ruleId]);
  },
});

type Row<T> = { data: T };

export const ruleDefinitionReader = (pool: Pick<Pool, 'query'>) => ({
  async all(): Promise<RuleDefinition[]> {
    const result = await pool.query(`SELECT data FROM ${RULE_DEFINITIONS} ORDER BY _id`);
    return (result.rows as Row<RuleDefinition>[]).map((r) => r.data);
  },
  async get(ruleId: string): Promise<RuleDefinition | null> {
    const result = await pool.query(`SELECT data FROM ${RULE_DEFINITIONS} WHERE _id = $1`, [ruleId]);
    return (result.rows[0] as Row<RuleDefinition> | undefined)?.data ?? null;
  },
});
export type RuleDefinitionReader = ReturnType<typeof ruleDefinitionReader>;

/**
 * The engine's source (platform rules/engine.ts RuleSet): each defined rule's enabled version with
 * its stage, rank, insurer and scenes, the insurers' limits and their stage orders.
 */
export const ruleSetReader = (pool: Pick<Pool, 'query'>) => async (): Promise<RuleSet> => {
  const [rules, config] = await Promise.all([
    pool.query(
      `SELECT v.data AS version, d.data AS definition
         FROM ${RULE_VERSIONS} v JOIN ${RULE_DEFINITIONS} d ON d._id = v.rule_id
        WHERE v.status = 'enabled'`,
    ),
    pool.query(`SELECT kind, data FROM ${RULE_CONFIG} WHERE kind = ANY($1) AND enabled`, [engineConfigKinds]),
  ]);
  const configOf = <K extends 'insuranceLimit' | 'stagePlan'>(kind: K) =>
    (config.rows as { kind: string; data: ConfigFields<K> }[]).filter((r) => r.kind === kind).map((r) => r.data);
  return {
    rules: (rules.rows as { version: RuleVersionDocument; definition: RuleDefinition }[]).map(
      ({ version, definition }) => ({
        ruleId: version.ruleId,
        version: version.version,
        content: version.content,
        stage: definition.stage,
        rank: definition.rank,
        insurerId: definition.insurerId,
        scenes: definition.scenes,
        message: definition.message,
        risk: definition.risk,
      }),
    ),
    limits: configOf('insuranceLimit').map(
      (l): InsurerLimit => ({
        insurerId: l.insurerId,
        coverId: l.coverId,
        enabled: l.offered,
        minAmount: l.minAmount,
        maxAmount: l.maxAmount,
        maxDronePrice: l.maxDronePrice,
        maxTakeoffKg: l.maxTakeoffKg,
      }),
    ),
    stagePlans: configOf('stagePlan').map((p) => ({ insurerId: p.insurerId, stages: p.stages as PipelineStage[] })),
    messages: (config.rows as { kind: string; data: { code: string; customerText: string; staffText: string } }[])
      .filter((r) => r.kind === 'ruleMessage')
      .map((r) => ({ code: r.data.code, customerText: r.data.customerText, staffText: r.data.staffText })),
    risks: (config.rows as { kind: string; data: { code: string; effect: RiskEffect } }[])
      .filter((r) => r.kind === 'ruleRisk')
      .map((r) => ({ code: r.data.code, effect: r.data.effect })),
  };
};

import {
  configEventTypes,
  engineConfigKinds,
  type ConfigEvent,
  type ConfigFields,
  type ConfigKind,
} from '@feibao/domain/rules/config';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { Pool, PoolClient } from '@feibao/platform/db';
import { RULES_CHANGED_CHANNEL } from './engine/loader.ts';

export const RULE_CONFIG = 'rule_config';

/** One dictionary entry as the list shows it: its kind's fields flattened beside code and enabled. */
export type RuleConfigDocument = {
  kind: ConfigKind;
  code: string;
  enabled: boolean;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
} & Partial<
  Record<keyof ConfigFields<'keyword'> | keyof ConfigFields<'ruleMessage'> | keyof ConfigFields<'ruleRisk'>, string>
> &
  Partial<ConfigFields<'insuranceLimit'> & ConfigFields<'stagePlan'>>;

export const ruleConfig = documentCollection<RuleConfigDocument>(RULE_CONFIG);
const entryId = (kind: ConfigKind, code: string) => `${kind}:${code}`;

export const ruleConfigProjection = defineProjection({
  name: 'rule_config',
  version: 1,
  collections: [ruleConfig],
  eventTypes: [...configEventTypes],
  async handle(recorded: RecordedEvent, client: PoolClient) {
    const event = { type: recorded.type, data: recorded.data } as ConfigEvent;
    const { kind, code, by, at } = event.data;
    await ruleConfig.update(client, entryId(kind, code), (current) => {
      if (event.type === 'ConfigEntryCreated')
        return {
          ...event.data.fields,
          kind,
          code,
          enabled: event.data.enabled,
          createdBy: by,
          createdAt: at,
          updatedBy: by,
          updatedAt: at,
        };
      if (!current) return null;
      const touched = { ...current, updatedBy: by, updatedAt: at };
      if (event.type === 'ConfigEntryUpdated') return { ...touched, ...event.data.fields };
      return { ...touched, enabled: event.type === 'ConfigEntryEnabled' };
    });
    // Limits and stage orders rate quotes: the engines reload them when the change is readable.
    if (engineConfigKinds.includes(kind))
      await client.query('SELECT pg_notify($1, $2)', [RULES_CHANGED_CHANNEL, `${kind}:${code}`]);
  },
});

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type RuleConfigFilter = { kind: ConfigKind; q?: string; enabled?: boolean };

export const ruleConfigReader = (pool: Pick<Pool, 'query'>) => ({
  /** A dictionary's entries by code; `q` matches the code or any field's text, case-insensitively. */
  async list({ kind, q, enabled }: RuleConfigFilter): Promise<RuleConfigDocument[]> {
    const result = await pool.query(
      `SELECT data FROM ${RULE_CONFIG}
        WHERE kind = $1
          AND ($2::boolean IS NULL OR enabled = $2)
          AND ($3::text IS NULL OR EXISTS (
                SELECT 1 FROM jsonb_each_text(data - 'kind' - 'enabled' - 'createdBy' - 'createdAt' - 'updatedBy' - 'updatedAt') f
                 WHERE f.value ILIKE $3))
        ORDER BY code`,
      [kind, enabled ?? null, q ? `%${likeEscaped(q)}%` : null],
    );
    return (result.rows as { data: RuleConfigDocument }[]).map((r) => r.data);
  },
});
export type RuleConfigReader = ReturnType<typeof ruleConfigReader>;

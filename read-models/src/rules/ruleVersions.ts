import { ruleVersionEventTypes, type RuleVersionEvent, type RuleVersionStatus } from '@feibao/domain/rules/rule';
import type { Jdm } from '@feibao/domain/rules/jdm';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient, Pool } from '@feibao/platform/db';
import { RULES_CHANGED_CHANNEL } from './engine/loader.ts';

export const RULE_VERSIONS = 'rule_versions';

export type RuleVersionStep = { action: RuleVersionEvent['type']; by: string; at: string; reason: string };
export type RuleVersionDocument = {
  ruleId: string;
  version: number;
  status: RuleVersionStatus;
  content: Jdm;
  draftedBy: string;
  draftedAt: string;
  /** Every step of the version, oldest first. */
  history: RuleVersionStep[];
};

export const ruleVersions = documentCollection<RuleVersionDocument>(RULE_VERSIONS);
const versionId = (ruleId: string, version: number) => `${ruleId}@${version}`;

const statusOf: Record<RuleVersionEvent['type'], RuleVersionStatus> = {
  RuleVersionDrafted: 'draft',
  RuleVersionSubmitted: 'inReview',
  RuleVersionApproved: 'approved',
  RuleVersionRejected: 'rejected',
  RuleVersionEnabled: 'enabled',
  RuleVersionRetired: 'retired',
};

/**
 * One document per version. Enabling or retiring a version notifies RULES_CHANGED_CHANNEL in the
 * projection's transaction, so the engines' caches (platform rules/loader.ts) drop the enabled set
 * exactly when the change becomes readable.
 */
export const ruleVersionsProjection = defineProjection({
  name: 'rule_versions',
  version: 1,
  collections: [ruleVersions],
  eventTypes: [...ruleVersionEventTypes],
  async handle(recorded: RecordedEvent, client: PoolClient) {
    const event = { type: recorded.type, data: recorded.data } as RuleVersionEvent;
    const { ruleId, version, by, at, reason } = event.data;
    const step: RuleVersionStep = { action: event.type, by, at, reason };
    await ruleVersions.update(client, versionId(ruleId, version), (current) => {
      if (event.type === 'RuleVersionDrafted')
        return {
          ruleId,
          version,
          status: 'draft',
          content: event.data.content,
          draftedBy: by,
          draftedAt: at,
          history: [step],
        };
      if (!current) return null;
      return { ...current, status: statusOf[event.type], history: [...current.history, step] };
    });
    if (event.type === 'RuleVersionEnabled' || event.type === 'RuleVersionRetired')
      await client.query('SELECT pg_notify($1, $2)', [RULES_CHANGED_CHANNEL, ruleId]);
  },
});

type Summary = Omit<RuleVersionDocument, 'content'>;

export const ruleVersionReader = (pool: Pick<Pool, 'query'>) => ({
  /** Every rule with its versions (without content), newest version first. */
  async list(): Promise<{ ruleId: string; enabledVersion: number | null; versions: Summary[] }[]> {
    const result = await pool.query(
      `SELECT data - 'content' AS data FROM ${RULE_VERSIONS} ORDER BY rule_id, version DESC`,
    );
    const rules = new Map<string, Summary[]>();
    for (const { data } of result.rows as { data: Summary }[])
      rules.set(data.ruleId, [...(rules.get(data.ruleId) ?? []), data]);
    return [...rules].map(([ruleId, versions]) => ({
      ruleId,
      enabledVersion: versions.find((v) => v.status === 'enabled')?.version ?? null,
      versions,
    }));
  },
  async version(ruleId: string, version: number): Promise<RuleVersionDocument | null> {
    const result = await pool.query(`SELECT data FROM ${RULE_VERSIONS} WHERE rule_id = $1 AND version = $2`, [
      ruleId,
      version,
    ]);
    return (result.rows[0] as { data: RuleVersionDocument } | undefined)?.data ?? null;
  },
  /** The engine's source: each rule's enabled version. */
  async enabled(): Promise<{ ruleId: string; version: number; content: Jdm }[]> {
    const result = await pool.query(`SELECT data FROM ${RULE_VERSIONS} WHERE status = 'enabled'`);
    return (result.rows as { data: RuleVersionDocument }[]).map(({ data }) => ({
      ruleId: data.ruleId,
      version: data.version,
      content: data.content,
    }));
  },
});
export type RuleVersionReader = ReturnType<typeof ruleVersionReader>;

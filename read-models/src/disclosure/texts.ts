import type { DisclosureTextHistory, DisclosureTextVersion } from '@feibao/domain/disclosure/api';
import {
  disclosureTextEventTypes,
  textKey,
  textKindNames,
  textKinds,
  type DisclosureTextEvent,
} from '@feibao/domain/disclosure/texts';
import { insuranceTypeById } from '@feibao/domain/ordering/catalogue';
import type { CurrentTerms } from '@feibao/domain/ordering/purchaseTerms';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { Pool, PoolClient } from '@feibao/platform/db';
import { prepared } from '../prepared.ts';

export const DISCLOSURE_TEXTS = 'disclosure_texts';
export type DisclosureTextDocument = DisclosureTextVersion & { publishedBy: string };
export const disclosureTexts = documentCollection<DisclosureTextDocument>(DISCLOSURE_TEXTS);

/** One document per version (`<key>@<version>`), never rewritten: an order's confirmed version stays readable. */
export const disclosureTextsProjection = defineProjection({
  name: 'disclosure_texts',
  version: 1,
  collections: [disclosureTexts],
  eventTypes: [...disclosureTextEventTypes],
  async handle(recorded: RecordedEvent, client: PoolClient) {
    const { data } = { type: recorded.type, data: recorded.data } as DisclosureTextEvent;
    const key = textKey(data);
    const coverId = data.coverId ?? null;
    await disclosureTexts.put(client, `${key}@${data.version}`, {
      key,
      kind: data.kind,
      kindName: textKindNames[data.kind],
      coverId,
      coverName: coverId === null ? null : (insuranceTypeById(coverId)?.name ?? null),
      version: data.version,
      title: data.title,
      body: data.body,
      sha256: data.sha256,
      publishedAt: data.publishedAt,
      publishedBy: data.publishedBy,
      reason: data.reason,
    });
  },
});

const publicVersion = ({ publishedBy: _by, ...text }: DisclosureTextDocument): DisclosureTextVersion => text;
/** As a buyer reads them: 客户告知书, 投保须知, then the 免责条款 by cover. */
const order = (a: DisclosureTextVersion, b: DisclosureTextVersion) =>
  a.kind === b.kind ? (a.coverId ?? 0) - (b.coverId ?? 0) : textKinds.indexOf(a.kind) - textKinds.indexOf(b.kind);

export const disclosureTextReader = (pool: Pick<Pool, 'query'>) => {
  /** The newest version of every text. */
  const current = async (): Promise<DisclosureTextVersion[]> => {
    const result = await pool.query(
      prepared(`SELECT DISTINCT ON (text_key) data FROM ${DISCLOSURE_TEXTS} ORDER BY text_key, version DESC`, []),
    );
    return (result.rows as { data: DisclosureTextDocument }[]).map((r) => publicVersion(r.data)).sort(order);
  };
  return {
    current,
    /** The versions in force as the guard reads them (domain purchaseTerms.ts CurrentTerms). */
    async currentTerms(): Promise<CurrentTerms> {
      // Read on every plan and details request (the 投保 guard): the bodies are left in the table.
      const result = await pool.query(
        prepared(
          `SELECT DISTINCT ON (text_key) text_key AS key, (data->>'version')::integer AS version,
             data->>'title' AS title, data->>'sha256' AS sha256
           FROM ${DISCLOSURE_TEXTS} ORDER BY text_key, version DESC`,
          [],
        ),
      );
      return Object.fromEntries(
        (result.rows as { key: string; version: number; title: string; sha256: string }[]).map((t) => [
          t.key,
          { version: t.version, title: t.title, sha256: t.sha256 },
        ]),
      );
    },
    /** One version (absent: the newest); null when there is none. */
    async version(key: string, version: number | null): Promise<DisclosureTextVersion | null> {
      const result = await pool.query(
        prepared(
          `SELECT data FROM ${DISCLOSURE_TEXTS} WHERE text_key = $1 AND ($2::integer IS NULL OR version = $2)
            ORDER BY version DESC LIMIT 1`,
          [key, version],
        ),
      );
      const row = result.rows[0] as { data: DisclosureTextDocument } | undefined;
      return row ? publicVersion(row.data) : null;
    },
    /** Every text with all its versions, newest first (the back office's editor). */
    async history(): Promise<DisclosureTextHistory[]> {
      const result = await pool.query(
        prepared(`SELECT data FROM ${DISCLOSURE_TEXTS} ORDER BY text_key, version DESC`, []),
      );
      const byKey = new Map<string, DisclosureTextDocument[]>();
      for (const { data } of result.rows as { data: DisclosureTextDocument }[])
        byKey.set(data.key, [...(byKey.get(data.key) ?? []), data]);
      return [...byKey.values()]
        .map((versions) => {
          const newest = versions[0] as DisclosureTextDocument;
          return {
            key: newest.key,
            kind: newest.kind,
            kindName: newest.kindName,
            coverId: newest.coverId,
            coverName: newest.coverName,
            current: newest.version,
            versions,
          };
        })
        .sort((a, b) => order(a.versions[0] as DisclosureTextVersion, b.versions[0] as DisclosureTextVersion));
    },
  };
};

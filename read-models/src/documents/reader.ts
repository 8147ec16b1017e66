import type { Queryable } from '@feibao/platform/db';
import { ISSUED_DOCUMENTS, POLICY_DOCUMENTS, type IssuedDocument, type PolicyDocumentsDocument } from './projection.ts';

/** The documents of a policy (the order pages' 电子保单 and 投保证明), and the issued files by code or hash. */
export const policyDocumentsReader = (db: Queryable) => ({
  async byOrder(orderId: string): Promise<PolicyDocumentsDocument | null> {
    const { rows } = await db.query<{ data: PolicyDocumentsDocument }>(
      `SELECT data FROM ${POLICY_DOCUMENTS} WHERE _id = $1`,
      [orderId],
    );
    return rows[0]?.data ?? null;
  },
  /** The verification page's lookup; the code as printed (domain normaliseVerificationCode). */
  async byVerificationCode(code: string): Promise<IssuedDocument | null> {
    const { rows } = await db.query<{ data: IssuedDocument }>(`SELECT data FROM ${ISSUED_DOCUMENTS} WHERE _id = $1`, [
      code,
    ]);
    return rows[0]?.data ?? null;
  },
  /**
   * What the render worker still owes (job recovery after Redis lost its jobs): policies with no
   * issued document, 批改 versions without their 批单 or 电子保单, certificates added and not issued. A scan of the policies: it runs only then.
   */
  async awaitingIssue(): Promise<
    (
      | { kind: 'policy'; orderId: string }
      | { kind: 'certificate'; orderId: string; certificateId: string }
      | { kind: 'endorsement'; orderId: string; version: number }
    )[]
  > {
    const policies = await db.query<{ order_id: string }>(
      `SELECT o._id AS order_id FROM orders o LEFT JOIN ${POLICY_DOCUMENTS} d ON d._id = o._id
        WHERE o.data->>'policyNo' IS NOT NULL AND (d._id IS NULL OR jsonb_typeof(d.data->'policy') = 'null')
        ORDER BY o._id`,
    );
    const certificates = await db.query<{ order_id: string; certificate_id: string }>(
      `SELECT d._id AS order_id, c->>'certificateId' AS certificate_id
         FROM ${POLICY_DOCUMENTS} d, jsonb_array_elements(d.data->'certificates') c
        WHERE c->>'status' = 'pending' ORDER BY 1, 2`,
    );
    // A 批改 whose 批单 or new 电子保单 is missing (the order state lists its versions after the first).
    const endorsements = await db.query<{ order_id: string; version: number }>(
      `SELECT o._id AS order_id, (v->>'version')::int AS version
         FROM orders o
         CROSS JOIN LATERAL jsonb_array_elements(COALESCE(o.data->'order'->'versions', '[]'::jsonb)) v
         LEFT JOIN ${POLICY_DOCUMENTS} d ON d._id = o._id
        WHERE jsonb_typeof(o.data->'order'->'versions') = 'array'
          AND (NOT COALESCE(d.data->'endorsements', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('version', v->'version'))
           OR NOT COALESCE(d.data->'policyVersions', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('version', v->'version')))
        ORDER BY 1, 2`,
    );
    return [
      ...policies.rows.map((r) => ({ kind: 'policy' as const, orderId: r.order_id })),
      ...endorsements.rows.map((r) => ({ kind: 'endorsement' as const, orderId: r.order_id, version: r.version })),
      ...certificates.rows.map((r) => ({
        kind: 'certificate' as const,
        orderId: r.order_id,
        certificateId: r.certificate_id,
      })),
    ];
  },
  /** Which issued documents are this file (an uploaded copy checked by its hash). */
  async byFileSha256(fileSha256: string): Promise<IssuedDocument[]> {
    const { rows } = await db.query<{ data: IssuedDocument }>(
      `SELECT data FROM ${ISSUED_DOCUMENTS} WHERE file_sha256 = $1 ORDER BY _id`,
      [fileSha256],
    );
    return rows.map((r) => r.data);
  },
});

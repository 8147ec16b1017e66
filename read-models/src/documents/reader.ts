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
  /** Which issued documents are this file (an uploaded copy checked by its hash). */
  async byFileSha256(fileSha256: string): Promise<IssuedDocument[]> {
    const { rows } = await db.query<{ data: IssuedDocument }>(
      `SELECT data FROM ${ISSUED_DOCUMENTS} WHERE file_sha256 = $1 ORDER BY _id`,
      [fileSha256],
    );
    return rows.map((r) => r.data);
  },
});

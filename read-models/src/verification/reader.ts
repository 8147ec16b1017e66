import type { IssuedDocument } from '@feibao/domain/verification/answer';
import type { VerificationRecord } from '@feibao/domain/verification/record';
import type { Pool } from '@feibao/platform/db';
import { prepared } from '../prepared.ts';
import { VERIFICATION_CODES, VERIFICATION_RECORDS } from './projection.ts';

export type VerificationRow = { issued: IssuedDocument | null; record: VerificationRecord | null };

/**
 * One indexed probe per lookup (the code index's primary key, or its file_sha256 index) joined to the
 * order's record. A digest that is not there costs the same probe: the answer's time does not tell.
 */
export const verificationReader = (pool: Pick<Pool, 'query'>) => {
  const lookup = async (column: '_id' | 'file_sha256', digest: string): Promise<VerificationRow> => {
    const result = await pool.query(
      prepared(
        `SELECT c.data AS issued, r.data AS record
           FROM ${VERIFICATION_CODES} c
           LEFT JOIN ${VERIFICATION_RECORDS} r ON r._id = c.data->>'orderId'
          WHERE c.${column} = $1
          LIMIT 1`,
        [digest],
      ),
    );
    const row = result.rows[0];
    return { issued: (row?.issued as IssuedDocument) ?? null, record: (row?.record as VerificationRecord) ?? null };
  };
  return {
    /** By the SHA-256 of a normalised code (projection.ts `codeDigest`). */
    byCodeDigest: (digest: string) => lookup('_id', digest),
    /** By the SHA-256 of a file's bytes. */
    byFileSha256: (sha256: string) => lookup('file_sha256', sha256),
  };
};

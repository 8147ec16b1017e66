import type { Pool } from '@feibao/platform/db';
import { CLAIM_PICTURES, type PictureDocument } from './pictureDocument.ts';

/**
 * SQL over claim_pictures' generated columns claim_id, image_type_code, processing and
 * uploaded_at (read-models/src/migrations/0005_claims.sql). Who may see a picture is the
 * caller's check: `owner` and `claimId` are on every document.
 */
export const claimPictureReader = (pool: Pick<Pool, 'query'>) => ({
  async byId(pictureId: string): Promise<PictureDocument | null> {
    const result = await pool.query(`SELECT data FROM ${CLAIM_PICTURES} WHERE _id = $1`, [pictureId]);
    return (result.rows[0]?.data as PictureDocument | undefined) ?? null;
  },
  /** Pictures whose copies were never made: the workers re-queue them if their job was lost. */
  async pendingProcessing(): Promise<{ claimId: string; pictureId: string }[]> {
    const result = await pool.query(
      `SELECT data->>'claimId' AS "claimId", _id AS "pictureId" FROM ${CLAIM_PICTURES} WHERE processing = 'pending'`,
    );
    return result.rows;
  },
  /** The claim's pictures in these categories (exact codes), newest first. */
  async page(
    claimId: string,
    codes: readonly string[],
    currentPage: number,
    pageSize: number,
  ): Promise<{ datas: PictureDocument[]; currentPage: number; pageSize: number; totalCount: number }> {
    const result = await pool.query(
      `WITH page AS (
         SELECT _id, uploaded_at FROM ${CLAIM_PICTURES} WHERE claim_id = $1 AND image_type_code = ANY($2::text[])
          ORDER BY uploaded_at DESC, _id DESC LIMIT $3 OFFSET $4)
       SELECT (SELECT count(*)::int FROM ${CLAIM_PICTURES} WHERE claim_id = $1 AND image_type_code = ANY($2::text[])) AS n,
              (SELECT coalesce(jsonb_agg(c.data ORDER BY p.uploaded_at DESC, p._id DESC), '[]')
                 FROM page p JOIN ${CLAIM_PICTURES} c ON c._id = p._id) AS datas`,
      [claimId, codes, pageSize, (currentPage - 1) * pageSize],
    );
    return {
      datas: result.rows[0].datas as PictureDocument[],
      currentPage,
      pageSize,
      totalCount: result.rows[0].n as number,
    };
  },
  /** Pictures per exact category code, whatever their processing (the counts match what the pages list). */
  async countsByCode(claimId: string): Promise<Record<string, number>> {
    const result = await pool.query(
      `SELECT image_type_code AS code, count(*)::int AS n FROM ${CLAIM_PICTURES} WHERE claim_id = $1 GROUP BY image_type_code`,
      [claimId],
    );
    return Object.fromEntries(result.rows.map((r: { code: string; n: number }) => [r.code, r.n]));
  },
});
export type ClaimPictureReader = ReturnType<typeof claimPictureReader>;

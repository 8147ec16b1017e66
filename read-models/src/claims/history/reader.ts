import type { HistoryEntry } from '@feibao/domain/claims/history';
import type { Pool } from '@feibao/platform/db';
import { CLAIM_HISTORY } from './projection.ts';

/** Over claim_history's generated columns claim_id and position (read-models/src/migrations/0005_claims.sql). */
export const claimHistoryReader = (pool: Pick<Pool, 'query'>) => ({
  /** Every row of the claim's history, oldest first (rows of one event in the order the domain gives them). */
  async entries(claimId: string): Promise<HistoryEntry[]> {
    const result = await pool.query(
      `SELECT data->'entries' AS entries FROM ${CLAIM_HISTORY} WHERE claim_id = $1 ORDER BY position`,
      [claimId],
    );
    return result.rows.flatMap((r: { entries: HistoryEntry[] }) => r.entries);
  },
});
export type ClaimHistoryReader = ReturnType<typeof claimHistoryReader>;

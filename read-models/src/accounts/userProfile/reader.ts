import type { Pool } from '@feibao/platform/db';
import { USER_PROFILES, type UserProfileDocument } from './userProfile.ts';

/** One reader per query, in SQL like every reader (docs/adr/0003-read-documents-with-sql.md). */
export const userProfileReader = (pool: Pick<Pool, 'query'>) => ({
  async byPhone(mobilePhone: string): Promise<UserProfileDocument | null> {
    const result = await pool.query(`SELECT data FROM ${USER_PROFILES} WHERE _id = $1`, [mobilePhone]);
    return (result.rows[0]?.data as UserProfileDocument | undefined) ?? null;
  },
});
export type UserProfileReader = ReturnType<typeof userProfileReader>;

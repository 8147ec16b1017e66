import type { UserListPage, UserListRow } from '@feibao/domain/accounts/roleAdmin';
import type { Pool } from '@feibao/platform/db';
import { USER_PROFILES, type UserProfileDocument } from '../userProfile/userProfile.ts';

export type UserListFilter = {
  /** Digits: a phone prefix; anything else: part of the name or the company name. */
  q?: string;
  /** Only accounts holding this role. */
  role?: string;
};

const PHONE_PREFIX = /^\d{3,11}$/;
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const where = (filter: UserListFilter) => {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const q = filter.q?.trim();
  if (q) {
    if (PHONE_PREFIX.test(q)) {
      params.push(`${q}%`);
      clauses.push(`_id LIKE $${params.length}`);
    } else {
      params.push(`%${likeEscaped(q.toLowerCase())}%`);
      clauses.push(`search_text LIKE $${params.length}`);
    }
  }
  if (filter.role) {
    params.push(filter.role);
    clauses.push(`roles ? $${params.length}`);
  }
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
};

const row = (doc: UserProfileDocument): UserListRow => ({
  mobilePhone: doc.mobilePhone,
  name: doc.name,
  companyName: doc.companyName ?? null,
  registerType: doc.registerType,
  roles: doc.roles as UserListRow['roles'],
  createdAt: doc.registeredAt,
  lastLoginAt: doc.lastLoginAt,
});

/**
 * The back office's user list over user_profiles' generated columns (0009_users.sql): a phone
 * prefix uses the _id pattern index, a role the GIN index on roles; a name or company search
 * scans search_text, which is fine for the accounts of one broker and needs no extension.
 */
export const userListReader = (pool: Pick<Pool, 'query'>) => ({
  /** Newest accounts first. */
  async page(filter: UserListFilter, currentPage: number, pageSize: number): Promise<UserListPage> {
    const { sql, params } = where(filter);
    const result = await pool.query(
      `WITH page AS (
         SELECT _id, registered_at FROM ${USER_PROFILES} ${sql}
          ORDER BY registered_at DESC, _id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2})
       SELECT (SELECT count(*)::int FROM ${USER_PROFILES} ${sql}) AS n,
              (SELECT coalesce(jsonb_agg(u.data ORDER BY p.registered_at DESC, p._id DESC), '[]')
                 FROM page p JOIN ${USER_PROFILES} u ON u._id = p._id) AS datas`,
      [...params, pageSize, (currentPage - 1) * pageSize],
    );
    return {
      datas: (result.rows[0].datas as UserProfileDocument[]).map(row),
      currentPage,
      pageSize,
      totalCount: result.rows[0].n as number,
    };
  },

  /**
   * Everyone holding any of these roles, by name (the claims desk's 分派给 list). Served by the
   * GIN index on roles; capped, as a broker has tens of staff, not thousands.
   */
  async holdersOf(roles: readonly string[], limit = 500): Promise<{ mobilePhone: string; name: string }[]> {
    const result = await pool.query(
      `SELECT _id AS "mobilePhone", data->>'name' AS name FROM ${USER_PROFILES} WHERE roles ?| $1::text[] ORDER BY data->>'name', _id LIMIT $2`,
      [roles, limit],
    );
    return result.rows;
  },
});
export type UserListReader = ReturnType<typeof userListReader>;

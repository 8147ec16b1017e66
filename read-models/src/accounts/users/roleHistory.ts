import { roleHistoryEntry, type RoleHistoryEntry } from '@feibao/domain/accounts/roleAdmin';
import type { UserEvent } from '@feibao/domain/accounts/user.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient, Pool } from '@feibao/platform/db';

export const USER_ROLE_HISTORY = 'user_role_history';

/** One role change of one account; `position` is the event's place in the user's stream. */
export type RoleHistoryDocument = { mobilePhone: string; position: number; entry: RoleHistoryEntry };

export const userRoleHistory = documentCollection<RoleHistoryDocument>(USER_ROLE_HISTORY);

/**
 * One document per role-changing event, keyed by the account and the stream position, so a
 * replay rewrites the same documents; the lines come from the domain's `roleHistoryEntry`.
 */
const applyRoleHistory = async (events: RecordedEvent[], client: PoolClient) => {
  const docs = userRoleHistory.batch(client);
  for (const event of events) {
    const entry = roleHistoryEntry({ type: event.type, data: event.data } as UserEvent);
    if (!entry) continue;
    const mobilePhone = String(event.data.mobilePhone);
    docs.put(`${mobilePhone}:${event.streamPosition}`, { mobilePhone, position: event.streamPosition, entry });
  }
  await docs.flush();
};

export const userRoleHistoryProjection = defineProjection({
  name: 'user-role-history',
  version: 1,
  collections: [userRoleHistory],
  // Registration opens the history with the roles an account starts with.
  eventTypes: ['UserRegistered', 'UserRolesGranted', 'UserRolesRevoked'] satisfies UserEvent['type'][],
  handle: (event: RecordedEvent, client: PoolClient) => applyRoleHistory([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyRoleHistory(events, client),
});

/** Over user_role_history's generated columns (read-models/src/migrations/0009_users.sql). */
export const roleHistoryReader = (pool: Pick<Pool, 'query'>) => ({
  /** The account's role changes, newest first. */
  async entries(mobilePhone: string): Promise<RoleHistoryEntry[]> {
    const result = await pool.query(
      `SELECT data->'entry' AS entry FROM ${USER_ROLE_HISTORY} WHERE mobile_phone = $1 ORDER BY position DESC`,
      [mobilePhone],
    );
    return result.rows.map((r: { entry: RoleHistoryEntry }) => r.entry);
  },
});
export type RoleHistoryReader = ReturnType<typeof roleHistoryReader>;

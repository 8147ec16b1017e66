/** User administration calls (docs/api/users.md): the list, a user's role history, grant and revoke. */
import useSWR from 'swr';
import {
  roleChanges,
  type RoleHistoryEntry,
  USER_PAGE_SIZE,
  type UserListPage,
} from '@feibao/domain/accounts/roleAdmin';
import { call } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';

const base = '/api/v1/uav/backoffice/users';
export const userAdminPaths = {
  list: base,
  roleHistory: `${base}/roleHistory`,
  grant: `${base}/grantRoles`,
  revoke: `${base}/revokeRoles`,
} as const;

export type { RoleHistoryEntry, UserListPage };
export { USER_PAGE_SIZE };

export type UserFilters = { q: string; role: string };

export const useUserPage = (currentPage: number, filters: UserFilters) => {
  const session = useSession();
  const query = { currentPage, pageSize: USER_PAGE_SIZE, q: filters.q || undefined, role: filters.role || undefined };
  return useSWR<UserListPage>(session ? [userAdminPaths.list, query] : null, {
    dedupingInterval: 0,
    keepPreviousData: true,
  });
};

export const useRoleHistory = (mobilePhone: string | null) => {
  const session = useSession();
  return useSWR<RoleHistoryEntry[]>(session && mobilePhone ? [userAdminPaths.roleHistory, { mobilePhone }] : null, {
    dedupingInterval: 0,
  });
};

/**
 * Saves the editor: the newly ticked roles are granted, then the unticked ones revoked, each with
 * the reason. Grants go first so that handing admin over to someone else cannot trip the
 * last-admin guard. Returns the messages of the calls made (none when nothing changed).
 */
export const saveRoles = async (
  mobilePhone: string,
  current: readonly string[],
  wanted: readonly string[],
  reason: string,
) => {
  const { grant, revoke } = roleChanges(current, wanted);
  const messages: string[] = [];
  if (grant.length > 0)
    messages.push((await call(userAdminPaths.grant, { body: { mobilePhone, roles: grant, reason } })).message);
  if (revoke.length > 0)
    messages.push((await call(userAdminPaths.revoke, { body: { mobilePhone, roles: revoke, reason } })).message);
  return messages;
};

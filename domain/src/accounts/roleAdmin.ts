import { assertNever } from '../shared/decider.ts';
import { Roles, type Role } from './roles.ts';
import { SYSTEM_ACTOR, type UserEvent } from './user.events.ts';

/** The roles an admin grants and revokes in the back office; `user` every account has for good. */
export const EDITABLE_ROLES = Roles.filter((r): r is Exclude<Role, 'user'> => r !== 'user');
export type EditableRole = (typeof EDITABLE_ROLES)[number];

/** What saving the role editor asks for: the roles to grant and those to revoke. */
export const roleChanges = (current: readonly string[], wanted: readonly string[]) => ({
  grant: EDITABLE_ROLES.filter((r) => wanted.includes(r) && !current.includes(r)),
  revoke: EDITABLE_ROLES.filter((r) => current.includes(r) && !wanted.includes(r)),
});

/** One line of a user's role history: who changed which roles, when and why. */
export type RoleHistoryEntry = {
  at: string;
  action: 'register' | 'grant' | 'revoke';
  roles: Role[];
  by: string;
  reason: string;
};

export const REGISTRATION_REASON = '注册账号';
export const LEGACY_GRANT_REASON = '未记录原因';

/** The history line of a user event, or null for events that do not touch roles. */
export const roleHistoryEntry = (event: UserEvent): RoleHistoryEntry | null => {
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      // Staff roles at registration only come from seeding the admin.
      const seeded = data.roles.some((r) => r !== 'user');
      return {
        at: data.registeredAt,
        action: 'register',
        roles: data.roles,
        by: seeded ? SYSTEM_ACTOR : data.mobilePhone,
        reason: REGISTRATION_REASON,
      };
    }
    case 'UserRolesGranted':
      return {
        at: event.data.grantedAt,
        action: 'grant',
        roles: event.data.roles,
        by: event.data.grantedBy ?? SYSTEM_ACTOR,
        reason: event.data.reason ?? LEGACY_GRANT_REASON,
      };
    case 'UserRolesRevoked':
      return {
        at: event.data.revokedAt,
        action: 'revoke',
        roles: event.data.roles,
        by: event.data.revokedBy,
        reason: event.data.reason,
      };
    case 'UserProfileUpdated':
    case 'UserPasswordReset':
    case 'UserLoggedIn':
      return null;
    default:
      return assertNever(event);
  }
};

/** A row of the back office's user list (GET /api/v1/uav/backoffice/users). */
export type UserListRow = {
  mobilePhone: string;
  name: string;
  companyName: string | null;
  registerType: 1 | 2;
  roles: Role[];
  createdAt: string;
  lastLoginAt: string | null;
};
export type UserListPage = { datas: UserListRow[]; currentPage: number; pageSize: number; totalCount: number };
export const USER_PAGE_SIZE = 20;

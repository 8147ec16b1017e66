import { ADMIN_REGISTRY_STREAM, adminRegistryDecider } from '@feibao/domain/accounts/adminRegistry';
import { ResultCode } from '@feibao/domain/shared/codes';
import { userDecider, type UserCommand } from '@feibao/domain/accounts/user.commands';
import { userStreamId } from '@feibao/domain/accounts/user.events';
import type { Role } from '@feibao/domain/accounts/roles';
import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import { HttpError } from '@feibao/platform/http/envelope';
import { withTransaction, type Pool } from '@feibao/platform/db';
import type { CommandDeps } from '../deps.ts';

export const roleChangeMessages = { unknownUser: '用户不存在' } as const;

type RoleChange = { mobilePhone: string; roles: Role[]; by: string; reason: string };
type Deps = Pick<CommandDeps, 'eventStore' | 'pool' | 'now'>;

const ADMIN_LOCK = 'feibao:admin-role-changes';

/**
 * Admin changes touch two streams (the registry and the user's), and the registry's guard is
 * only sound while it holds no one who is not an admin on their own stream. A grant and a
 * revocation of the same account interleaving between the two appends could break that
 * (the revocation deregisters, the grant re-registers, the revocation then removes the role),
 * so admin changes run one at a time under a transaction-scoped advisory lock; a crashed
 * process's lock goes with its connection. Other roles need no lock.
 */
const withAdminLock = <T>(pool: Pool, work: () => Promise<T>): Promise<T> =>
  withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [ADMIN_LOCK]);
    return work();
  });

const latest = (...positions: (number | null)[]) =>
  positions.reduce<number | null>((max, p) => (p !== null && (max === null || p > max) ? p : max), null);

/** Grants roles; granting admin records the account in the admin registry after its own stream. */
export const grantRoles = async (deps: Deps, change: RoleChange) => {
  const work = async () => {
    const user = await handleCommand(
      deps.eventStore,
      userStreamId(change.mobilePhone),
      userDecider,
      (state): UserCommand => {
        if (state.status !== 'active') throw new HttpError(ResultCode.notFound, roleChangeMessages.unknownUser);
        return { type: 'GrantRoles', data: change, metadata: { now: deps.now() } };
      },
    );
    // Also when the grant itself changed nothing: a retry after a crash between the appends registers then.
    const registry =
      change.roles.includes('admin') && user.state.status === 'active' && user.state.roles.includes('admin')
        ? await handleCommand(deps.eventStore, ADMIN_REGISTRY_STREAM, adminRegistryDecider, {
            type: 'RegisterAdmin',
            data: { mobilePhone: change.mobilePhone, by: change.by },
            metadata: { now: deps.now() },
          })
        : null;
    return {
      roles: user.state.status === 'active' ? user.state.roles : [],
      position: latest(user.position, registry?.position ?? null),
    };
  };
  return change.roles.includes('admin') ? withAdminLock(deps.pool, work) : work();
};

/** Revokes roles; revoking admin leaves the registry first, which refuses to let the last admin go. */
export const revokeRoles = async (deps: Deps, change: RoleChange) => {
  const work = async () => {
    const current = await aggregate(deps.eventStore, userStreamId(change.mobilePhone), userDecider);
    if (current.status !== 'active') throw new HttpError(ResultCode.notFound, roleChangeMessages.unknownUser);
    const revoke: UserCommand = { type: 'RevokeRoles', data: change, metadata: { now: deps.now() } };
    // Refusals (no reason, the user role) come before the registry is touched.
    userDecider.decide(revoke, current);
    const registry =
      change.roles.includes('admin') && current.roles.includes('admin')
        ? await handleCommand(deps.eventStore, ADMIN_REGISTRY_STREAM, adminRegistryDecider, {
            type: 'DeregisterAdmin',
            data: { mobilePhone: change.mobilePhone, by: change.by },
            metadata: { now: deps.now() },
          })
        : null;
    const user = await handleCommand(deps.eventStore, userStreamId(change.mobilePhone), userDecider, revoke);
    return {
      roles: user.state.status === 'active' ? user.state.roles : [],
      position: latest(user.position, registry?.position ?? null),
    };
  };
  return change.roles.includes('admin') ? withAdminLock(deps.pool, work) : work();
};

import { userDecider, type UserCommand } from '@feibao/domain/accounts/user.commands';
import { userStreamId, SYSTEM_ACTOR } from '@feibao/domain/accounts/user.events';
import { PHONE_PATTERN } from '@feibao/domain/accounts/validation';
import { handleCommand } from '@feibao/platform/eventStore';
import { hashPassword } from '@feibao/platform/passwords';
import { logger } from '@feibao/platform/logger';
import type { CommandDeps } from './deps.ts';
import { grantRoles } from './accounts/roleChanges.ts';

export const SEED_ADMIN_REASON = '初始化管理员';

/**
 * ADMIN_MOBILE + ADMIN_PASSWORD create the admin account on first start, or grant the
 * admin role to an existing account; an existing password is never overwritten. The grant
 * also records the account in the admin registry (every start: databases from before the
 * registry get their seeded admin counted there).
 */
export const seedAdmin = async (deps: Pick<CommandDeps, 'config' | 'eventStore' | 'pool' | 'now'>) => {
  const { adminMobile, adminPassword } = deps.config;
  if (!adminMobile || !adminPassword) return null;
  if (!PHONE_PATTERN.test(adminMobile))
    throw new Error('ADMIN_MOBILE must be an 11-digit mobile number starting with 1');
  if (adminPassword.length < 8) throw new Error('ADMIN_PASSWORD must have at least 8 characters');
  const stream = userStreamId(adminMobile);
  const passwordHash = await hashPassword(adminPassword);
  // An account that exists already gets a grant of `user` it holds: nothing, whoever registered it first.
  await handleCommand(
    deps.eventStore,
    stream,
    userDecider,
    (state): UserCommand =>
      state.status === 'unregistered'
        ? {
            type: 'RegisterUser',
            data: {
              mobilePhone: adminMobile,
              name: '管理员',
              registerType: 1,
              passwordHash,
              roles: ['user'],
              profile: null,
            },
            metadata: { now: deps.now() },
          }
        : {
            type: 'GrantRoles',
            data: { mobilePhone: adminMobile, roles: ['user'], by: SYSTEM_ACTOR, reason: SEED_ADMIN_REASON },
            metadata: { now: deps.now() },
          },
  );
  await grantRoles(deps, { mobilePhone: adminMobile, roles: ['admin'], by: SYSTEM_ACTOR, reason: SEED_ADMIN_REASON });
  logger.info({ adminMobile }, 'admin account ready');
  return adminMobile;
};

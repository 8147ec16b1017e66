import { userDecider, userStreamId, PHONE_PATTERN, type UserCommand } from '@feibao/domain';
import { handleCommand, hashPassword, logger } from '@feibao/platform';
import type { CommandDeps } from './deps.ts';

/**
 * ADMIN_MOBILE + ADMIN_PASSWORD create the admin account on first start, or grant the
 * admin role to an existing account; an existing password is never overwritten.
 */
export const seedAdmin = async (deps: Pick<CommandDeps, 'config' | 'eventStore' | 'now'>) => {
  const { adminMobile, adminPassword } = deps.config;
  if (!adminMobile || !adminPassword) return null;
  if (!PHONE_PATTERN.test(adminMobile)) throw new Error('ADMIN_MOBILE must be an 11-digit mobile number starting with 1');
  if (adminPassword.length < 8) throw new Error('ADMIN_PASSWORD must have at least 8 characters');
  const stream = userStreamId(adminMobile);
  const passwordHash = await hashPassword(adminPassword);
  await handleCommand(deps.eventStore, stream, userDecider, (state): UserCommand =>
    state.status === 'unregistered'
      ? {
          type: 'RegisterUser',
          data: { mobilePhone: adminMobile, name: '管理员', registerType: 1, passwordHash, roles: ['user', 'admin'], profile: null },
          metadata: { now: deps.now() },
        }
      : { type: 'GrantRoles', data: { mobilePhone: adminMobile, roles: ['admin'] }, metadata: { now: deps.now() } },
  );
  logger.info({ adminMobile }, 'admin account ready');
  return adminMobile;
};

import { assertNever, type Decider } from '../shared/decider.ts';
import { illegalState } from '../shared/errors.ts';

/**
 * The set of admins in one stream, so that "at least one admin stays" is decided on one
 * stream's state and guarded by its optimistic concurrency: two admins revoking each other at
 * the same moment both read the same version, one append loses, decides again and is refused.
 *
 * The registry only ever holds accounts that hold admin on their own stream (revoking writes
 * here first, granting writes here last), so a crash between the two appends leaves it
 * counting fewer admins than there are: the guard then errs on the side of keeping one, and
 * retrying the same request completes the change (both decisions are idempotent).
 */
export const ADMIN_REGISTRY_STREAM = 'role-registry-admin';

export type AdminRegistered = { type: 'AdminRegistered'; data: { mobilePhone: string; by: string; at: string } };
export type AdminDeregistered = { type: 'AdminDeregistered'; data: { mobilePhone: string; by: string; at: string } };
export type AdminRegistryEvent = AdminRegistered | AdminDeregistered;

export type RegisterAdmin = {
  type: 'RegisterAdmin';
  data: { mobilePhone: string; by: string };
  metadata: { now: Date };
};
export type DeregisterAdmin = {
  type: 'DeregisterAdmin';
  data: { mobilePhone: string; by: string };
  metadata: { now: Date };
};
export type AdminRegistryCommand = RegisterAdmin | DeregisterAdmin;

export type AdminRegistry = { admins: string[] };

export const adminRegistryMessages = { lastAdmin: '不能移除最后一位管理员' } as const;

export const evolveAdminRegistry = (state: AdminRegistry, event: AdminRegistryEvent): AdminRegistry => {
  switch (event.type) {
    case 'AdminRegistered':
      return state.admins.includes(event.data.mobilePhone)
        ? state
        : { admins: [...state.admins, event.data.mobilePhone] };
    case 'AdminDeregistered':
      return { admins: state.admins.filter((a) => a !== event.data.mobilePhone) };
    default:
      return assertNever(event);
  }
};

export const decideAdminRegistry = (command: AdminRegistryCommand, state: AdminRegistry): AdminRegistryEvent[] => {
  const at = command.metadata.now.toISOString();
  const { mobilePhone, by } = command.data;
  switch (command.type) {
    case 'RegisterAdmin':
      return state.admins.includes(mobilePhone) ? [] : [{ type: 'AdminRegistered', data: { mobilePhone, by, at } }];
    case 'DeregisterAdmin': {
      // Checked even for an account the registry does not hold: with nobody else registered,
      // it may be the only admin there is (one granted before the registry existed).
      if (!state.admins.some((a) => a !== mobilePhone)) throw illegalState(adminRegistryMessages.lastAdmin);
      return state.admins.includes(mobilePhone) ? [{ type: 'AdminDeregistered', data: { mobilePhone, by, at } }] : [];
    }
    default:
      return assertNever(command);
  }
};

export const adminRegistryDecider: Decider<AdminRegistry, AdminRegistryCommand, AdminRegistryEvent> = {
  decide: decideAdminRegistry,
  evolve: evolveAdminRegistry,
  initialState: () => ({ admins: [] }),
};

import { assertNever, type Decider } from '../shared/decider.ts';
import { DomainError, illegalState, invalid } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import type { Role } from './roles.ts';
import { evolveUser, initialUser, type CompanyProfile, type User, type UserEvent } from './user.events.ts';

export type RegisterUser = {
  type: 'RegisterUser';
  data: {
    mobilePhone: string;
    name: string;
    registerType: 1 | 2;
    passwordHash: string;
    roles: Role[];
    profile: CompanyProfile | null;
  };
  metadata: { now: Date };
};
export type UpdateProfile = {
  type: 'UpdateProfile';
  data: { mobilePhone: string; name?: string; profile: CompanyProfile };
  metadata: { now: Date };
};
export type ResetPassword = {
  type: 'ResetPassword';
  data: { mobilePhone: string; passwordHash: string };
  metadata: { now: Date };
};
/** `by` is the granting admin's phone (or SYSTEM_ACTOR for seeding); `reason` is required. */
export type GrantRoles = {
  type: 'GrantRoles';
  data: { mobilePhone: string; roles: Role[]; by: string; reason: string };
  metadata: { now: Date };
};
export type RevokeRoles = {
  type: 'RevokeRoles';
  data: { mobilePhone: string; roles: Role[]; by: string; reason: string };
  metadata: { now: Date };
};
export type RecordLogin = {
  type: 'RecordLogin';
  data: { mobilePhone: string; method: 'password' | 'sms' | 'register' | 'reset' | 'code' };
  metadata: { now: Date };
};
export type UserCommand = RegisterUser | UpdateProfile | ResetPassword | GrantRoles | RevokeRoles | RecordLogin;

export const userMessages = {
  phoneTaken: '该手机号已注册',
  notRegistered: '该手机号未注册',
  reasonRequired: '请填写原因',
  cannotRevokeUser: '不能撤销普通用户角色',
} as const;

const requireReason = (reason: string) => {
  if (reason.trim() === '') throw invalid(userMessages.reasonRequired);
  return reason.trim();
};

const requireActive = (state: User) => {
  if (state.status !== 'active') throw new DomainError(userMessages.notRegistered, ResultCode.notFound);
  return state;
};

export const decideUser = (command: UserCommand, state: User): UserEvent[] => {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'RegisterUser':
      if (state.status !== 'unregistered') throw illegalState(userMessages.phoneTaken);
      return [{ type: 'UserRegistered', data: { ...command.data, registeredAt: at } }];
    case 'UpdateProfile': {
      const user = requireActive(state);
      return [
        {
          type: 'UserProfileUpdated',
          data: {
            mobilePhone: user.mobilePhone,
            name: command.data.name ?? user.name ?? command.data.profile.enterpriseName,
            profile: command.data.profile,
            updatedAt: at,
          },
        },
      ];
    }
    case 'ResetPassword':
      requireActive(state);
      return [{ type: 'UserPasswordReset', data: { ...command.data, resetAt: at } }];
    case 'GrantRoles': {
      const user = requireActive(state);
      const reason = requireReason(command.data.reason);
      const missing = [...new Set(command.data.roles)].filter((r) => !user.roles.includes(r));
      // Granting roles already held changes nothing, so seeding and retries are idempotent.
      return missing.length === 0
        ? []
        : [
            {
              type: 'UserRolesGranted',
              data: {
                mobilePhone: user.mobilePhone,
                roles: missing,
                grantedAt: at,
                grantedBy: command.data.by,
                reason,
              },
            },
          ];
    }
    case 'RevokeRoles': {
      const user = requireActive(state);
      // Every account is a customer; taking that away would leave an account no screen serves.
      if (command.data.roles.includes('user')) throw invalid(userMessages.cannotRevokeUser);
      const reason = requireReason(command.data.reason);
      const held = [...new Set(command.data.roles)].filter((r) => user.roles.includes(r));
      return held.length === 0
        ? []
        : [
            {
              type: 'UserRolesRevoked',
              data: { mobilePhone: user.mobilePhone, roles: held, revokedBy: command.data.by, reason, revokedAt: at },
            },
          ];
    }
    case 'RecordLogin':
      requireActive(state);
      return [{ type: 'UserLoggedIn', data: { ...command.data, at } }];
    default:
      return assertNever(command);
  }
};

export const userDecider: Decider<User, UserCommand, UserEvent> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUser,
};

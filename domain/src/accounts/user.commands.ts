import { assertNever, type Decider } from '../shared/decider.ts';
import { DomainError, illegalState } from '../shared/errors.ts';
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
export type GrantRoles = {
  type: 'GrantRoles';
  data: { mobilePhone: string; roles: Role[] };
  metadata: { now: Date };
};
export type RecordLogin = {
  type: 'RecordLogin';
  data: { mobilePhone: string; method: 'password' | 'sms' | 'register' | 'reset' | 'code' };
  metadata: { now: Date };
};
export type UserCommand = RegisterUser | UpdateProfile | ResetPassword | GrantRoles | RecordLogin;

export const userMessages = {
  phoneTaken: '该手机号已注册',
  notRegistered: '该手机号未注册',
} as const;

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
      const missing = command.data.roles.filter((r) => !user.roles.includes(r));
      // Granting roles already held changes nothing, so seeding is idempotent.
      return missing.length === 0
        ? []
        : [{ type: 'UserRolesGranted', data: { mobilePhone: user.mobilePhone, roles: missing, grantedAt: at } }];
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

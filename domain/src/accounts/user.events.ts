import type { Role } from './roles.ts';
import type { ProfileFields } from './validation.ts';

export type CompanyProfile = ProfileFields;

export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    mobilePhone: string;
    name: string;
    registerType: 1 | 2;
    passwordHash: string;
    roles: Role[];
    profile: CompanyProfile | null;
    registeredAt: string;
  };
};
export type UserProfileUpdated = {
  type: 'UserProfileUpdated';
  data: { mobilePhone: string; name: string; profile: CompanyProfile; updatedAt: string };
};
export type UserPasswordReset = {
  type: 'UserPasswordReset';
  data: { mobilePhone: string; passwordHash: string; resetAt: string };
};
/** Events written before roles carried who and why have neither; they read as granted by the system. */
export type UserRolesGranted = {
  type: 'UserRolesGranted';
  data: { mobilePhone: string; roles: Role[]; grantedAt: string; grantedBy?: string; reason?: string };
};
export type UserRolesRevoked = {
  type: 'UserRolesRevoked';
  data: { mobilePhone: string; roles: Role[]; revokedBy: string; reason: string; revokedAt: string };
};
export type UserLoggedIn = {
  type: 'UserLoggedIn';
  data: { mobilePhone: string; method: 'password' | 'sms' | 'register' | 'reset' | 'code'; at: string };
};

export type UserEvent =
  | UserRegistered
  | UserProfileUpdated
  | UserPasswordReset
  | UserRolesGranted
  | UserRolesRevoked
  | UserLoggedIn;
export const userEventTypes: readonly UserEvent['type'][] = [
  'UserRegistered',
  'UserProfileUpdated',
  'UserPasswordReset',
  'UserRolesGranted',
  'UserRolesRevoked',
  'UserLoggedIn',
];

/** Who granted the roles of an event; events from before who/why were recorded were the seeding's. */
export const SYSTEM_ACTOR = 'system';

export type UnregisteredUser = { status: 'unregistered' };
export type ActiveUser = {
  status: 'active';
  mobilePhone: string;
  name: string;
  registerType: 1 | 2;
  passwordHash: string;
  roles: Role[];
  profile: CompanyProfile | null;
  /** The last password reset: sessions started before it are over. */
  passwordResetAt?: string;
};
export type User = UnregisteredUser | ActiveUser;

export const initialUser = (): User => ({ status: 'unregistered' });

export const evolveUser = (state: User, event: UserEvent): User => {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'active',
        mobilePhone: event.data.mobilePhone,
        name: event.data.name,
        registerType: event.data.registerType,
        passwordHash: event.data.passwordHash,
        roles: event.data.roles,
        profile: event.data.profile,
      };
    case 'UserProfileUpdated':
      return state.status === 'active'
        ? { ...state, name: event.data.name, profile: event.data.profile, registerType: 2 }
        : state;
    case 'UserPasswordReset':
      return state.status === 'active'
        ? { ...state, passwordHash: event.data.passwordHash, passwordResetAt: event.data.resetAt }
        : state;
    case 'UserRolesGranted':
      return state.status === 'active'
        ? { ...state, roles: [...new Set([...state.roles, ...event.data.roles])] }
        : state;
    case 'UserRolesRevoked':
      return state.status === 'active'
        ? { ...state, roles: state.roles.filter((r) => !event.data.roles.includes(r)) }
        : state;
    case 'UserLoggedIn':
      return state;
  }
};

export const userStreamId = (mobilePhone: string) => `user-${mobilePhone}`;

/**
 * A profile good enough to insure with: who the policyholder is, how to reach them,
 * and one legal identifier. Inquiry answers 30000 请完善用户信息 until it holds.
 */
export const isProfileComplete = (profile: CompanyProfile | null): boolean =>
  !!profile &&
  !!profile.enterpriseName &&
  !!profile.phone &&
  !!profile.email &&
  profile.insuredType != null &&
  !!(profile.unifiedSocialCreditCode || profile.idCard);

import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import { decideUser, userDecider, userMessages, type UserCommand } from './user.commands.ts';
import { evolveUser, initialUser, isProfileComplete, SYSTEM_ACTOR, type User, type UserEvent } from './user.events.ts';
import { LEGACY_GRANT_REASON, roleHistoryEntry } from './roleAdmin.ts';
import type { Role } from './roles.ts';

const now = new Date('2026-11-21T08:00:00.000Z');
const phone = '13800000001';

const given = (events: UserEvent[]): User => events.reduce(evolveUser, initialUser());
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    mobilePhone: phone,
    name: '张三',
    registerType: 1,
    passwordHash: 'hash-1',
    roles: ['user'],
    profile: null,
    registeredAt: now.toISOString(),
  },
};
const profile = {
  enterpriseName: '飞保测试公司',
  phone: '13900000000',
  email: 'ops@example.com',
  unifiedSocialCreditCode: '91310000MA1FL0000X',
  insuredType: 1,
  theInsured: 1 as const,
};

/** Given the user's events, when a command arrives, then these events (or this refusal, or nothing). */
const spec = DeciderSpecification.for(userDecider);
const refused = (message: string, code: number) =>
  [DomainError, (error: DomainError) => error.message === message && error.code === code] as const;

describe('user decider', () => {
  it('registers a new phone', () => {
    const register: UserCommand = {
      type: 'RegisterUser',
      data: {
        mobilePhone: phone,
        name: '张三',
        registerType: 1,
        passwordHash: 'hash-1',
        roles: ['user'],
        profile: null,
      },
      metadata: { now },
    };
    const { profile: none, ...withoutProfile } = registered.data;
    spec([])
      .when(register)
      .then([{ type: 'UserRegistered', data: withoutProfile } as UserEvent]);
    // The subset match above cannot express a null; the profile of a person account is one.
    expect(none).toBeNull();
    expect(decideUser(register, given([]))).toEqual([registered]);
  });

  it('refuses a phone that is already registered', () => {
    spec(registered)
      .when({
        type: 'RegisterUser',
        data: { mobilePhone: phone, name: '李四', registerType: 1, passwordHash: 'x', roles: ['user'], profile: null },
        metadata: { now },
      })
      .thenThrows(...refused(userMessages.phoneTaken, ResultCode.conflict));
  });

  it('updates the profile of a registered user and marks it as a company account', () => {
    const update: UserCommand = { type: 'UpdateProfile', data: { mobilePhone: phone, profile }, metadata: { now } };
    const updated: UserEvent = {
      type: 'UserProfileUpdated',
      data: { mobilePhone: phone, name: '张三', profile, updatedAt: now.toISOString() },
    };
    spec(registered).when(update).then([updated]);
    expect(given([registered, updated])).toMatchObject({ status: 'active', registerType: 2, profile });
  });

  it('refuses updates, resets and logins for an unknown phone with 40400', () => {
    for (const command of [
      { type: 'UpdateProfile', data: { mobilePhone: phone, profile }, metadata: { now } },
      { type: 'ResetPassword', data: { mobilePhone: phone, passwordHash: 'h' }, metadata: { now } },
      { type: 'RecordLogin', data: { mobilePhone: phone, method: 'password' }, metadata: { now } },
    ] as UserCommand[])
      spec([])
        .when(command)
        .thenThrows(...refused(userMessages.notRegistered, ResultCode.notFound));
  });

  it('replaces the password hash on reset', () => {
    const reset: UserEvent = {
      type: 'UserPasswordReset',
      data: { mobilePhone: phone, passwordHash: 'hash-2', resetAt: now.toISOString() },
    };
    spec(registered)
      .when({ type: 'ResetPassword', data: { mobilePhone: phone, passwordHash: 'hash-2' }, metadata: { now } })
      .then([reset]);
    expect(given([registered, reset])).toMatchObject({ passwordHash: 'hash-2' });
  });

  it('grants only roles not yet held, with who and why, so seeding the admin twice changes nothing', () => {
    const granted: UserEvent = {
      type: 'UserRolesGranted',
      data: {
        mobilePhone: phone,
        roles: ['admin'],
        grantedAt: now.toISOString(),
        grantedBy: 'system',
        reason: '初始化管理员',
      },
    };
    const grant = (roles: Role[]): UserCommand => ({
      type: 'GrantRoles',
      data: { mobilePhone: phone, roles, by: 'system', reason: ' 初始化管理员 ' },
      metadata: { now },
    });
    spec(registered)
      .when(grant(['admin', 'user']))
      .then([granted]);
    spec([registered, granted])
      .when(grant(['admin']))
      .thenNothingHappened();
  });

  it('refuses a grant or a revocation without a reason', () => {
    for (const type of ['GrantRoles', 'RevokeRoles'] as const)
      spec(registered)
        .when({
          type,
          data: { mobilePhone: phone, roles: ['claims'], by: '13900000009', reason: '  ' },
          metadata: { now },
        } as UserCommand)
        .thenThrows(...refused(userMessages.reasonRequired, ResultCode.badRequest));
  });

  it('revokes only roles held, records who and why, and the roles are gone from the state', () => {
    const granted: UserEvent = {
      type: 'UserRolesGranted',
      data: {
        mobilePhone: phone,
        roles: ['claims', 'auditor'],
        grantedAt: now.toISOString(),
        grantedBy: '13900000009',
        reason: '入职',
      },
    };
    const revoked: UserEvent = {
      type: 'UserRolesRevoked',
      data: {
        mobilePhone: phone,
        roles: ['claims'],
        revokedBy: '13900000009',
        reason: '调岗',
        revokedAt: now.toISOString(),
      },
    };
    spec([registered, granted])
      .when({
        type: 'RevokeRoles',
        data: { mobilePhone: phone, roles: ['claims', 'test'], by: '13900000009', reason: '调岗' },
        metadata: { now },
      })
      .then([revoked]);
    expect(given([registered, granted, revoked])).toMatchObject({ roles: ['user', 'auditor'] });
    spec([registered, granted, revoked])
      .when({
        type: 'RevokeRoles',
        data: { mobilePhone: phone, roles: ['claims'], by: '13900000009', reason: '调岗' },
        metadata: { now },
      })
      .thenNothingHappened();
  });

  it('never revokes the user role', () => {
    spec(registered)
      .when({
        type: 'RevokeRoles',
        data: { mobilePhone: phone, roles: ['user'], by: '13900000009', reason: '注销' },
        metadata: { now },
      })
      .thenThrows(...refused(userMessages.cannotRevokeUser, ResultCode.badRequest));
  });

  it('still evolves a grant written before who and why were recorded', () => {
    const old = {
      type: 'UserRolesGranted',
      data: { mobilePhone: phone, roles: ['admin'], grantedAt: now.toISOString() },
    } as UserEvent;
    expect(given([registered, old])).toMatchObject({ roles: ['user', 'admin'] });
    expect(roleHistoryEntry(old)).toEqual({
      at: now.toISOString(),
      action: 'grant',
      roles: ['admin'],
      by: SYSTEM_ACTOR,
      reason: LEGACY_GRANT_REASON,
    });
  });

  it('records logins', () => {
    spec(registered)
      .when({ type: 'RecordLogin', data: { mobilePhone: phone, method: 'sms' }, metadata: { now } })
      .then([{ type: 'UserLoggedIn', data: { mobilePhone: phone, method: 'sms', at: now.toISOString() } }]);
  });
});

describe('profile completeness', () => {
  it('needs a name, contact phone, e-mail, insured type and one legal identifier', () => {
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete(profile as never)).toBe(true);
    expect(isProfileComplete({ ...profile, unifiedSocialCreditCode: undefined } as never)).toBe(false);
    expect(
      isProfileComplete({ ...profile, unifiedSocialCreditCode: undefined, idCard: '11010519491231002X' } as never),
    ).toBe(true);
    expect(isProfileComplete({ ...profile, email: undefined } as never)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { ResultCode } from '../shared/codes.ts';
import { decideUser, userMessages, type UserCommand } from './user.commands.ts';
import { evolveUser, initialUser, isProfileComplete, type User, type UserEvent } from './user.events.ts';

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

const when = (state: User, command: UserCommand) => decideUser(command, state);

describe('user decider', () => {
  it('registers a new phone', () => {
    const events = when(given([]), {
      type: 'RegisterUser',
      data: { mobilePhone: phone, name: '张三', registerType: 1, passwordHash: 'hash-1', roles: ['user'], profile: null },
      metadata: { now },
    });
    expect(events).toEqual([registered]);
  });

  it('refuses a phone that is already registered', () => {
    expect(() =>
      when(given([registered]), {
        type: 'RegisterUser',
        data: { mobilePhone: phone, name: '李四', registerType: 1, passwordHash: 'x', roles: ['user'], profile: null },
        metadata: { now },
      }),
    ).toThrow(userMessages.phoneTaken);
  });

  it('updates the profile of a registered user and marks it as a company account', () => {
    const events = when(given([registered]), { type: 'UpdateProfile', data: { mobilePhone: phone, profile }, metadata: { now } });
    expect(events).toEqual([
      { type: 'UserProfileUpdated', data: { mobilePhone: phone, name: '张三', profile, updatedAt: now.toISOString() } },
    ]);
    const state = given([registered, ...events]);
    expect(state).toMatchObject({ status: 'active', registerType: 2, profile });
  });

  it('refuses updates, resets and logins for an unknown phone with 40400', () => {
    for (const command of [
      { type: 'UpdateProfile', data: { mobilePhone: phone, profile }, metadata: { now } },
      { type: 'ResetPassword', data: { mobilePhone: phone, passwordHash: 'h' }, metadata: { now } },
      { type: 'RecordLogin', data: { mobilePhone: phone, method: 'password' }, metadata: { now } },
    ] as UserCommand[]) {
      try {
        when(given([]), command);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe(ResultCode.notFound);
        expect((error as DomainError).message).toBe(userMessages.notRegistered);
      }
    }
  });

  it('replaces the password hash on reset', () => {
    const events = when(given([registered]), { type: 'ResetPassword', data: { mobilePhone: phone, passwordHash: 'hash-2' }, metadata: { now } });
    expect(given([registered, ...events])).toMatchObject({ passwordHash: 'hash-2' });
  });

  it('grants only roles not yet held, so seeding the admin twice changes nothing', () => {
    const first = when(given([registered]), { type: 'GrantRoles', data: { mobilePhone: phone, roles: ['admin', 'user'] }, metadata: { now } });
    expect(first).toEqual([{ type: 'UserRolesGranted', data: { mobilePhone: phone, roles: ['admin'], grantedAt: now.toISOString() } }]);
    const again = when(given([registered, ...first]), { type: 'GrantRoles', data: { mobilePhone: phone, roles: ['admin'] }, metadata: { now } });
    expect(again).toEqual([]);
  });

  it('records logins', () => {
    expect(when(given([registered]), { type: 'RecordLogin', data: { mobilePhone: phone, method: 'sms' }, metadata: { now } })).toEqual([
      { type: 'UserLoggedIn', data: { mobilePhone: phone, method: 'sms', at: now.toISOString() } },
    ]);
  });
});

describe('profile completeness', () => {
  it('needs a name, contact phone, e-mail, insured type and one legal identifier', () => {
    expect(isProfileComplete(null)).toBe(false);
    expect(isProfileComplete(profile as never)).toBe(true);
    expect(isProfileComplete({ ...profile, unifiedSocialCreditCode: undefined } as never)).toBe(false);
    expect(isProfileComplete({ ...profile, unifiedSocialCreditCode: undefined, idCard: '11010519491231002X' } as never)).toBe(true);
    expect(isProfileComplete({ ...profile, email: undefined } as never)).toBe(false);
  });
});

import { assertNever } from '@feibao/domain/shared/decider';
import { isAdmin } from '@feibao/domain/accounts/roles';
import { isProfileComplete, type CompanyProfile, type UserEvent } from '@feibao/domain/accounts/user.events';
import { defineProjection, type RecordedEvent } from '@feibao/platform/projections/projection';
import { documentCollection } from '@feibao/platform/documents';
import type { PoolClient } from '@feibao/platform/db';
import { USER_PROFILES, type UserProfileDocument } from './userProfile.ts';

export const userProfiles = documentCollection<UserProfileDocument>(USER_PROFILES);

const mainRole = (roles: string[]) => (isAdmin(roles) ? 'admin' : (roles[0] ?? 'user'));

const withProfile = (doc: UserProfileDocument, profile: CompanyProfile | null): UserProfileDocument => ({
  ...doc,
  ...(profile ?? {}),
  companyName: profile?.enterpriseName ?? doc.companyName,
  profileComplete: isProfileComplete(profile),
});

export const evolveUserProfile = (doc: UserProfileDocument | null, event: UserEvent): UserProfileDocument | null => {
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      return withProfile(
        {
          name: data.name,
          nickName: data.name,
          mobilePhone: data.mobilePhone,
          registerType: data.registerType,
          roles: data.roles,
          userRoles: data.roles,
          role: mainRole(data.roles),
          profileComplete: false,
          registeredAt: data.registeredAt,
          updatedAt: data.registeredAt,
          lastLoginAt: null,
        },
        data.profile,
      );
    }
    case 'UserProfileUpdated':
      return (
        doc &&
        withProfile(
          {
            ...doc,
            name: event.data.name,
            nickName: event.data.name,
            registerType: 2,
            updatedAt: event.data.updatedAt,
          },
          event.data.profile,
        )
      );
    case 'UserRolesGranted': {
      if (!doc) return doc;
      const roles = [...new Set([...doc.roles, ...event.data.roles])];
      return { ...doc, roles, userRoles: roles, role: mainRole(roles), updatedAt: event.data.grantedAt };
    }
    case 'UserRolesRevoked': {
      if (!doc) return doc;
      const roles = doc.roles.filter((r) => !(event.data.roles as string[]).includes(r));
      return { ...doc, roles, userRoles: roles, role: mainRole(roles), updatedAt: event.data.revokedAt };
    }
    case 'UserLoggedIn':
      return doc && { ...doc, lastLoginAt: event.data.at };
    case 'UserPasswordReset':
      return doc && { ...doc, updatedAt: event.data.resetAt };
    default:
      return assertNever(event);
  }
};

/** Each profile read and written once per runner batch. */
const applyUserEvents = async (events: RecordedEvent[], client: PoolClient) => {
  const docs = userProfiles.batch(client);
  await docs.load(events.map((event) => String(event.data.mobilePhone)));
  for (const event of events)
    docs.update(String(event.data.mobilePhone), (doc) =>
      evolveUserProfile(doc, { type: event.type, data: event.data } as UserEvent),
    );
  await docs.flush();
};

export const userProfileProjection = defineProjection({
  name: 'user-profiles',
  version: 1,
  collections: [userProfiles],
  eventTypes: [
    'UserRegistered',
    'UserProfileUpdated',
    'UserRolesGranted',
    'UserRolesRevoked',
    'UserLoggedIn',
    'UserPasswordReset',
  ],
  handle: (event: RecordedEvent, client: PoolClient) => applyUserEvents([event], client),
  handleBatch: (events: RecordedEvent[], client: PoolClient) => applyUserEvents(events, client),
});

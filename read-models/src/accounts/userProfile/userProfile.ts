import type { CompanyProfile } from '@feibao/domain/accounts/user.events';

/** The caller's own account as the profile screens and the header show it. */
export type UserProfileDocument = {
  name: string;
  nickName: string;
  mobilePhone: string;
  registerType: 1 | 2;
  roles: string[];
  role: string;
  userRoles: string[];
  profileComplete: boolean;
  registeredAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
} & Partial<CompanyProfile> & { companyName?: string };

export const USER_PROFILES = 'user_profiles';

/** Account and session calls: login, registration, SMS codes, profile, partner sign-in. */
import useSWR, { mutate } from 'swr';
import type { SmsPurpose } from '@feibao/domain/accounts/validation';
import { call, request } from '../api/client.ts';
import {
  type AuthData,
  type SessionUser,
  clearSession,
  saveSession,
  saveUser,
  sessionStore,
  toSessionUser,
  useSession,
} from '../api/session.ts';

const base = '/api/v1/uav/user';

export const paths = {
  login: `${base}/login`,
  loginByPhone: `${base}/loginByPhone`,
  register: `${base}/register`,
  reset: `${base}/reset`,
  phone: `${base}/phone`,
  update: `${base}/update`,
  guest: `${base}/guest`,
  refresh: `${base}/refresh`,
  logout: `${base}/logout`,
  profile: `${base}/getUserByUserName`,
  currentUser: '/api/v1/uav/uc/currentUser',
  authorize: '/api/v1/uav/uc/authorize',
  getToken: '/api/v1/uav/uc/getToken',
} as const;

export type Profile = {
  name?: string | null;
  mobilePhone: string;
  registerType?: number | null;
  enterpriseName?: string | null;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  unifiedSocialCreditCode?: string | null;
  idCard?: string | null;
  theInsured?: number | null;
  insuredType?: number | null;
  theInsuredName?: string | null;
  theInsuredPhone?: string | null;
  theInsuredEmail?: string | null;
  theInsuredAddress?: string | null;
  theInsuredUnifiedSocialCreditCode?: string | null;
  theInsuredIdCard?: string | null;
  roles?: string[];
  profileComplete?: boolean;
};

export type CurrentUser = { nickName?: string; name?: string; mobilePhone?: string; roles?: string[]; guest?: boolean };

/** Drops every cached query (another user must not see this one's data). */
export const clearSwrCache = () => mutate(() => true, undefined, { revalidate: false });

const establish = async (env: { data: AuthData; message: string }, phone = '') => {
  await clearSwrCache();
  saveSession(env.data, phone);
  return env;
};

export const login = async (form: { mobilePhone: string; password: string; rememberMe: boolean }) =>
  establish(await call<AuthData>(paths.login, { body: form, auth: 'public' }), form.mobilePhone);

export const loginByPhone = async (form: { mobilePhone: string; identifyingCode: string }) =>
  establish(await call<AuthData>(paths.loginByPhone, { body: form, auth: 'public' }), form.mobilePhone);

export const register = async (form: Record<string, unknown> & { mobilePhone: string }) =>
  establish(await call<AuthData>(paths.register, { body: form, auth: 'public' }), form.mobilePhone);

/** The web's enterprise form, sent with its own field names (the server maps them to a company registration). */
export const registerEnterprise = async (form: Record<string, unknown> & { contactPhone: string }) =>
  establish(await call<AuthData>(paths.register, { body: form, auth: 'public' }), form.contactPhone);

export const resetPassword = async (form: {
  mobilePhone: string;
  password: string;
  confirmPassword: string;
  identifyingCode: string;
}) => establish(await call<AuthData>(paths.reset, { body: form, auth: 'public' }), form.mobilePhone);

export const guestLogin = async () =>
  establish(await call<AuthData>(paths.guest, { method: 'POST', body: {}, auth: 'public' }));

export const sendSmsCode = (phone: string, purpose: SmsPurpose) =>
  call<unknown>(paths.phone, { query: { phone, purpose }, auth: 'public' });

export const updateProfile = (form: Record<string, unknown>) => call<unknown>(paths.update, { body: form });

export const fetchCurrentUser = () => request<CurrentUser>(paths.currentUser);

/** Refreshes the stored user from the profile (the header shows its name). */
export const rememberProfile = (p: Profile) => {
  const s = sessionStore.get();
  if (!s) return;
  const next: SessionUser = {
    ...(s.user ?? toSessionUser(undefined)),
    name: p.name || s.user?.name || '',
    mobilePhone: p.mobilePhone || s.user?.mobilePhone || '',
    roles: p.roles ?? s.user?.roles ?? [],
  };
  if (JSON.stringify(next) !== JSON.stringify(s.user)) saveUser(next);
};

/**
 * Logout: tell the server (best effort: the local session ends either way, and a
 * failure is reported), then clear storage and the SWR cache.
 */
export const logout = async (): Promise<void> => {
  const s = sessionStore.get();
  let failure: unknown = null;
  if (s?.refreshToken) {
    try {
      await call<unknown>(paths.logout, { body: { refreshToken: s.refreshToken }, auth: 'bearer' });
    } catch (e) {
      failure = e;
    }
  }
  clearSession();
  await clearSwrCache();
  if (failure) throw failure;
};

/** /authorize: exchange a one-time code for tokens, then load the user. */
export const exchangeCode = async (code: string) => {
  const data = await request<AuthData>(paths.getToken, { query: { code }, auth: 'public' });
  saveSession(data);
  await clearSwrCache();
  const u = await fetchCurrentUser();
  saveUser(toSessionUser({ ...u, name: u.name ?? u.nickName }));
  return u;
};

/** The logged-in user's profile (null key while logged out). */
export const useProfile = () => {
  const session = useSession();
  return useSWR<Profile>(session ? paths.profile : null);
};

/**
 * Browser session: tokens, the stored user and the guest flag live in localStorage.
 * Components subscribe through useSession().
 */
import { useSyncExternalStore } from 'react';

export const STORAGE_KEYS = {
  accessToken: 'feibao.accessToken',
  refreshToken: 'feibao.refreshToken',
  userInfo: 'feibao.userInfo',
  /** Holds the value 'guest' for a guest session. */
  guest: 'feibao.guest',
  /** The last insure form (written by the ordering screens). */
  insureForm: 'insureForm',
  /** Address to return to after logging in. */
  redirect: 'feibao.redirect',
  /** Query string saved by the popup auth-redirect page. */
  authRedirectQuery: 'feibao.authRedirectQuery',
} as const;

export const GUEST_FLAG = 'guest';

export type SessionUser = {
  name: string;
  mobilePhone: string;
  roles: string[];
  nickName?: string;
  guest?: boolean;
};

export type Session = {
  accessToken: string;
  refreshToken: string | null;
  user: SessionUser | null;
  guest: boolean;
};

/** data of login, loginByPhone, register, reset, guest and refresh. */
export type AuthData = {
  code?: number;
  message?: string;
  accessToken?: string;
  refreshToken?: string;
  refresh_token?: string;
  expiresIn?: number;
  user?: Partial<SessionUser> & { name?: string; mobilePhone?: string };
};

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

/**
 * An access token and its rotating refresh token under an app's own keys: the rule platform keeps
 * its pair apart from the customer app's, so signing in to one never signs the other in or out.
 */
export const createTokenPair = (keys: { access: string; refresh: string }) => ({
  get: (): string | null => storage()?.getItem(keys.access) || null,
  /** A session without a refresh token (an old sign-in) keeps working until its access token expires. */
  set: (token: string, refreshToken?: string | null) => {
    storage()?.setItem(keys.access, token);
    if (refreshToken) storage()?.setItem(keys.refresh, refreshToken);
    else storage()?.removeItem(keys.refresh);
  },
  refreshToken: (): string | null => storage()?.getItem(keys.refresh) || null,
  forgetRefresh: () => storage()?.removeItem(keys.refresh),
  clear: () => {
    storage()?.removeItem(keys.access);
    storage()?.removeItem(keys.refresh);
  },
});

const read = (): Session | null => {
  const s = storage();
  const accessToken = s?.getItem(STORAGE_KEYS.accessToken);
  if (!s || !accessToken) return null;
  let user: SessionUser | null = null;
  const raw = s.getItem(STORAGE_KEYS.userInfo);
  if (raw) {
    try {
      user = JSON.parse(raw) as SessionUser;
    } catch {
      user = null;
    }
  }
  return {
    accessToken,
    refreshToken: s.getItem(STORAGE_KEYS.refreshToken),
    user,
    guest: s.getItem(STORAGE_KEYS.guest) === GUEST_FLAG,
  };
};

let current: Session | null = read();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const sessionStore = {
  get: (): Session | null => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Reload from storage (another tab may have changed it). */
  reload() {
    current = read();
    emit();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (!e.key || e.key.startsWith('feibao.')) sessionStore.reload();
  });
}

/** Normalises the user object the API returns into what we keep. */
export const toSessionUser = (u: AuthData['user'] | undefined, fallbackPhone = ''): SessionUser => ({
  name: u?.name ?? u?.nickName ?? '',
  mobilePhone: u?.mobilePhone ?? fallbackPhone,
  roles: Array.isArray(u?.roles) ? u!.roles! : [],
  nickName: u?.nickName,
  guest: Boolean(u?.guest),
});

/** The access token is in data.accessToken, or in data.message for the old clients. */
export const accessTokenOf = (data: AuthData | null | undefined): string | null =>
  data?.accessToken || (typeof data?.message === 'string' && data.message.length > 20 ? data.message : null) || null;

export const saveSession = (data: AuthData, fallbackPhone = ''): Session => {
  const accessToken = accessTokenOf(data);
  if (!accessToken) throw new Error('登录响应缺少令牌');
  const refreshToken = data.refreshToken ?? data.refresh_token ?? null;
  const user = data.user ? toSessionUser(data.user, fallbackPhone) : (current?.user ?? null);
  const guest = Boolean(data.user?.guest);
  const s = storage();
  if (s) {
    s.setItem(STORAGE_KEYS.accessToken, accessToken);
    if (refreshToken) s.setItem(STORAGE_KEYS.refreshToken, refreshToken);
    else s.removeItem(STORAGE_KEYS.refreshToken);
    if (user) s.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
    if (guest) s.setItem(STORAGE_KEYS.guest, GUEST_FLAG);
    else s.removeItem(STORAGE_KEYS.guest);
  }
  current = { accessToken, refreshToken, user, guest };
  emit();
  return current;
};

/**
 * Rotated tokens from a refresh keep the stored user, with the roles the refresh answered: roles
 * granted or revoked since sign-in reach the screens with the new token.
 */
export const saveTokens = (accessToken: string, refreshToken: string | null, refreshed?: AuthData['user']) => {
  const s = storage();
  s?.setItem(STORAGE_KEYS.accessToken, accessToken);
  if (refreshToken) s?.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  const before = current?.user ?? null;
  const user = before && Array.isArray(refreshed?.roles) ? { ...before, roles: refreshed.roles } : before;
  if (user && user !== before) s?.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
  current = {
    accessToken,
    refreshToken: refreshToken ?? current?.refreshToken ?? null,
    user,
    guest: current?.guest ?? false,
  };
  emit();
};

export const saveUser = (user: SessionUser) => {
  storage()?.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
  if (current) {
    current = { ...current, user };
    emit();
  }
};

/** Logout: token, user info, stored insure form, guest flag and redirect data. */
export const clearSession = (opts: { keepRedirect?: boolean } = {}) => {
  const s = storage();
  if (s) {
    s.removeItem(STORAGE_KEYS.accessToken);
    s.removeItem(STORAGE_KEYS.refreshToken);
    s.removeItem(STORAGE_KEYS.userInfo);
    s.removeItem(STORAGE_KEYS.guest);
    s.removeItem(STORAGE_KEYS.insureForm);
    if (!opts.keepRedirect) s.removeItem(STORAGE_KEYS.redirect);
  }
  current = null;
  emit();
};

export const setRedirect = (address: string) => storage()?.setItem(STORAGE_KEYS.redirect, address);
export const peekRedirect = (): string | null => storage()?.getItem(STORAGE_KEYS.redirect) ?? null;
/** Returns and forgets the stored redirect address; only same-origin paths are honoured. */
export const takeRedirect = (): string | null => {
  const r = peekRedirect();
  storage()?.removeItem(STORAGE_KEYS.redirect);
  return safeLocalPath(r);
};

/** Accepts '/path?query' only: no scheme, no protocol-relative '//host'. */
export const safeLocalPath = (value: string | null | undefined): string | null => {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
};

export const useSession = (): Session | null =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);

/** Display name in the header: 访客 for a guest. */
export const displayName = (session: Session | null): string => {
  if (!session) return '';
  if (session.guest) return '访客';
  return session.user?.name || session.user?.nickName || session.user?.mobilePhone || '用户';
};

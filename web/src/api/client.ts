/**
 * HTTP client for the FeiBao API: envelope {code, message, data}, bearer token, the app's access
 * key, read-your-writes consistency token, one refresh attempt on 401 and the 50 s time-out.
 */
import { ResultCode } from '@feibao/domain/shared/codes';
import { type AuthData, clearSession, saveTokens, sessionStore, accessTokenOf } from './session.ts';

export type Envelope<T> = { code: number; message: string; data: T };

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  /** True when the client already told the user (the session-expired flow). */
  readonly handled: boolean;
  /** The envelope's data, for answers that carry some with a refusal (30000: the existing claim's id). */
  readonly data: unknown;
  constructor(code: number, message: string, status: number, handled = false, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.handled = handled;
    this.data = data;
  }
}

// ---- client identity and time-out ------------------------------------------

/**
 * The fixed access key the old client sent, naming this app to the server (CLIENT_APPS in
 * docs/configuration.md). It ships in the bundle: an identifier, never a secret.
 */
export const ACCESS_KEY_HEADER = 'X-Access-Key';
export const WEB_ACCESS_KEY = 'feibao-web-2026';

/** The customer client gives up on a request after 50 s, as the old one did. */
export const REQUEST_TIMEOUT_MS = 50_000;
export const TIMEOUT_MESSAGE = '请求超时，请检查网络后重试';
export const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';

/**
 * fetch plus reading the body under one time-out. A caller's abort stays an AbortError (screens
 * ignore those); the time-out and a lost connection become ApiErrors with a message to show.
 */
const exchange = async (
  url: string,
  init: RequestInit,
  signal?: AbortSignal,
): Promise<{ res: Response; text: string }> => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', forward, { once: true });
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    return { res, text: await res.text() };
  } catch (e) {
    if (timedOut) throw new ApiError(0, TIMEOUT_MESSAGE, 0);
    if (signal?.aborted || (e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, NETWORK_MESSAGE, 0);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
};

// ---- consistency token (read-your-writes) ---------------------------------

const CONSISTENCY_HEADER = 'X-Consistency-Token';
const CONSISTENCY_KEY = 'feibao.consistencyToken';
let consistencyToken = 0;
try {
  consistencyToken = Number(globalThis.sessionStorage?.getItem(CONSISTENCY_KEY) ?? 0) || 0;
} catch {
  consistencyToken = 0;
}

/** Keeps the highest token seen; non-numeric or smaller values are ignored. */
export const mergeConsistencyToken = (known: number, header: string | null | undefined): number => {
  if (header == null || header.trim() === '') return known;
  const n = Number(header.trim());
  return Number.isFinite(n) && n > known ? n : known;
};

export const getConsistencyToken = () => consistencyToken;
/** Keeps the token of a response read outside `call` (an XHR upload, a picture fetch). */
export const noteConsistencyHeader = (header: string | null) => {
  const next = mergeConsistencyToken(consistencyToken, header);
  if (next !== consistencyToken) {
    consistencyToken = next;
    try {
      globalThis.sessionStorage?.setItem(CONSISTENCY_KEY, String(next));
    } catch {
      /* private mode: memory only */
    }
  }
};
const noteConsistency = (res: Response) => noteConsistencyHeader(res.headers.get(CONSISTENCY_HEADER));

// ---- unauthorized handling -------------------------------------------------

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
/** The app installs what a final 401 does (login dialog or mobile login page). */
export const setUnauthorizedHandler = (h: UnauthorizedHandler) => {
  onUnauthorized = h;
};

const REFRESH_PATH = '/api/v1/uav/user/refresh';
let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; concurrent 401s wait for the same attempt. */
const refreshOnce = (): Promise<boolean> => {
  if (refreshing) return refreshing;
  const refreshToken = sessionStore.get()?.refreshToken;
  if (!refreshToken) return Promise.resolve(false);
  refreshing = (async () => {
    try {
      const { res, text } = await exchange(REFRESH_PATH, {
        method: 'POST',
        headers: baseHeaders(null),
        body: JSON.stringify({ refreshToken }),
      });
      noteConsistency(res);
      const env = res.ok ? envelopeOf<AuthData>(text) : null;
      const token = accessTokenOf(env?.data);
      if (!env || env.code !== ResultCode.success || !token) return false;
      saveTokens(token, env.data.refreshToken ?? env.data.refresh_token ?? null, env.data.user);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
};

// ---- requests made outside `call` ------------------------------------------

/** The bearer, access-key and consistency headers `call` sends, for XHR uploads (progress) and picture fetches. */
export const authHeaders = (): Record<string, string> => {
  const token = sessionStore.get()?.accessToken ?? null;
  const h: Record<string, string> = { [ACCESS_KEY_HEADER]: WEB_ACCESS_KEY };
  if (token) h.Authorization = `Bearer ${token}`;
  if (consistencyToken > 0) h[CONSISTENCY_HEADER] = String(consistencyToken);
  return h;
};
/** After a 401: one shared refresh attempt; true when a new token was saved. */
export const refreshSession = (): Promise<boolean> => refreshOnce();
/** The final 401 outside `call`: forget the session and ask for a login, as `call` does. */
export const expireSession = (message = '登录已失效，请重新登录') => {
  clearSession({ keepRedirect: true });
  onUnauthorized(message);
};

// ---- requests ---------------------------------------------------------------

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /**
   * 'session' (default): bearer token, refresh and re-login on 401.
   * 'bearer': sends the token but a 401 is an ordinary error (logout).
   * 'public': no token, no session handling; a 401 is an ordinary error (login with a wrong password).
   */
  auth?: 'session' | 'bearer' | 'public';
  signal?: AbortSignal;
};

const baseHeaders = (token: string | null): Record<string, string> => {
  const h: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    [ACCESS_KEY_HEADER]: WEB_ACCESS_KEY,
  };
  if (token) h.Authorization = `Bearer ${token}`;
  if (consistencyToken > 0) h[CONSISTENCY_HEADER] = String(consistencyToken);
  return h;
};

export const buildUrl = (path: string, query?: RequestOptions['query']): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
};

/** Message for an HTTP failure that carried no `{code, message, data}` envelope. */
export const httpFailureMessage = (status: number): string => {
  if (status >= 500) return `服务器(${status}) 网络异常，请稍后重试`;
  if (status === 404) return `服务器(${status}) 请求地址不存在`;
  return `服务器(${status}) 请求失败，请稍后重试`;
};

const send = (path: string, opts: RequestOptions) => {
  const token = opts.auth === 'public' ? null : (sessionStore.get()?.accessToken ?? null);
  return exchange(
    buildUrl(path, opts.query),
    {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers: baseHeaders(token),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    },
    opts.signal,
  );
};

const envelopeOf = <T>(text: string): Envelope<T> | null => {
  if (!text) return null;
  try {
    const j = JSON.parse(text) as unknown;
    if (j && typeof j === 'object' && 'code' in j) return j as Envelope<T>;
  } catch {
    /* not JSON */
  }
  return null;
};

/** Performs a call; returns the success envelope or throws ApiError (any code but 20000). */
export async function call<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const tokenAtStart = opts.auth === 'public' ? null : (sessionStore.get()?.accessToken ?? null);
  let { res, text } = await send(path, opts);
  noteConsistency(res);
  let env = envelopeOf<T>(text);

  const unauthorized = (r: Response, e: Envelope<T> | null) => r.status === 401 || e?.code === ResultCode.unauthorized;

  if ((opts.auth ?? 'session') === 'session' && unauthorized(res, env)) {
    // The user logged out while this call was in flight: its 401 is expected, not an expiry.
    if (tokenAtStart && !sessionStore.get())
      throw new ApiError(ResultCode.unauthorized, env?.message || '登录已失效，请重新登录', res.status, true);
    if (await refreshOnce()) {
      ({ res, text } = await send(path, opts));
      noteConsistency(res);
      env = envelopeOf<T>(text);
    }
    if (unauthorized(res, env)) {
      const message = env?.message || '登录已失效，请重新登录';
      clearSession({ keepRedirect: true });
      onUnauthorized(message);
      throw new ApiError(ResultCode.unauthorized, message, res.status, true);
    }
  }

  if (!env)
    throw new ApiError(res.ok ? ResultCode.serverError : res.status, httpFailureMessage(res.status), res.status);
  if (env.code !== ResultCode.success)
    throw new ApiError(env.code, env.message || httpFailureMessage(res.status), res.status, false, env.data);
  return env;
}

/** envelope.data of a successful call. */
export const request = async <T>(path: string, opts: RequestOptions = {}): Promise<T> =>
  (await call<T>(path, opts)).data;

/** SWR fetcher: the key is the path, or [path, query]. */
export const swrFetcher = <T>(key: string | readonly [string, RequestOptions['query']]): Promise<T> =>
  typeof key === 'string' ? request<T>(key) : request<T>(key[0], { query: key[1] });

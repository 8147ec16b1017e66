/**
 * HTTP client for the FeiBao API: envelope {code, message, data}, the app's access key and token,
 * a time-out, and one renewal at a time. One client for both apps, configured by `createApiClient`:
 * the customer app's (below: bearer token, read-your-writes consistency token, one refresh attempt
 * on 401, 50 s) and the rule platform's (web/src/rules/api/client.ts: X-Token, 5 s, its own codes).
 */
import { ResultCode } from '@feibao/domain/shared/codes';
import { type AuthData, clearSession, saveTokens, sessionStore, accessTokenOf } from './session.ts';
import {
  ACCESS_KEY_HEADER,
  ApiError,
  type Answer,
  type Envelope,
  createApiClient,
  singleFlight,
} from './createClient.ts';

export {
  ACCESS_KEY_HEADER,
  type Answer,
  ApiError,
  buildUrl,
  type ClientConfig,
  createApiClient,
  type Envelope,
  type Exchange,
  NETWORK_MESSAGE,
  singleFlight,
} from './createClient.ts';

// ---- client identity and time-out ------------------------------------------

/**
 * The fixed access key the old client sent, naming this app to the server (CLIENT_APPS in
 * docs/configuration.md). It ships in the bundle: an identifier, never a secret.
 */
export const WEB_ACCESS_KEY = 'feibao-web-2026';

/** The customer client gives up on a request after 50 s, as the old one did. */
export const REQUEST_TIMEOUT_MS = 50_000;
export const TIMEOUT_MESSAGE = '请求超时，请检查网络后重试';

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

/** One refresh at a time; concurrent 401s wait for the same attempt. */
const refreshOnce = singleFlight(async (): Promise<boolean> => {
  const refreshToken = sessionStore.get()?.refreshToken;
  if (!refreshToken) return false;
  try {
    const answer = await web.send<AuthData>(REFRESH_PATH, { method: 'POST', body: { refreshToken } }, null);
    const env = answer.ok ? answer.env : null;
    const token = accessTokenOf(env?.data);
    if (!env || env.code !== ResultCode.success || !token) return false;
    saveTokens(token, env.data.refreshToken ?? env.data.refresh_token ?? null, env.data.user);
    return true;
  } catch {
    return false;
  }
});

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

/** Message for an HTTP failure that carried no `{code, message, data}` envelope. */
export const httpFailureMessage = (status: number): string => {
  if (status >= 500) return `服务器(${status}) 网络异常，请稍后重试`;
  if (status === 404) return `服务器(${status}) 请求地址不存在`;
  return `服务器(${status}) 请求失败，请稍后重试`;
};

/** The customer app's client: the bearer token, the consistency token and 50 s. */
const web = createApiClient({
  accessKey: WEB_ACCESS_KEY,
  timeoutMs: REQUEST_TIMEOUT_MS,
  timeoutMessage: TIMEOUT_MESSAGE,
  tokenHeaders: (token) => ({ Authorization: `Bearer ${token}` }),
  jsonAlways: true,
  extraHeaders: (): Record<string, string> =>
    consistencyToken > 0 ? { [CONSISTENCY_HEADER]: String(consistencyToken) } : {},
  onResponse: noteConsistency,
  bare: (status, ok) => ({ code: ok ? ResultCode.serverError : status, message: httpFailureMessage(status) }),
  error: (code, message, status, data) => new ApiError(code, message, status, false, data ?? null),
});

const send = <T>(path: string, opts: RequestOptions) =>
  web.send<T>(path, opts, opts.auth === 'public' ? null : (sessionStore.get()?.accessToken ?? null));

/** Performs a call; returns the success envelope or throws ApiError (any code but 20000). */
export async function call<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const tokenAtStart = opts.auth === 'public' ? null : (sessionStore.get()?.accessToken ?? null);
  let answer = await send<T>(path, opts);

  const unauthorized = (a: Answer<T>) => a.status === 401 || a.env?.code === ResultCode.unauthorized;

  if ((opts.auth ?? 'session') === 'session' && unauthorized(answer)) {
    // The user logged out while this call was in flight: its 401 is expected, not an expiry.
    if (tokenAtStart && !sessionStore.get())
      throw new ApiError(ResultCode.unauthorized, answer.env?.message || '登录已失效，请重新登录', answer.status, true);
    if (await refreshOnce()) answer = await send<T>(path, opts);
    if (unauthorized(answer)) {
      const message = answer.env?.message || '登录已失效，请重新登录';
      clearSession({ keepRedirect: true });
      onUnauthorized(message);
      throw new ApiError(ResultCode.unauthorized, message, answer.status, true);
    }
  }

  if (answer.env?.code !== ResultCode.success) throw web.refusal(answer);
  return answer.env;
}

/** envelope.data of a successful call. */
export const request = async <T>(path: string, opts: RequestOptions = {}): Promise<T> =>
  (await call<T>(path, opts)).data;

/** SWR fetcher: the key is the path, or [path, query]. */
export const swrFetcher = <T>(key: string | readonly [string, RequestOptions['query']]): Promise<T> =>
  typeof key === 'string' ? request<T>(key) : request<T>(key[0], { query: key[1] });

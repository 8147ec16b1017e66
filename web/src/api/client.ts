/**
 * HTTP client for the FeiBao API: envelope {code, message, data}, the app's access key and token,
 * a time-out, and one renewal at a time. One client for both apps, configured by `createApiClient`:
 * the customer app's (below: bearer token, read-your-writes consistency token, one refresh attempt
 * on 401, 50 s) and the rule platform's (web/src/rules/api/client.ts: X-Token, 5 s, its own codes).
 */
import { ResultCode } from '@feibao/domain/shared/codes';
import type { AuthData } from './session.ts';
import { clearSession, saveTokens, sessionStore, accessTokenOf } from './session.ts';

export type Envelope<T> = { code: number; message: string; data: T };

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
 * The fixed access key the old client sent, naming this app to the server (CLIENT_APPS in the
 * README's configuration table). It ships in the bundle: an identifier, never a secret.
 */
export const ACCESS_KEY_HEADER = 'X-Access-Key';
export const WEB_ACCESS_KEY = 'feibao-web-2026';

/** The customer client gives up on a request after 50 s, as the old one did. */
export const REQUEST_TIMEOUT_MS = 50_000;
export const TIMEOUT_MESSAGE = '请求超时，请检查网络后重试';
export const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';

export type ClientConfig = {
  accessKey: string;
  timeoutMs: number;
  timeoutMessage: string;
  /** The header carrying a token: a bearer for the customer app, X-Token for the rule platform. */
  tokenHeaders: (token: string) => Record<string, string>;
  /** Content-Type on every call (the customer app, as the old client did), or only with a body. */
  jsonAlways: boolean;
  /** Sends and keeps the read-your-writes consistency token (the customer app). */
  consistency: boolean;
  /** An answer without an envelope: the code and message it fails with. */
  bare: (status: number, ok: boolean) => { code: number; message: string };
  /** The error the app throws (the rule platform names its own). */
  error: (code: number, message: string, status: number, data?: unknown) => ApiError;
};

export type Exchange = {
  method?: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
};

/** What came back: the HTTP status and the envelope, when the body was one. */
export type Answer<T> = { status: number; ok: boolean; env: Envelope<T> | null };

/**
 * One app's way of talking to the API. `send` is one exchange told to nobody: the app decides what
 * a refusal, an expired token or a failure means; `refusal` is the error of any answer but 20000.
 */
export const createApiClient = (config: ClientConfig) => {
  const headers = (token: string | null, withBody: boolean): Record<string, string> => {
    const h: Record<string, string> = { Accept: 'application/json' };
    if (config.jsonAlways || withBody) h['Content-Type'] = 'application/json';
    h[ACCESS_KEY_HEADER] = config.accessKey;
    if (token) Object.assign(h, config.tokenHeaders(token));
    if (config.consistency && consistencyToken > 0) h[CONSISTENCY_HEADER] = String(consistencyToken);
    return h;
  };

  /**
   * fetch plus reading the body under one time-out. A caller's abort stays an AbortError (screens
   * ignore those); the time-out and a lost connection become errors with a message to show.
   */
  const send = async <T>(path: string, opts: Exchange, token: string | null): Promise<Answer<T>> => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeoutMs);
    const { signal } = opts;
    const forward = () => controller.abort();
    if (signal?.aborted) controller.abort();
    else signal?.addEventListener('abort', forward, { once: true });
    let res: Response;
    let text: string;
    try {
      res = await fetch(buildUrl(path, opts.query), {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers: headers(token, opts.body !== undefined),
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: controller.signal,
      });
      text = await res.text();
    } catch (e) {
      if (timedOut) throw config.error(0, config.timeoutMessage, 0);
      if (signal?.aborted || (e as Error).name === 'AbortError') throw e;
      throw config.error(0, NETWORK_MESSAGE, 0);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
    if (config.consistency) noteConsistency(res);
    return { status: res.status, ok: res.ok, env: envelopeOf<T>(text) };
  };

  const refusal = <T>({ status, ok, env }: Answer<T>): ApiError => {
    if (!env) {
      const bare = config.bare(status, ok);
      return config.error(bare.code, bare.message, status);
    }
    return config.error(env.code, env.message || config.bare(status, ok).message, status, env.data);
  };

  return { send, refusal, headers };
};

/**
 * One renewal at a time: the calls that expired together wait for the same attempt, since a
 * refresh token is good for one use.
 */
export const singleFlight = <T>(run: () => Promise<T>) => {
  let pending: Promise<T> | null = null;
  return (): Promise<T> => {
    pending ??= run().finally(() => {
      pending = null;
    });
    return pending;
  };
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

/** The customer app's client: the bearer token, the consistency token and 50 s. */
const web = createApiClient({
  accessKey: WEB_ACCESS_KEY,
  timeoutMs: REQUEST_TIMEOUT_MS,
  timeoutMessage: TIMEOUT_MESSAGE,
  tokenHeaders: (token) => ({ Authorization: `Bearer ${token}` }),
  jsonAlways: true,
  consistency: true,
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

/**
 * The one API client's core, shared by the customer app (web/src/api/client.ts) and the rule
 * platform (web/src/rules/api/client.ts): the envelope {code, message, data}, the app's access key
 * and token header, a time-out, and one renewal at a time. Each app configures it with
 * `createApiClient` and keeps its own session policy (what an expired token or a refusal does).
 */

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

export const ACCESS_KEY_HEADER = 'X-Access-Key';
export const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';

export const buildUrl = (path: string, query?: Exchange['query']): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
};

export type ClientConfig = {
  accessKey: string;
  timeoutMs: number;
  timeoutMessage: string;
  /** The header carrying a token: a bearer for the customer app, X-Token for the rule platform. */
  tokenHeaders: (token: string) => Record<string, string>;
  /** Content-Type on every call (the customer app, as the old client did), or only with a body. */
  jsonAlways: boolean;
  /** Headers of the app's own on every call (the customer app's read-your-writes token). */
  extraHeaders?: () => Record<string, string>;
  /** Sees every answer (the customer app keeps the consistency token it carries). */
  onResponse?: (res: Response) => void;
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
    if (config.extraHeaders) Object.assign(h, config.extraHeaders());
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
    config.onResponse?.(res);
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

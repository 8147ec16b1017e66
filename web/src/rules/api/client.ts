/**
 * The rule platform's HTTP client (README "Rule platform"): the token in X-Token, a 5 s time-out,
 * any answer but 20000 shown for 5 s, an expired token (50014) renewed once with the rotating
 * refresh token and the call replayed, and the session codes 50008/50012 (or a failed renewal)
 * opening the re-login prompt. Small on purpose: it shares nothing with the customer app's client.
 */
import { ResultCode } from '@feibao/domain/shared/codes';
import { ApiError } from '../../api/client.ts';
import { rulesToken } from './token.ts';

export const RULES_TIMEOUT_MS = 5000;
export const RULES_MESSAGE_MS = 5000;
export const RELOGIN_CODES: readonly number[] = [
  ResultCode.rulesIllegalToken,
  ResultCode.rulesSessionRevoked,
  ResultCode.rulesTokenExpired,
];
export const TIMEOUT_MESSAGE = '请求超时（5秒），请稍后重试';
export const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';
export const REFRESH_PATH = '/api/v1/uav/user/refresh';
/** Names the rule platform to the server (README CLIENT_APPS): an identifier in the bundle, not a secret. */
export const RULES_ACCESS_KEY = 'feibao-rules-2026';

/** An ApiError, so the shared screens (ReasonDialog, notifyError) read both apps' refusals alike. */
export class RulesApiError extends ApiError {
  constructor(code: number, message: string, status: number) {
    super(code, message, status);
    this.name = 'RulesApiError';
  }
}

/** What the app does with a failure: a message for 5 s, or the re-login prompt. */
export type RulesNotifier = { error: (message: string) => void; relogin: (message: string) => void };
let notifier: RulesNotifier = { error: () => undefined, relogin: () => undefined };
export const setRulesNotifier = (next: RulesNotifier) => {
  notifier = next;
};

export type RulesRequest = {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Sign-in: no token sent, and a session code is an ordinary failure (there is no session yet). */
  anonymous?: boolean;
  /** The caller shows the failure itself (the login page's own message box): no toast, no prompt. */
  silent?: boolean;
};

const urlOf = (path: string, query?: RulesRequest['query']) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

const failureOfStatus = (status: number) =>
  status >= 500 ? `服务器(${status}) 网络异常，请稍后重试` : `服务器(${status}) 请求失败，请稍后重试`;

type Envelope<T> = { code: number; message: string; data: T };
const envelopeOf = <T>(text: string): Envelope<T> | null => {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && 'code' in parsed ? (parsed as Envelope<T>) : null;
  } catch {
    return null;
  }
};

const fail = (error: RulesApiError, relogin: boolean): never => {
  if (relogin) notifier.relogin(error.message);
  else notifier.error(error.message);
  throw error;
};

type Outcome<T> = { ok: true; data: T } | { ok: false; error: RulesApiError };

/** One exchange, told to nobody: the caller decides whether a failure is shown, renewed or prompted. */
async function send<T>(path: string, options: RulesRequest, token: string | null): Promise<Outcome<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Access-Key': RULES_ACCESS_KEY };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Token'] = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RULES_TIMEOUT_MS);
  let status = 0;
  let text: string;
  try {
    const response = await fetch(urlOf(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    status = response.status;
    text = await response.text();
  } catch {
    return {
      ok: false,
      error: new RulesApiError(0, controller.signal.aborted ? TIMEOUT_MESSAGE : NETWORK_MESSAGE, status),
    };
  } finally {
    clearTimeout(timer);
  }
  const envelope = envelopeOf<T>(text);
  if (!envelope)
    return { ok: false, error: new RulesApiError(status || ResultCode.serverError, failureOfStatus(status), status) };
  if (envelope.code === ResultCode.success) return { ok: true, data: envelope.data };
  return { ok: false, error: new RulesApiError(envelope.code, envelope.message || failureOfStatus(status), status) };
}

type Renewed = { accessToken?: string; refreshToken?: string };
let renewing: Promise<boolean> | null = null;

/**
 * Single flight: the calls that expired together wait for one renewal, since a refresh token is
 * good for one use. A token already changed since the call was sent (renewed by another call or
 * tab) is simply used.
 */
const renew = (expired: string | null): Promise<boolean> => {
  if (rulesToken.get() !== expired) return Promise.resolve(rulesToken.get() !== null);
  if (renewing) return renewing;
  const refreshToken = rulesToken.refreshToken();
  if (!refreshToken) return Promise.resolve(false);
  renewing = (async () => {
    try {
      const answer = await send<Renewed>(REFRESH_PATH, { body: { refreshToken }, anonymous: true }, null);
      if (answer.ok && answer.data?.accessToken) {
        rulesToken.set(answer.data.accessToken, answer.data.refreshToken ?? null);
        return true;
      }
      // Refused: the refresh token is spent or revoked; a network failure may pass, so it stays.
      if (!answer.ok && answer.error.code !== 0) rulesToken.forgetRefresh();
      return false;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
};

/** Performs a call; resolves with envelope.data on 20000, else tells the user and throws RulesApiError. */
export async function rulesRequest<T>(path: string, options: RulesRequest = {}): Promise<T> {
  const token = options.anonymous ? null : rulesToken.get();
  let outcome = await send<T>(path, options, token);
  if (!outcome.ok && !options.anonymous && outcome.error.code === ResultCode.rulesTokenExpired && (await renew(token)))
    outcome = await send<T>(path, options, rulesToken.get());
  if (outcome.ok) return outcome.data;
  if (options.silent) throw outcome.error;
  return fail(outcome.error, !options.anonymous && RELOGIN_CODES.includes(outcome.error.code));
}

/** SWR's fetcher: the key is the path. */
export const rulesFetcher = <T>(path: string) => rulesRequest<T>(path);

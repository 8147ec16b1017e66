/**
 * The rule platform's HTTP client (README "Rule platform"): the token in X-Token, a 5 s time-out,
 * any answer but 20000 shown for 5 s, and the session codes 50008/50012/50014 opening the
 * re-login prompt. Small on purpose: it shares nothing with the customer app's client.
 */
import { ResultCode } from '@feibao/domain/shared/codes';
import { rulesToken } from './token.ts';

export const RULES_TIMEOUT_MS = 5000;
export const RULES_MESSAGE_MS = 5000;
export const RELOGIN_CODES: readonly number[] = [ResultCode.rulesIllegalToken, ResultCode.rulesSessionRevoked, ResultCode.rulesTokenExpired];
export const TIMEOUT_MESSAGE = '请求超时（5秒），请稍后重试';
export const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';

export class RulesApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(code: number, message: string, status: number) {
    super(message);
    this.name = 'RulesApiError';
    this.code = code;
    this.status = status;
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

/** Performs a call; resolves with envelope.data on 20000, else tells the user and throws RulesApiError. */
export async function rulesRequest<T>(path: string, options: RulesRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? null : rulesToken.get();
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
    return fail(new RulesApiError(0, controller.signal.aborted ? TIMEOUT_MESSAGE : NETWORK_MESSAGE, status), false);
  } finally {
    clearTimeout(timer);
  }
  const envelope = envelopeOf<T>(text);
  if (!envelope) return fail(new RulesApiError(status || ResultCode.serverError, failureOfStatus(status), status), false);
  if (envelope.code === ResultCode.success) return envelope.data;
  const error = new RulesApiError(envelope.code, envelope.message || failureOfStatus(status), status);
  return fail(error, !options.anonymous && RELOGIN_CODES.includes(envelope.code));
}

/** SWR's fetcher: the key is the path. */
export const rulesFetcher = <T>(path: string) => rulesRequest<T>(path);

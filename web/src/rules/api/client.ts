/**
 * The rule platform's use of the one API client (web/src/api/client.ts, docs/api/rules-platform.md):
 * the token in X-Token, a 5 s time-out, any answer but 20000 shown for 5 s, an expired token (50014)
 * renewed once with the rotating refresh token and the call replayed, and the session codes
 * 50008/50012 (or a failed renewal) opening the re-login prompt.
 */
import { ResultCode } from '@feibao/domain/shared/codes';
import { ApiError, createApiClient, NETWORK_MESSAGE, singleFlight } from '../../api/createClient.ts';
import { rulesToken } from './token.ts';

export const RULES_TIMEOUT_MS = 5000;
export const RULES_MESSAGE_MS = 5000;
export const RELOGIN_CODES: readonly number[] = [
  ResultCode.rulesIllegalToken,
  ResultCode.rulesSessionRevoked,
  ResultCode.rulesTokenExpired,
];
export const TIMEOUT_MESSAGE = '请求超时（5秒），请稍后重试';
export { NETWORK_MESSAGE };
export const REFRESH_PATH = '/api/v1/uav/user/refresh';
/** Names the rule platform to the server (CLIENT_APPS in docs/configuration.md): an identifier in the bundle, not a secret. */
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

const failureOfStatus = (status: number) =>
  status >= 500 ? `服务器(${status}) 网络异常，请稍后重试` : `服务器(${status}) 请求失败，请稍后重试`;

const client = createApiClient({
  accessKey: RULES_ACCESS_KEY,
  timeoutMs: RULES_TIMEOUT_MS,
  timeoutMessage: TIMEOUT_MESSAGE,
  tokenHeaders: (token) => ({ 'X-Token': token }),
  jsonAlways: false,
  bare: (status) => ({ code: status || ResultCode.serverError, message: failureOfStatus(status) }),
  error: (code, message, status) => new RulesApiError(code, message, status),
});

const fail = (error: ApiError, relogin: boolean): never => {
  if (relogin) notifier.relogin(error.message);
  else notifier.error(error.message);
  throw error;
};

type Outcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** One exchange, told to nobody: the caller decides whether a failure is shown, renewed or prompted. */
async function send<T>(path: string, options: RulesRequest, token: string | null): Promise<Outcome<T>> {
  try {
    const answer = await client.send<T>(path, options, token);
    if (answer.env?.code === ResultCode.success) return { ok: true, data: answer.env.data };
    return { ok: false, error: client.refusal(answer) };
  } catch (error) {
    return { ok: false, error: error as ApiError };
  }
}

type Renewed = { accessToken?: string; refreshToken?: string };

/** Single flight: the calls that expired together wait for one renewal (a refresh token is good for one use). */
const renewOnce = singleFlight(async (): Promise<boolean> => {
  const refreshToken = rulesToken.refreshToken();
  if (!refreshToken) return false;
  const answer = await send<Renewed>(REFRESH_PATH, { body: { refreshToken }, anonymous: true }, null);
  if (answer.ok && answer.data?.accessToken) {
    rulesToken.set(answer.data.accessToken, answer.data.refreshToken ?? null);
    return true;
  }
  // Refused: the refresh token is spent or revoked; a network failure may pass, so it stays.
  if (!answer.ok && answer.error.code !== 0) rulesToken.forgetRefresh();
  return false;
});

/** A token already changed since the call was sent (renewed by another call or tab) is simply used. */
const renew = (expired: string | null): Promise<boolean> =>
  rulesToken.get() !== expired ? Promise.resolve(rulesToken.get() !== null) : renewOnce();

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

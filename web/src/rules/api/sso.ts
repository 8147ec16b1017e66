/**
 * The rule platform's sign-in calls (docs/api/rules-sign-in.md): password or SMS code,
 * and the captcha that failed logins turn on. Failures are thrown, not toasted: the login page
 * shows them in its own message box.
 */
import { ResultCode } from '@feibao/domain/shared/codes';
import {
  NETWORK_MESSAGE,
  RULES_ACCESS_KEY,
  RULES_TIMEOUT_MS,
  RulesApiError,
  rulesRequest,
  TIMEOUT_MESSAGE,
} from './client.ts';

export const SSO_PATHS = {
  passwordLogin: '/sso-platform/authencation/oauth2/login/user',
  codeLogin: '/sso-platform/authencation/oauth2/login/code',
  captchaTrigger: '/sso-platform/captcha/trigger',
  captchaImage: '/sso-platform/captcha/get',
  sendCode: '/api/v1/uav/user/phone',
} as const;

export const CAPTCHA_KEY_HEADER = 'Captcha-Key';

export type SsoSession = { accessToken: string; refreshToken?: string };
/** Both, once the captcha is on; neither before. */
export type SolvedCaptcha = { captchaKey?: string; captcha?: string };

export const loginWithPassword = (form: { username: string; password: string } & SolvedCaptcha) =>
  rulesRequest<SsoSession>(SSO_PATHS.passwordLogin, { body: form, anonymous: true, silent: true });

export const loginWithCode = (form: { mobilePhone: string; identifyingCode: string } & SolvedCaptcha) =>
  rulesRequest<SsoSession>(SSO_PATHS.codeLogin, { body: form, anonymous: true, silent: true });

export const sendLoginCode = (phone: string) =>
  rulesRequest<null>(SSO_PATHS.sendCode, { query: { phone, purpose: 'login' }, anonymous: true, silent: true });

/** Whether a login from here (and for this user name) needs a captcha now; unknown counts as no, the server still asks. */
export const captchaRequired = async (username?: string) => {
  try {
    const answer = await rulesRequest<{ required: boolean }>(SSO_PATHS.captchaTrigger, {
      query: { username: username || undefined },
      anonymous: true,
      silent: true,
    });
    return answer?.required === true;
  } catch {
    return false;
  }
};

/** A new captcha: its id (sent back with the answer) and the image's bytes. */
export const fetchCaptcha = async (): Promise<{ key: string; image: Blob }> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), RULES_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(SSO_PATHS.captchaImage, {
      headers: { 'X-Access-Key': RULES_ACCESS_KEY },
      cache: 'no-store',
      signal: controller.signal,
    });
  } catch {
    throw new RulesApiError(0, controller.signal.aborted ? TIMEOUT_MESSAGE : NETWORK_MESSAGE, 0);
  } finally {
    clearTimeout(timer);
  }
  const key = response.headers.get(CAPTCHA_KEY_HEADER);
  if (response.ok && key) return { key, image: await response.blob() };
  let message = '图形验证码加载失败，请点击重试';
  let code: number = ResultCode.serverError;
  try {
    const envelope = (await response.json()) as { code?: number; message?: string };
    if (typeof envelope.message === 'string' && envelope.message) message = envelope.message;
    if (typeof envelope.code === 'number') code = envelope.code;
  } catch {
    // Not an envelope: the generic text stays.
  }
  throw new RulesApiError(code, message, response.status);
};

/**
 * The rule platform's tokens, kept under their own keys: signing in here never signs the customer
 * app in or out, and the reverse. The refresh token rotates: each refresh answers a new one.
 */
export const RULES_TOKEN_KEY = 'feibao.rules.token';
export const RULES_REFRESH_KEY = 'feibao.rules.refreshToken';

const storage = () => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

export const rulesToken = {
  get: (): string | null => storage()?.getItem(RULES_TOKEN_KEY) || null,
  /** A session without a refresh token (an old sign-in) keeps working until its access token expires. */
  set: (token: string, refreshToken?: string | null) => {
    storage()?.setItem(RULES_TOKEN_KEY, token);
    if (refreshToken) storage()?.setItem(RULES_REFRESH_KEY, refreshToken);
    else storage()?.removeItem(RULES_REFRESH_KEY);
  },
  refreshToken: (): string | null => storage()?.getItem(RULES_REFRESH_KEY) || null,
  forgetRefresh: () => storage()?.removeItem(RULES_REFRESH_KEY),
  clear: () => {
    storage()?.removeItem(RULES_TOKEN_KEY);
    storage()?.removeItem(RULES_REFRESH_KEY);
  },
};

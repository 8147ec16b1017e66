/**
 * The rule platform's token, kept under its own key: signing in here never signs the customer
 * app in or out, and the reverse.
 */
export const RULES_TOKEN_KEY = 'feibao.rules.token';

const storage = () => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

export const rulesToken = {
  get: (): string | null => storage()?.getItem(RULES_TOKEN_KEY) || null,
  set: (token: string) => storage()?.setItem(RULES_TOKEN_KEY, token),
  clear: () => storage()?.removeItem(RULES_TOKEN_KEY),
};

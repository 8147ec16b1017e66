/**
 * The rule platform's tokens, kept under their own keys (the shared session's token pair): signing
 * in here never signs the customer app in or out, and the reverse. The refresh token rotates: each
 * refresh answers a new one.
 */
import { createTokenPair } from '../../api/session.ts';

export const RULES_TOKEN_KEY = 'feibao.rules.token';
export const RULES_REFRESH_KEY = 'feibao.rules.refreshToken';

export const rulesToken = createTokenPair({ access: RULES_TOKEN_KEY, refresh: RULES_REFRESH_KEY });

import { safeLocalPath, takeRedirect } from '../api/session.ts';

/** Where a mobile auth page goes on success: ?backUrl, else the stored redirect, else /touch/index. */
export const afterAuthTarget = (params: URLSearchParams): string =>
  safeLocalPath(params.get('backUrl')) ?? takeRedirect() ?? '/touch/index';

/** Carries ?backUrl over to a sibling auth page. */
export const withBackUrl = (path: string, params: URLSearchParams): string => {
  const back = safeLocalPath(params.get('backUrl'));
  return back ? `${path}?backUrl=${encodeURIComponent(back)}` : path;
};

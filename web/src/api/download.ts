/**
 * Downloads of files the API answers (history CSVs): they need the bearer token, so a fetch and a
 * blob rather than a link. One place for the token, the consistency token, the one retry after a
 * refresh and the envelope a refusal comes in.
 */
import {
  ACCESS_KEY_HEADER,
  ApiError,
  buildUrl,
  getConsistencyToken,
  httpFailureMessage,
  request,
  WEB_ACCESS_KEY,
} from './client.ts';
import { sessionStore } from './session.ts';

/** The file name the server gives (RFC 5987 `filename*` first), else the fallback. */
export const attachmentName = (contentDisposition: string | null, fallback: string): string => {
  const star = contentDisposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  return contentDisposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim() || fallback;
};

const fetchFile = (path: string, query: Record<string, string>, accept: string) => {
  const token = sessionStore.get()?.accessToken ?? null;
  const headers: Record<string, string> = { Accept: accept, [ACCESS_KEY_HEADER]: WEB_ACCESS_KEY };
  if (token) headers.Authorization = `Bearer ${token}`;
  const consistency = getConsistencyToken();
  if (consistency > 0) headers['X-Consistency-Token'] = String(consistency);
  return fetch(buildUrl(path, query), { headers });
};

const refusal = async (res: Response): Promise<ApiError> => {
  try {
    const env = (await res.json()) as { code?: number; message?: string };
    if (env && typeof env.message === 'string') return new ApiError(env.code ?? res.status, env.message, res.status);
  } catch {
    /* not an envelope */
  }
  return new ApiError(res.status, httpFailureMessage(res.status), res.status);
};

export type FileDownload = {
  path: string;
  query: Record<string, string>;
  /** An ordinary JSON call of the same resource: on 401 it runs the client's refresh (or re-login). */
  refreshVia: string;
  fallbackName: string;
  accept?: string;
};

export const downloadFile = async ({
  path,
  query,
  refreshVia,
  fallbackName,
  accept = 'text/csv',
}: FileDownload): Promise<void> => {
  let res = await fetchFile(path, query, accept);
  if (res.status === 401) {
    await request(refreshVia, { query });
    res = await fetchFile(path, query, accept);
  }
  if (!res.ok) throw await refusal(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(res.headers.get('Content-Disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

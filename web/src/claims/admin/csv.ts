/** Download of a claim's history CSV: needs the bearer token, so a fetch and a blob, not a link. */
import { ApiError, buildUrl, getConsistencyToken, httpFailureMessage, request } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { claimPaths } from '../api.ts';

/** The server names the file after the claim number; without that header, after the id. */
export const csvFileName = (contentDisposition: string | null, claimId: string): string => {
  const star = contentDisposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = contentDisposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  return plain || `claim-${claimId}-history.csv`;
};

const fetchCsv = (claimId: string) => {
  const token = sessionStore.get()?.accessToken ?? null;
  const headers: Record<string, string> = { Accept: 'text/csv' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const consistency = getConsistencyToken();
  if (consistency > 0) headers['X-Consistency-Token'] = String(consistency);
  return fetch(buildUrl(claimPaths.historyCsv, { id: claimId }), { headers });
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

export const downloadHistoryCsv = async (claimId: string): Promise<void> => {
  let res = await fetchCsv(claimId);
  if (res.status === 401) {
    // An expired token: an ordinary call runs the client's refresh (or re-login), then one retry.
    await request(claimPaths.log, { query: { id: claimId } });
    res = await fetchCsv(claimId);
  }
  if (!res.ok) throw await refusal(res);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(res.headers.get('Content-Disposition'), claimId);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

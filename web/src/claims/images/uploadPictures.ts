/**
 * Claim photo upload: one request per file, as the old client sends, through XHR because fetch
 * reports no upload progress. Same headers and session handling as `call` (web/src/api/client.ts).
 */
import { ResultCode } from '@feibao/domain/shared/codes';
import {
  ApiError,
  authHeaders,
  expireSession,
  httpFailureMessage,
  noteConsistencyHeader,
  refreshSession,
  type Envelope,
} from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { claimPaths } from '../api.ts';
import { imageMessages, SNIFF_BYTES, sniffImageKind, type ImageKind } from './helpers.ts';

export type UploadedPicture = { id: string; name: string; fileUrl: string; smallFileUrl: string | null };

/** Reads the first bytes of a file to judge its format before anything is sent. */
export const imageKindOfFile = async (file: Blob): Promise<ImageKind | null> =>
  sniffImageKind(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));

type Answer = { status: number; envelope: Envelope<UploadedPicture[]> | null };

const parseEnvelope = (text: string): Envelope<UploadedPicture[]> | null => {
  try {
    const j = JSON.parse(text) as unknown;
    return j && typeof j === 'object' && 'code' in j ? (j as Envelope<UploadedPicture[]>) : null;
  } catch {
    return null;
  }
};

const sendOnce = (
  claimId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', claimPaths.upload);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      noteConsistencyHeader(xhr.getResponseHeader('X-Consistency-Token'));
      resolve({ status: xhr.status, envelope: parseEnvelope(xhr.responseText) });
    };
    xhr.onerror = () => reject(new ApiError(0, imageMessages.uploadFailed, 0));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('id', claimId);
    body.append('files', file, file.name);
    xhr.send(body);
  });

const unauthorized = (a: Answer) => a.status === 401 || a.envelope?.code === ResultCode.unauthorized;

/** Uploads one picture; resolves with the stored row or throws ApiError carrying the server's message. */
export const uploadPicture = async (
  claimId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedPicture> => {
  const hadSession = sessionStore.get() !== null;
  let answer = await sendOnce(claimId, file, onProgress, signal);
  if (unauthorized(answer) && hadSession) {
    if (await refreshSession()) {
      onProgress(0);
      answer = await sendOnce(claimId, file, onProgress, signal);
    }
    if (unauthorized(answer)) {
      const message = answer.envelope?.message || '登录已失效，请重新登录';
      expireSession(message);
      throw new ApiError(ResultCode.unauthorized, message, answer.status, true);
    }
  }
  const env = answer.envelope;
  if (!env)
    throw new ApiError(
      answer.status,
      answer.status >= 200 && answer.status < 300 ? imageMessages.uploadFailed : httpFailureMessage(answer.status),
      answer.status,
    );
  if (env.code !== ResultCode.success)
    throw new ApiError(env.code, env.message || imageMessages.uploadFailed, answer.status, false, env.data);
  onProgress(1);
  const stored = env.data?.[0];
  if (!stored) throw new ApiError(env.code, imageMessages.uploadFailed, answer.status);
  return stored;
};

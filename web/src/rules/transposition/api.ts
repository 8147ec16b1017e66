/**
 * 规则迁移's two calls that are not JSON: the export is a file download and the import a file
 * upload. Same token (X-Token) and same envelope of a refusal as the rule client; a session code
 * opens the re-login prompt as any other call does.
 */
import { ResultCode } from '@feibao/domain/shared/codes';
import type { TranspositionResult } from '@feibao/domain/rules/transposition';
import { RELOGIN_CODES, RULES_ACCESS_KEY, RulesApiError, rulesRequest } from '../api/client.ts';
import { rulesToken } from '../api/token.ts';
import { notify, reloginPrompt } from '../api/notify.ts';

const API = '/api/v1/rules/transposition';
/** Generous for a 5 MB file and a draft per rule; the JSON calls keep their 5 s. */
const FILE_TIMEOUT_MS = 60_000;

const headers = () => {
  const token = rulesToken.get();
  return { 'X-Access-Key': RULES_ACCESS_KEY, ...(token ? { 'X-Token': token } : {}) };
};

/** A refusal as the rule client tells it: the envelope's message, the re-login prompt for session codes. */
const refusal = async (response: Response): Promise<RulesApiError> => {
  let error = new RulesApiError(response.status, `服务器(${response.status}) 请求失败，请稍后重试`, response.status);
  try {
    const envelope = (await response.json()) as { code?: number; message?: string };
    if (typeof envelope.message === 'string')
      error = new RulesApiError(envelope.code ?? response.status, envelope.message, response.status);
  } catch {
    /* not an envelope */
  }
  if (RELOGIN_CODES.includes(error.code)) reloginPrompt.open(error.message);
  else notify.error(error.message);
  return error;
};

const send = async (path: string, init: RequestInit) => {
  try {
    return await fetch(path, { ...init, signal: AbortSignal.timeout(FILE_TIMEOUT_MS) });
  } catch {
    const error = new RulesApiError(0, '网络连接失败，请检查网络后重试', 0);
    notify.error(error.message);
    throw error;
  }
};

/** The file name the server gives (RFC 5987 first). */
const fileName = (disposition: string | null, fallback: string) => {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      /* the plain name then */
    }
  }
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
};

export type ExportFormat = 'json' | 'xlsx';

export const downloadExport = async (format: ExportFormat, ruleIds: readonly string[]) => {
  const query = new URLSearchParams({ format });
  if (ruleIds.length) query.set('ruleIds', ruleIds.join(','));
  const response = await send(`${API}/export?${query}`, { headers: headers() });
  // A refusal is an envelope (JSON); the file is anything else.
  if (!response.ok || (response.headers.get('Content-Disposition') ?? '') === '') throw await refusal(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(response.headers.get('Content-Disposition'), `rules.${format}`);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

export const importFile = async (
  file: File,
  reason: string,
): Promise<{ message: string; results: TranspositionResult[] }> => {
  const form = new FormData();
  form.append('format', /\.xlsx$/i.test(file.name) ? 'xlsx' : 'json');
  form.append('reason', reason);
  form.append('file', file, file.name);
  const response = await send(`${API}/import`, { method: 'POST', headers: headers(), body: form });
  let envelope: { code: number; message: string; data: TranspositionResult[] } | null = null;
  try {
    envelope = await response.clone().json();
  } catch {
    /* handled below */
  }
  if (envelope?.code !== ResultCode.success) throw await refusal(response);
  return { message: envelope.message, results: envelope.data };
};

export const copyRules = (body: { fromInsurerId: number; toInsurerId: number; reason: string }) =>
  rulesRequest<TranspositionResult[]>(`${API}/copy`, { body });

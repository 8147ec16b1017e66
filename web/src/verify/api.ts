import { ResultCode } from '@feibao/domain/shared/codes';
import type { VerificationAnswer } from '@feibao/domain/verification/api';
import { verificationMessages, VERIFY_FILE_MAX_BYTES } from '@feibao/domain/verification/messages';
import {
  ACCESS_KEY_HEADER,
  ApiError,
  call,
  type Envelope,
  httpFailureMessage,
  NETWORK_MESSAGE,
  WEB_ACCESS_KEY,
} from '../api/client.ts';

/** An answer as the page shows it: the envelope's message says what the file check found. */
export type VerifyResult = { by: 'code' | 'file'; answer: VerificationAnswer; message: string };

const VERIFY = '/api/v1/uav/verify';

/** By the code as typed or scanned; the server normalises it (docs/api/verify.md). No session is sent. */
export const verifyCode = async (code: string): Promise<VerifyResult> => {
  const envelope = await call<VerificationAnswer>(VERIFY, { query: { code }, auth: 'public' });
  return { by: 'code', answer: envelope.data, message: envelope.message };
};

/** By a PDF's bytes, sent raw as application/pdf (the route's one body type besides octet-stream). */
export const verifyFile = async (file: Blob): Promise<VerifyResult> => {
  if (file.size > VERIFY_FILE_MAX_BYTES)
    throw new ApiError(ResultCode.tooLarge, verificationMessages.fileTooLarge, 413);
  let response: Response;
  try {
    response = await fetch(`${VERIFY}/file`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', [ACCESS_KEY_HEADER]: WEB_ACCESS_KEY },
      body: file,
    });
  } catch {
    throw new ApiError(ResultCode.serverError, NETWORK_MESSAGE, 0);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<VerificationAnswer> | null;
  if (!envelope || typeof envelope.code !== 'number')
    throw new ApiError(ResultCode.serverError, httpFailureMessage(response.status), response.status);
  if (envelope.code !== ResultCode.success) throw new ApiError(envelope.code, envelope.message, response.status);
  return { by: 'file', answer: envelope.data, message: envelope.message };
};

import { z } from 'zod';
import { CODE_INPUT_MAX_LENGTH } from './code.ts';
import { verificationMessages } from './messages.ts';

/** `GET /verify?code=`: the code as typed or scanned (normalised by the route, verification/code.ts). */
export const verifyCodeQuerySchema = z.object({
  code: z
    .string({ error: verificationMessages.codeRequired })
    .trim()
    .min(1, verificationMessages.codeRequired)
    .max(CODE_INPUT_MAX_LENGTH, verificationMessages.codeNotFound),
});

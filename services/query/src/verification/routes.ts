import Router from '@koa/router';
import type { Context } from 'koa';
import { createHash } from 'node:crypto';
import { ResultCode } from '@feibao/domain/shared/codes';
import { notFoundAnswer, verificationAnswer } from '@feibao/domain/verification/answer';
import type { VerificationAnswer } from '@feibao/domain/verification/api';
import { codeForLog, normaliseCode } from '@feibao/domain/verification/code';
import {
  VERIFY_ANSWER_FLOOR_MS,
  VERIFY_CODE_LOOKUPS_PER_MINUTE,
  VERIFY_FILE_LOOKUPS_PER_MINUTE,
  VERIFY_FILE_MAX_BYTES,
  verificationMessages,
} from '@feibao/domain/verification/messages';
import { verifyCodeQuerySchema } from '@feibao/domain/verification/schema';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { logger } from '@feibao/platform/logger';
import { redisRateLimiter } from '@feibao/platform/rateLimit';
import { codeDigest } from '@feibao/read-models/verification/projection';
import { verificationReader } from '@feibao/read-models/verification/reader';
import type { QueryDeps } from '../deps.ts';
import { paddedAnswer } from './padding.ts';
import { readPdfBody } from './pdfBody.ts';

const WINDOW_SECONDS = 60;

/**
 * Public verification (docs/api/verify.md): by code and by file. No session; each client address has
 * its own budget of lookups a minute, and every answer is padded to the same floor. Lookups are
 * logged with the code's first characters only.
 */
export const verificationRoutes = (deps: QueryDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const limiter = redisRateLimiter(deps.redis, deps.config.queuePrefix);
  const reader = verificationReader(deps.pool);

  const within = async (ctx: Context, key: string, limit: number, message: string) => {
    if (await limiter.hit(`verify:${key}:ip:${ctx.ip}`, limit, WINDOW_SECONDS)) return;
    ctx.set('Retry-After', String(WINDOW_SECONDS));
    logger.info({ event: 'verify', by: key, ip: ctx.ip, outcome: 'throttled' }, 'verification throttled');
    throw new HttpError(ResultCode.tooManyRequests, message);
  };

  router.get(
    '/verify',
    paddedAnswer(VERIFY_ANSWER_FLOOR_MS),
    async (ctx, next) => {
      await within(ctx, 'code', VERIFY_CODE_LOOKUPS_PER_MINUTE, verificationMessages.tooManyLookups);
      await next();
    },
    validate(verifyCodeQuerySchema, 'query'),
    async (ctx) => {
      const code = normaliseCode(input<{ code: string }>(ctx).code);
      // A malformed code is probed like any other, so its answer takes no less work than a real one.
      const row = await reader.byCodeDigest(codeDigest(code ?? ''));
      const answer: VerificationAnswer = code ? verificationAnswer(row.issued, row.record, deps.now()) : notFoundAnswer;
      logger.info({ event: 'verify', by: 'code', codePrefix: codeForLog(code), status: answer.status }, 'verification');
      ok(
        ctx,
        answer,
        answer.status === 'notFound' ? verificationMessages.codeNotFound : verificationMessages.codeIssued,
      );
    },
  );

  router.post('/verify/file', paddedAnswer(VERIFY_ANSWER_FLOOR_MS), async (ctx) => {
    await within(ctx, 'file', VERIFY_FILE_LOOKUPS_PER_MINUTE, verificationMessages.tooManyUploads);
    const bytes = await readPdfBody(ctx, VERIFY_FILE_MAX_BYTES);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const row = await reader.byFileSha256(sha256);
    const answer = verificationAnswer(row.issued, row.record, deps.now());
    logger.info(
      { event: 'verify', by: 'file', file: sha256.slice(0, 8), bytes: bytes.length, status: answer.status },
      'verification',
    );
    ok(
      ctx,
      answer,
      answer.status === 'notFound' ? verificationMessages.fileNotIssued : verificationMessages.fileGenuine,
    );
  });
  return router;
};

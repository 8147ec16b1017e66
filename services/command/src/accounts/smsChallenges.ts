import { createHmac, randomInt } from 'node:crypto';
import { ResultCode } from '@feibao/domain/shared/codes';
import { HttpError } from '@feibao/platform/http/envelope';
import type { Queryable } from '@feibao/platform/db';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

export const smsMessages = {
  invalid: '验证码已失效，请重新获取',
  wrong: '验证码错误',
} as const;

/**
 * One live code per phone, whatever it was sent for: the old client asks for a code
 * without saying why. Codes are stored as keyed hashes, expire after 10 minutes, are
 * used once, and die after 5 wrong tries.
 */
export const createSmsChallenges = (db: Queryable, secret: string) => {
  const digest = (phone: string, code: string) => createHmac('sha256', secret).update(`${phone}:${code}`).digest();

  return {
    async issue(phone: string, purpose: string, now: Date): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.query(
        `INSERT INTO feibao_sms_challenges (phone, purpose, code_hash, expires_at, attempts, created_at)
         VALUES ($1, 'any', $2, $3, 0, $4)
         ON CONFLICT (phone, purpose) DO UPDATE
           SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = EXCLUDED.created_at`,
        [phone, digest(phone, code).toString('base64url'), new Date(now.getTime() + CODE_TTL_MS), now],
      );
      void purpose;
      return code;
    },

    /** Throws the answer the user sees unless the code is right; a right code is consumed. */
    async consume(phone: string, code: string, now: Date): Promise<void> {
      // One statement decides and counts, so two parallel guesses cannot both pass.
      const result = await db.query(
        `WITH current AS (
           SELECT phone, purpose, code_hash, expires_at, attempts FROM feibao_sms_challenges
            WHERE phone = $1 AND purpose = 'any' FOR UPDATE
         ), used AS (
           DELETE FROM feibao_sms_challenges c USING current
            WHERE c.phone = current.phone AND c.purpose = current.purpose
              AND current.code_hash = $2 AND current.expires_at > $3 AND current.attempts < $4
           RETURNING c.phone
         ), counted AS (
           UPDATE feibao_sms_challenges c SET attempts = c.attempts + 1 FROM current
            WHERE c.phone = current.phone AND c.purpose = current.purpose
              AND NOT EXISTS (SELECT 1 FROM used)
           RETURNING c.attempts, current.expires_at
         )
         SELECT (SELECT count(*) FROM used) AS used, (SELECT attempts FROM counted) AS attempts,
                (SELECT expires_at FROM counted) AS expires_at`,
        [phone, digest(phone, code).toString('base64url'), now, MAX_WRONG_TRIES],
      );
      const row = result.rows[0];
      if (Number(row.used) === 1) return;
      if (row.attempts === null || row.attempts > MAX_WRONG_TRIES || new Date(row.expires_at) <= now)
        throw new HttpError(ResultCode.badRequest, smsMessages.invalid);
      throw new HttpError(ResultCode.badRequest, smsMessages.wrong);
    },
  };
};
export type SmsChallenges = ReturnType<typeof createSmsChallenges>;

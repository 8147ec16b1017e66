import type { Queryable } from '@feibao/platform/db';
import { logger } from '@feibao/platform/logger';

/**
 * Where SMS go. Production plugs a carrier's API in here; dev keeps an inbox in the database.
 * `idempotencyKey`: the same key twice is one SMS (a carrier's out-id; the dev outbox's unique column).
 */
export type SmsProvider = {
  name: string;
  send(message: { phone: string; text: string; code: string | null; idempotencyKey?: string | null }): Promise<void>;
};

export const devSmsProvider = (db: Queryable, sendDelayMs = 0): SmsProvider => ({
  name: 'dev',
  async send({ phone, text, code, idempotencyKey = null }) {
    const stored = await db.query(
      `INSERT INTO feibao_dev_sms_outbox (phone, text, code, idempotency_key) VALUES ($1, $2, $3, $4)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [phone, text, code, idempotencyKey],
    );
    logger.info(
      { phone: phone.replace(/^(\d{3})\d{4}/, '$1****'), idempotencyKey, repeated: stored.rowCount === 0 },
      stored.rowCount === 0
        ? 'dev SMS already sent under this key: not stored again'
        : 'dev SMS recorded (read it at /api/v1/uav/dev/sms/latest)',
    );
    // SMS_DEV_SEND_DELAY_MS: stored but not yet answered, as a carrier that is slow to acknowledge.
    if (sendDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, sendDelayMs));
  },
});

export class SmsProviderMissing extends Error {}

export const smsProviderFor = (name: string, db: Queryable, devSendDelayMs = 0): SmsProvider => {
  switch (name) {
    case 'dev':
      return devSmsProvider(db, devSendDelayMs);
    default:
      return {
        name,
        async send() {
          throw new SmsProviderMissing(`SMS_PROVIDER=${name} has no adapter: configure one to send real SMS`);
        },
      };
  }
};

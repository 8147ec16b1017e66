import type { Queryable } from '@feibao/platform/db';
import { logger } from '@feibao/platform/logger';

/** Where SMS go. Production plugs a carrier's API in here; dev keeps an inbox in the database. */
export type SmsProvider = {
  name: string;
  send(message: { phone: string; text: string; code: string | null }): Promise<void>;
};

export const devSmsProvider = (db: Queryable): SmsProvider => ({
  name: 'dev',
  async send({ phone, text, code }) {
    await db.query(`INSERT INTO feibao_dev_sms_outbox (phone, text, code) VALUES ($1, $2, $3)`, [phone, text, code]);
    logger.info(
      { phone: phone.replace(/^(\d{3})\d{4}/, '$1****') },
      'dev SMS recorded (read it at /api/v1/uav/dev/sms/latest)',
    );
  },
});

export class SmsProviderMissing extends Error {}

export const smsProviderFor = (name: string, db: Queryable): SmsProvider => {
  switch (name) {
    case 'dev':
      return devSmsProvider(db);
    default:
      return {
        name,
        async send() {
          throw new SmsProviderMissing(`SMS_PROVIDER=${name} has no adapter: configure one to send real SMS`);
        },
      };
  }
};

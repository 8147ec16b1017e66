import { UnrecoverableError, type Job } from 'bullmq';
import type { SmsJob } from '@feibao/platform/queues';
import { PHONE_PATTERN } from '@feibao/domain/accounts/validation';
import { SmsProviderMissing, type SmsProvider } from './provider.ts';

/**
 * Sends one SMS. Bad input and a missing provider will never succeed, so they fail
 * without retries; a provider outage is retried with the queue's backoff.
 */
export const smsProcessor = (provider: SmsProvider) => async (job: Job<SmsJob>) => {
  const { phone, text, code, idempotencyKey } = job.data;
  if (!PHONE_PATTERN.test(phone) || !text) throw new UnrecoverableError(`invalid SMS job ${job.id}`);
  try {
    await provider.send({ phone, text, code, idempotencyKey: idempotencyKey ?? null });
  } catch (error) {
    if (error instanceof SmsProviderMissing) throw new UnrecoverableError(error.message);
    throw error;
  }
  return { provider: provider.name };
};

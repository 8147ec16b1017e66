import { UnrecoverableError, type Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import type { SmsJob } from '@feibao/platform/queues';
import { smsProcessor } from './processor.ts';
import { smsProviderFor, type SmsProvider } from './provider.ts';

const job = (data: Partial<SmsJob>) =>
  ({
    id: '1',
    data: { phone: '13800000000', text: '验证码 123456', code: '123456', purpose: 'login', ...data },
  }) as Job<SmsJob>;

describe('SMS processor', () => {
  it('hands the message to the provider', async () => {
    const sent: unknown[] = [];
    const provider: SmsProvider = { name: 'memory', send: async (m) => void sent.push(m) };
    await expect(smsProcessor(provider)(job({}))).resolves.toEqual({ provider: 'memory' });
    expect(sent).toEqual([{ phone: '13800000000', text: '验证码 123456', code: '123456', idempotencyKey: null }]);
  });

  it('hands a notification SMS its idempotency key', async () => {
    const sent: unknown[] = [];
    const provider: SmsProvider = { name: 'memory', send: async (m) => void sent.push(m) };
    await smsProcessor(provider)(job({ code: null, purpose: 'notification', idempotencyKey: 'n-1-quotesIn-ab' }));
    expect(sent).toMatchObject([{ idempotencyKey: 'n-1-quotesIn-ab', code: null }]);
  });

  it('fails bad jobs without retrying', async () => {
    const provider: SmsProvider = { name: 'memory', send: async () => undefined };
    await expect(smsProcessor(provider)(job({ phone: 'abc' }))).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('fails without retrying when no provider is configured, and retries provider outages', async () => {
    await expect(
      smsProcessor(smsProviderFor('none', { query: async () => ({}) } as never))(job({})),
    ).rejects.toBeInstanceOf(UnrecoverableError);
    const flaky: SmsProvider = { name: 'flaky', send: async () => Promise.reject(new Error('carrier down')) };
    const failure = await smsProcessor(flaky)(job({})).catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(UnrecoverableError);
  });
});

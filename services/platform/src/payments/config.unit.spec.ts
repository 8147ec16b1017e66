import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { PaymentProviderMissing, providerFor } from './provider.ts';

const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-0123456789' };

describe('payment settings', () => {
  it('defaults to the dev gateway outside production, due in 30 minutes', () => {
    const config = loadConfig({});
    expect(config.paymentProvider).toBe('dev');
    expect(config.paymentDueMinutes).toBe(30);
  });

  it('refuses the dev gateway in production unless allowed on purpose', () => {
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'dev' })).toThrow(/PAYMENT_PROVIDER=dev/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'dev', PAYMENT_ALLOW_DEV: 'true' }).paymentProvider).toBe(
      'dev',
    );
    // As SMS: no provider until one is configured; payments then fail, the processes still start.
    expect(loadConfig(production).paymentProvider).toBe('none');
  });

  it('needs the Alipay keys to build the Alipay provider, and knows no other', async () => {
    const db = { query: async () => ({ rows: [] }) } as never;
    expect(() => providerFor(loadConfig({ ...production, PAYMENT_PROVIDER: 'alipay' }), db)).toThrow(
      PaymentProviderMissing,
    );
    await expect(providerFor(loadConfig(production), db).createTrade({} as never)).rejects.toThrow(
      PaymentProviderMissing,
    );
    expect(() => providerFor({ ...loadConfig({}), paymentProvider: 'paypal' }, db)).toThrow(PaymentProviderMissing);
    expect(providerFor(loadConfig({}), db).name).toBe('dev');
  });
});

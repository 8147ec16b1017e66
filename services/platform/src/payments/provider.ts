import type { Config } from '../config.ts';
import type { Queryable } from '../db.ts';
import { alipayProvider } from './alipay.ts';
import { devProvider, type DevNotifier } from './dev.ts';

/**
 * The payment provider the platform talks to (docs/api/payments.md), chosen by PAYMENT_PROVIDER: `dev`, the
 * simulated gateway, or `alipay` on its official SDK. The command service opens trades and checks
 * notifications, the query service shows the cashier's address, the workers reconcile, close and refund.
 */

/** A purchase's trade as the platform opens it. */
export type TradeRequest = {
  tradeNo: string;
  orderNo: string;
  amount: number;
  subject: string;
  insurerName: string;
  dueAt: string;
};

/** What the provider says of a trade when asked (reconciliation). */
export type TradeQuery = {
  status: 'paid' | 'waiting' | 'closed' | 'unknown';
  providerTradeNo: string | null;
  amount: number | null;
  paidAt: string | null;
};

export type RefundRequest = { tradeNo: string; refundNo: string; amount: number; reason: string };
/** `accepted`: the provider will notify when done (dev); `refunded`: done now (Alipay answers synchronously). */
export type RefundOutcome = { status: 'accepted' | 'refunded'; refundedAt: string | null };

export interface PaymentProvider {
  readonly name: string;
  /** The app id notifications must name. */
  appId(): Promise<string>;
  /** Opens the trade (idempotent by trade number) and answers the cashier's address. */
  createTrade(trade: TradeRequest): Promise<{ cashierUrl: string }>;
  /** The cashier's address of a trade (opened if it is not yet: opening is idempotent); null when the provider has none. */
  cashierUrl(trade: TradeRequest): Promise<string | null>;
  /** The notification's signature is the provider's (with its public key only). */
  verifyNotification(params: Readonly<Record<string, string>>): Promise<boolean>;
  queryTrade(tradeNo: string): Promise<TradeQuery>;
  /** No payment is taken on this trade any more (its purchase lapsed). */
  closeTrade(tradeNo: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

export class PaymentProviderMissing extends Error {}

const missing = async (): Promise<never> => {
  throw new PaymentProviderMissing('PAYMENT_PROVIDER=none: configure a payment provider to take payments');
};
/**
 * No provider configured (production's default, as SMS_PROVIDER=none): no cashier opens and nothing is paid, so
 * every trade reads as unknown (the purchase lapses at its due time); a refund fails (the operations console shows it).
 */
const unconfigured: PaymentProvider = {
  name: 'none',
  appId: missing,
  createTrade: missing,
  cashierUrl: async () => null,
  verifyNotification: async () => false,
  queryTrade: async () => ({ status: 'unknown', providerTradeNo: null, amount: null, paidAt: null }),
  closeTrade: async () => undefined,
  refund: missing,
};

/** The provider of this configuration. `devNotifier`: how the dev gateway schedules its notifications (a queue). */
export const providerFor = (
  config: Pick<Config, 'paymentProvider' | 'publicBaseUrl' | 'alipay'>,
  db: Queryable,
  options: { devNotifier?: DevNotifier } = {},
): PaymentProvider => {
  switch (config.paymentProvider) {
    case 'dev':
      return devProvider(db, { publicBaseUrl: config.publicBaseUrl, notifier: options.devNotifier });
    case 'alipay': {
      const { appId, privateKey, publicKey, gateway } = config.alipay;
      if (!appId || !privateKey || !publicKey)
        throw new PaymentProviderMissing(
          'PAYMENT_PROVIDER=alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY',
        );
      return alipayProvider({
        appId,
        privateKey,
        alipayPublicKey: publicKey,
        gateway,
        notifyUrl: `${config.publicBaseUrl}/api/v1/uav/pay/notify/alipay`,
        returnUrl: `${config.publicBaseUrl}/platform/order`,
      });
    }
    case 'none':
      return unconfigured;
    default:
      throw new PaymentProviderMissing(`PAYMENT_PROVIDER=${config.paymentProvider} has no adapter`);
  }
};

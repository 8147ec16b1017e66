import { AlipaySdk } from 'alipay-sdk';
import { fromGatewayTime, gatewayTime, isPaidStatus, yuanString } from '@feibao/domain/payments/gateway';
import type { PaymentProvider, RefundRequest, TradeQuery, TradeRequest } from './provider.ts';

/**
 * Alipay on its official SDK (`alipay-sdk`): the cashier is a signed page-pay URL (`alipay.trade.page.pay`,
 * built locally, no call), notifications are checked with Alipay's public key (`checkNotifySignV2`), and
 * query, close and refund are gateway calls (`exec`). Refunds are answered synchronously by Alipay.
 */
export type AlipaySettings = {
  appId: string;
  /** The app's private key, PEM (PKCS#1 or PKCS#8) or bare base64 (PKCS#1). */
  privateKey: string;
  /** Alipay's public key, PEM or bare base64. */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  returnUrl: string;
};

/** Alipay answers with a sub-code for a trade it never saw. */
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

export const alipayProvider = (settings: AlipaySettings): PaymentProvider & { sdk: AlipaySdk } => {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    keyType: settings.privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: 'RSA2',
  });
  const pageUrl = (trade: TradeRequest) =>
    sdk.pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: {
        out_trade_no: trade.tradeNo,
        total_amount: yuanString(trade.amount),
        subject: trade.subject,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        time_expire: gatewayTime(new Date(trade.dueAt)),
      },
      notifyUrl: settings.notifyUrl,
      returnUrl: settings.returnUrl,
    });

  return {
    name: 'alipay',
    sdk,
    appId: async () => settings.appId,
    createTrade: async (trade) => ({ cashierUrl: pageUrl(trade) }),
    cashierUrl: async (trade) => pageUrl(trade),
    verifyNotification: async (params) => sdk.checkNotifySignV2({ ...params }),
    async queryTrade(tradeNo: string): Promise<TradeQuery> {
      const result = await sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: tradeNo } });
      if (result.code !== '10000') {
        if (result.subCode === TRADE_NOT_EXIST)
          return { status: 'unknown', providerTradeNo: null, amount: null, paidAt: null };
        throw new Error(`alipay.trade.query: ${result.code} ${result.subCode ?? ''}`);
      }
      const status = String(result.tradeStatus ?? '');
      return {
        status: isPaidStatus(status) ? 'paid' : status === 'TRADE_CLOSED' ? 'closed' : 'waiting',
        providerTradeNo: result.tradeNo ? String(result.tradeNo) : null,
        amount: result.totalAmount !== undefined ? Number(result.totalAmount) : null,
        paidAt: fromGatewayTime(result.sendPayDate ? String(result.sendPayDate) : undefined),
      };
    },
    async closeTrade(tradeNo: string) {
      const result = await sdk.exec('alipay.trade.close', { bizContent: { out_trade_no: tradeNo } });
      // A trade the buyer never opened does not exist at Alipay: nothing to close.
      if (result.code !== '10000' && result.subCode !== TRADE_NOT_EXIST)
        throw new Error(`alipay.trade.close: ${result.code} ${result.subCode ?? ''}`);
    },
    async refund(request: RefundRequest) {
      const result = await sdk.exec('alipay.trade.refund', {
        bizContent: {
          out_trade_no: request.tradeNo,
          refund_amount: yuanString(request.amount),
          out_request_no: request.refundNo,
          refund_reason: request.reason,
        },
      });
      if (result.code !== '10000') throw new Error(`alipay.trade.refund: ${result.code} ${result.subCode ?? ''}`);
      return {
        status: 'refunded',
        refundedAt:
          fromGatewayTime(result.gmtRefundPay ? String(result.gmtRefundPay) : undefined) ?? new Date().toISOString(),
      };
    },
  };
};

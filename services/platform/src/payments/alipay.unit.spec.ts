import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alipayProvider } from './alipay.ts';
import { rsa2Sign } from './signing.ts';

/**
 * The Alipay adapter on the official SDK, without the gateway (unreachable here): the page-pay URL it builds
 * is signed with the app's key as Alipay verifies it, and notifications are checked with Alipay's public key,
 * a tampered parameter or another key failing. Keys are generated in the test.
 */
const pair = (type: 'pkcs1' | 'pkcs8') =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type, format: 'pem' },
  });
const app = pair('pkcs8');
const alipay = pair('pkcs8');
const provider = (appKey = app.privateKey) =>
  alipayProvider({
    appId: '2021000000000001',
    privateKey: appKey,
    alipayPublicKey: alipay.publicKey,
    gateway: 'https://openapi.alipay.com/gateway.do',
    notifyUrl: 'https://feibao.example/api/v1/uav/pay/notify/alipay',
    returnUrl: 'https://feibao.example/platform/order',
  });
const trade = {
  tradeNo: '0f8fad5bd9cb469fa16570867728950e01',
  orderNo: 'FB20261123000001',
  amount: 1234.5,
  subject: '飞保无人机保险 FB20261123000001',
  insurerName: '人保财险',
  dueAt: '2026-11-23T02:30:00.000Z',
};

/** Alipay's check of a request: every parameter but `sign`, sorted, `k=v&…`, SHA256withRSA with the app's public key. */
const requestSignatureHolds = (params: Record<string, string>, publicKey: string) => {
  const { sign, ...rest } = params;
  const base = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`)
    .join('&');
  return createVerify('RSA-SHA256')
    .update(base, 'utf8')
    .verify(publicKey, sign ?? '', 'base64');
};
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams.entries());

describe('alipay adapter', () => {
  it('signs a page-pay request with the app key: Alipay can verify it, a tampered amount cannot pass', async () => {
    const url = await provider().cashierUrl(trade);
    expect(url).toMatch(/^https:\/\/openapi\.alipay\.com\/gateway\.do\?/);
    const params = paramsOf(url!);
    expect(params).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: '2021000000000001',
      sign_type: 'RSA2',
      notify_url: 'https://feibao.example/api/v1/uav/pay/notify/alipay',
    });
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      out_trade_no: trade.tradeNo,
      total_amount: '1234.50',
      subject: trade.subject,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2026-11-23 10:30:00',
    });
    expect(requestSignatureHolds(params, app.publicKey)).toBe(true);
    const tampered = { ...params, biz_content: params.biz_content!.replace('1234.50', '0.01') };
    expect(requestSignatureHolds(tampered, app.publicKey)).toBe(false);
    // Signed with the app's key, not anyone else's.
    expect(requestSignatureHolds(params, alipay.publicKey)).toBe(false);
  });

  it('accepts a PKCS#1 app key as Alipay hands them out', async () => {
    const pkcs1 = pair('pkcs1');
    const params = paramsOf((await provider(pkcs1.privateKey).cashierUrl(trade))!);
    expect(requestSignatureHolds(params, pkcs1.publicKey)).toBe(true);
  });

  it('verifies a notification with Alipay’s public key; a tampered parameter or another signer fails', async () => {
    const fields = {
      out_trade_no: trade.tradeNo,
      trade_no: '2026112322001400000000000001',
      total_amount: '1234.50',
      trade_status: 'TRADE_SUCCESS',
      notify_id: 'ac05099524730693a8b330c5ecf72da9786',
      notify_time: '2026-11-23 10:05:00',
      gmt_payment: '2026-11-23 10:04:58',
      app_id: '2021000000000001',
    };
    const signed = { ...fields, sign_type: 'RSA2', sign: rsa2Sign(fields, alipay.privateKey) };
    const adapter = provider();
    expect(await adapter.verifyNotification(signed)).toBe(true);
    expect(await adapter.verifyNotification({ ...signed, total_amount: '0.01' })).toBe(false);
    expect(await adapter.verifyNotification({ ...signed, out_trade_no: 'another' })).toBe(false);
    const forged = { ...fields, sign_type: 'RSA2', sign: rsa2Sign(fields, pair('pkcs8').privateKey) };
    expect(await adapter.verifyNotification(forged)).toBe(false);
    const { sign: _sign, ...unsigned } = signed;
    expect(await adapter.verifyNotification(unsigned)).toBe(false);
  });
});

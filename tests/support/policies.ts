import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { registerUser, type Client, type TestPlatform } from './platform.ts';

/** A company profile complete enough for insurers to quote. */
export const companyProfile = {
  enterpriseName: '飞保测绘科技有限公司',
  phone: '13911112222',
  email: 'ops@feibao.test',
  unifiedSocialCreditCode: '91310000MA1FL0000X',
  insuredType: 1,
};

export const waitForOrderState = async (client: Client, id: string, state: number, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const details = await client.get(`/api/v1/uav/order/orderDetails?id=${id}`);
    if (details.body.data?.state === state) return details.body.data;
    if (Date.now() > deadline)
      throw new Error(`order ${id} stayed in state ${details.body.data?.state}, wanted ${state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The cashier token of a dev-gateway cashier URL (`…/pay/<token>`). */
export const cashierToken = (payment: { cashierUrl: string | null } | null | undefined) => {
  const token = payment?.cashierUrl?.split('/pay/')[1];
  if (!token) throw new Error(`no cashier URL in ${JSON.stringify(payment)}`);
  return token;
};

/** Pays a purchase at the dev gateway, as the customer would at its cashier; the order turns paid once its notification is processed. */
export const payAtDevCashier = async (client: Client, payment: { cashierUrl: string | null } | null | undefined) => {
  const paid = await client.post('/api/v1/uav/dev/pay/confirm', { token: cashierToken(payment) });
  if (paid.body.code !== 20000) throw new Error(`pay: ${paid.body.message}`);
  return paid;
};

/**
 * A customer with a policy in force, bought through the real flow (save, inquiry, quotes from
 * the simulated insurers, insure, payment at the dev gateway, underwriting): the platform needs a short QUOTE_DAY_SECONDS.
 * Another application (more drones, other covers) may stand in for the general one.
 */
export const customerWithPolicy = async (
  platform: TestPlatform,
  application: Record<string, unknown> = generalApplication(),
) => {
  const client = platform.client();
  const { phone } = await registerUser(client);
  const profile = await client.post('/api/v1/uav/user/update', companyProfile);
  if (profile.body.code !== 20000) throw new Error(`profile: ${profile.body.message}`);
  const saved = await client.post('/api/v1/uav/order/save', application);
  const orderId: string = saved.body.data.id;
  const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', { ...application, id: orderId });
  if (inquiry.body.code !== 20000) throw new Error(`inquiry: ${inquiry.body.message}`);
  const quoted = await waitForOrderState(client, orderId, 2);
  const insurerId = quoted.quoteProgress[0].insuranceCompanyId;
  const insured = await insureWithTerms(client, orderId, insurerId);
  if (insured.body.code !== 20000) throw new Error(`insure: ${insured.body.message}`);
  await payAtDevCashier(client, insured.body.data.payment);
  const policy = await waitForOrderState(client, orderId, 5);
  return { client, phone, orderId, policy };
};

/**
 * 投保前阅读确认 (docs/api/disclosure.md), as the cover plan's dialog does: reads the texts a buyer from this
 * insurer confirms (at their versions in force) and confirms them. 投保 is refused until this is done.
 */
export const confirmPurchaseTerms = async (client: Client, orderId: string, insurerId: number | string) => {
  const terms = await client.get(`/api/v1/uav/order/purchaseTerms?id=${orderId}&insuranceCompanyId=${insurerId}`);
  if (terms.body.code !== 20000) throw new Error(`purchase terms: ${terms.body.message}`);
  const texts = (terms.body.data.texts as { kind: string; coverId: number | null; version: number }[]).map((t) => ({
    kind: t.kind,
    coverId: t.coverId,
    version: t.version,
  }));
  const confirmed = await client.post('/api/v1/uav/order/purchaseTerms/confirm', {
    id: orderId,
    insuranceCompanyId: Number(insurerId),
    texts,
  });
  if (confirmed.body.code !== 20000) throw new Error(`confirm terms: ${confirmed.body.message}`);
  return { texts: terms.body.data.texts as { key: string; version: number; title: string }[], confirmed };
};

/** 投保 as the customer does it: the terms confirmed in the dialog, then the purchase. */
export const insureWithTerms = async (client: Client, orderId: string, insurerId: number | string, query = '') => {
  await confirmPurchaseTerms(client, orderId, insurerId);
  return client.get(`/api/v1/uav/order/insure?id=${orderId}&insuranceCompanyId=${insurerId}${query}`);
};

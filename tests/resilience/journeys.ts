import sharp from 'sharp';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { claimReport } from '../support/claims.ts';
import { companyProfile } from '../support/policies.ts';
import { newPhone, type ApiAnswer, type Client } from '../support/platform.ts';

/**
 * What customers do while the test breaks things: register, buy a policy through quoting, report a
 * claim with a photo. Each step retries what a user would retry (a refused or failed request) until
 * the platform answers; the outcome is checked afterwards from the event store, not here.
 */
const API = '/api/v1/uav';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type JourneyStats = {
  requests: number;
  fiveHundreds: { status: number; path: string; body: string }[];
  retries: number;
  /** What the platform answered when it could not do the work: "status code message" → times. */
  refusals: Record<string, number>;
};
export const newStats = (): JourneyStats => ({ requests: 0, fiveHundreds: [], retries: 0, refusals: {} });

/** Calls until the answer is 20000 (or `accept` says it is final); 5xx answers are counted, transport errors retried. */
const until20000 = async (
  stats: JourneyStats,
  what: string,
  send: () => Promise<ApiAnswer>,
  accept = (a: ApiAnswer) => a.body.code === 20000,
  timeoutMs = 180_000,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    stats.requests += 1;
    const answer = await send().catch((error: Error) => ({
      status: 0,
      body: { code: 0, message: error.message, data: null },
      headers: new Headers(),
    }));
    if (answer.status >= 500 && !isEnvelope(answer))
      stats.fiveHundreds.push({ status: answer.status, path: what, body: JSON.stringify(answer.body).slice(0, 200) });
    if (accept(answer)) return answer;
    if (answer.status >= 500 || answer.status === 0) {
      const key = `${answer.status} ${answer.body.code} ${answer.body.message}`.slice(0, 120);
      stats.refusals[key] = (stats.refusals[key] ?? 0) + 1;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${what}: no success within ${timeoutMs} ms; last ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
    stats.retries += 1;
    await sleep(250);
  }
};
/**
 * 投保 as the cover plan does it: the texts confirmed first (docs/api/disclosure.md), then the purchase; a refusal
 * of either is the answer, so the caller's retry repeats both.
 */
const buyWithTerms = async (client: Client, orderId: string, insurerId: number): Promise<ApiAnswer> => {
  const terms = await client.get(`${API}/order/purchaseTerms?id=${orderId}&insuranceCompanyId=${insurerId}`);
  if (terms.body.code !== 20000) return terms;
  const texts = (terms.body.data.texts as { kind: string; coverId: number | null; version: number }[]).map(
    ({ kind, coverId, version }) => ({ kind, coverId, version }),
  );
  const confirmed = await client.post(`${API}/order/purchaseTerms/confirm`, {
    id: orderId,
    insuranceCompanyId: insurerId,
    texts,
  });
  if (confirmed.body.code !== 20000) return confirmed;
  return client.get(`${API}/order/insure?id=${orderId}&insuranceCompanyId=${insurerId}`);
};
const isEnvelope = (answer: ApiAnswer) =>
  typeof answer.body?.code === 'number' && typeof answer.body?.message === 'string';

export const register = async (client: Client, stats: JourneyStats) => {
  const phone = newPhone();
  const password = 'passw0rd-ok';
  let code = '';
  await until20000(stats, 'register', async () => {
    // A code sent while the workers were down is delivered when they are back; ask again if it never comes.
    const before = await client.get(`${API}/dev/sms/latest?phone=${phone}`);
    const sent = await client.get(`${API}/user/phone?phone=${phone}`);
    if (sent.body.code !== 20000 && sent.body.code !== 40900 && sent.body.code !== 42900) return sent;
    for (let i = 0; i < 40; i++) {
      const latest = await client.get(`${API}/dev/sms/latest?phone=${phone}`);
      if (latest.body.code === 20000 && latest.body.data.sentAt !== before.body.data?.sentAt) {
        code = latest.body.data.code;
        break;
      }
      await sleep(250);
    }
    if (!code) return { status: 200, body: { code: 0, message: 'no code yet', data: null }, headers: new Headers() };
    return client.adopt(
      await client.post(`${API}/user/register`, {
        registerType: 1,
        name: '韧性测试',
        mobilePhone: phone,
        password,
        confirmPassword: password,
        identifyingCode: code,
      }),
    );
  });
  await until20000(stats, 'profile', () => client.post(`${API}/user/update`, companyProfile));
  return phone;
};

const orderState = async (client: Client, id: string) =>
  (await client.get(`${API}/order/orderDetails?id=${id}`)).body.data?.state as number | undefined;

/** Draft → inquiry → quotes from the simulated insurers → insure with the first → pay → policy in force (state 5). */
export const buyPolicy = async (client: Client, stats: JourneyStats) => {
  const saved = await until20000(stats, 'order/save', () => client.post(`${API}/order/save`, generalApplication()));
  const orderId: string = saved.body.data.id;
  await until20000(
    stats,
    'order/inquiryPrice',
    () => client.post(`${API}/order/inquiryPrice`, { ...generalApplication(), id: orderId }),
    // A retry of an inquiry that went through is refused as already asked: the order moved on.
    (a) => a.body.code === 20000 || (a.body.code === 40900 && a.body.message !== ''),
  );
  const quoted = await until20000(stats, 'quoted', async () => {
    const details = await client.get(`${API}/order/orderDetails?id=${orderId}`);
    return details.body.code !== 20000 || details.body.data.state >= 2
      ? details
      : { ...details, body: { ...details.body, code: 0 } };
  });
  // Insure with the first insurer that takes it (one may have declined or timed out); a retry of an
  // insure that went through finds the order already past state 2.
  await until20000(stats, 'order/insure', async () => {
    let last: ApiAnswer = quoted;
    for (const { insuranceCompanyId } of quoted.body.data.quoteProgress as { insuranceCompanyId: number }[]) {
      if (((await orderState(client, orderId)) ?? 0) > 2)
        return { ...last, body: { code: 20000, message: 'insured', data: null } };
      last = await buyWithTerms(client, orderId, insuranceCompanyId);
      if (last.body.code === 20000) return last;
    }
    return last;
  });
  // Pay at the dev gateway's cashier (docs/api/payments.md); a retry after a payment that went through
  // finds it paid (or the order already underwritten).
  await until20000(stats, 'pay', async () => {
    const details = await client.get(`${API}/order/orderDetails?id=${orderId}`);
    const payment = details.body.data?.payment as { status: string; cashierUrl: string | null } | null | undefined;
    if (details.body.code !== 20000) return details;
    if ((details.body.data.state ?? 0) >= 4 || payment?.status === 'paid')
      return { ...details, body: { code: 20000, message: 'paid', data: null } };
    // Unpaid past its due time (a long outage) the purchase lapsed back to 2: buy again, then pay.
    if (details.body.data.state === 2) {
      const insurerId = details.body.data.insuranceCompanyId ?? quoted.body.data.quoteProgress[0].insuranceCompanyId;
      await buyWithTerms(client, orderId, insurerId);
      return { ...details, body: { code: 0, message: 'bought again', data: null } };
    }
    const token = payment?.cashierUrl?.split('/pay/')[1];
    if (!token) return { ...details, body: { code: 0, message: 'no cashier yet', data: null } };
    return client.post(`${API}/dev/pay/confirm`, { token });
  });
  await until20000(stats, 'in force', async () => {
    const state = await orderState(client, orderId);
    return {
      status: 200,
      body: { code: state === 5 ? 20000 : 0, message: String(state), data: state },
      headers: new Headers(),
    };
  });
  return orderId;
};

let photo: Buffer | null = null;
const aPhoto = async () =>
  (photo ??= await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer());

/** Opens a claim on the policy, reports the accident, uploads one photo and submits. */
export const reportClaim = async (client: Client, stats: JourneyStats, baseUrl: string, orderId: string) => {
  const created = await until20000(
    stats,
    'claim/create',
    () => client.get(`${API}/claim/settlement/createClaimSettlement?orderId=${orderId}`),
    (a) => a.body.code === 20000 || a.body.code === 30000,
  );
  const claimId: string = created.body.data;
  // No one hurt: the report needs no ID number.
  const report = claimReport(claimId, { injuryLossType: '', injuryLossTypeRemark: '', injuryInfoList: [] });
  await until20000(stats, 'claim/save', () => client.post(`${API}/claim/settlement/save`, report));
  const bytes = await aPhoto();
  await until20000(stats, 'claim/uploadBatch', async () => {
    const form = new FormData();
    form.append('id', claimId);
    form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'scene.jpg');
    const response = await fetch(`${baseUrl}${API}/claim/settlement/uploadBatch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.state.accessToken}` },
      body: form,
    });
    const text = await response.text();
    let body: ApiAnswer['body'];
    try {
      body = JSON.parse(text);
    } catch {
      body = { code: 0, message: text.slice(0, 200), data: null };
    }
    return { status: response.status, body, headers: response.headers };
  });
  await until20000(
    stats,
    'claim/submit',
    () => client.post(`${API}/claim/settlement/submit`, report),
    // A retried submit that already went through is refused as submitted.
    (a) => a.body.code === 20000 || a.body.message === '理赔单已提交，不能修改',
  );
  return claimId;
};

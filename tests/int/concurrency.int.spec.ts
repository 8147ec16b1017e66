import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDecider } from '@feibao/domain/claims/claim.commands';
import { claimStreamId } from '@feibao/domain/claims/claim.events';
import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { userStreamId } from '@feibao/domain/accounts/user.events';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { CONCURRENT_WRITE_REFUSED } from '@feibao/platform/http/app';
import { CLAIMS } from '@feibao/read-models/claims/claims/claimDocument';
import { ORDERS } from '@feibao/read-models/ordering/orders/orderDocument';
import { claimReport, injuredPerson } from '../support/claims.ts';
import {
  accountWithRoles,
  ADMIN,
  registerUser,
  sendCode,
  newPhone,
  startTestPlatform,
  until,
  type ApiAnswer,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { companyProfile, payAtDevCashier, waitForOrderState, confirmPurchaseTerms } from '../support/policies.ts';

/**
 * Many clients writing one stream at once, through HTTP as the web sends them (docs/reliability.md
 * "Concurrency", docs/security.md "Concurrent writers"): every acknowledged command has its event, stream versions are contiguous, each
 * version was acknowledged once, the rest are refused with an envelope (never a 5xx), a one-shot
 * step succeeds once, and the read model equals the fold of the stream.
 */
const CLAIM_API = '/api/v1/uav/claim/settlement';

let platform: TestPlatform;
let admin: Client;
let customer: Client;
/** The order the insure test bought: its policy is the claims' below. */
let orderWithPolicy = '';
beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  admin.adopt(await admin.post('/api/v1/uav/user/login', ADMIN));
  customer = platform.client();
  await registerUser(customer);
  expect((await customer.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
}, 60_000);
afterAll(async () => platform?.stop());

const burst = <T>(n: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));
const succeeded = (answers: ApiAnswer[]) => answers.flatMap((a, i) => (a.body.code === 20000 ? [i] : []));
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));
const readStream = (streamId: string) => platform.command.deps.eventStore.readStream(streamId);

/** Stream versions 1…n, without a gap or a repeat. */
const expectContiguous = (events: { metadata: { streamPosition: bigint } }[]) =>
  expect(events.map((e) => Number(e.metadata.streamPosition))).toEqual(events.map((_, i) => i + 1));

/** A refused command was told so, as an envelope with a 4xx, and left nothing behind. */
const expectRefused = (answers: ApiAnswer[], allowed: readonly { code: number; message: string }[]) => {
  for (const answer of answers.filter((a) => a.body.code !== 20000)) {
    expect(answer.status, answer.body.message).toBeLessThan(500);
    expect(allowed).toContainEqual({ code: answer.body.code, message: answer.body.message });
  }
};

/** The acknowledged command's event is the one at the global position its answer named. */
const eventAckedBy = <E extends { metadata: { globalPosition: bigint } }>(events: E[], answer: ApiAnswer) =>
  events.find((e) => Number(e.metadata.globalPosition) === Number(answer.headers.get('x-consistency-token')));

/**
 * The read model converges on the fold of the stream. The fold is taken again with each look: a
 * timer of the platform's own (a claim's SLA, 0.2 s working days here) may append after the burst,
 * and the read model then rightly moves past a fold taken once.
 */
const readModelEqualsFold = async (table: string, id: string, key: 'order' | 'claim', fold: () => Promise<unknown>) => {
  const { doc, expected } = await until(
    async () => {
      const data = (await platform.pool.query(`SELECT data FROM "${table}" WHERE _id = $1`, [id])).rows[0]?.data;
      return { doc: data, expected: plain(await fold()) };
    },
    ({ doc, expected }) => isDeepStrictEqual(doc?.[key], expected),
  );
  expect(doc[key]).toEqual(expected);
};

const orderForm = (id: string, marker: number) => {
  const form = generalApplication() as { uavDriverInfoList: { operatingHours: number }[] };
  form.uavDriverInfoList[0]!.operatingHours = marker;
  return { ...form, id };
};
const markerOf = (event: { data: unknown }) =>
  (event.data as { form: { uavDriverInfoList: { operatingHours: number }[] } }).form.uavDriverInfoList[0]!
    .operatingHours;

describe('one order stream, 50 writers at once', () => {
  it('draft saves: one success per version, the others refused with 40900 and then stored by a retry; nothing lost', async () => {
    const first = await customer.post('/api/v1/uav/order/save', orderForm('', 1000));
    expect(first.body.code).toBe(20000);
    const id: string = first.body.data.id;

    const answers = await burst(50, (i) => customer.post('/api/v1/uav/order/save', orderForm(id, 2000 + i)));
    expectRefused(answers, [{ code: 40900, message: CONCURRENT_WRITE_REFUSED }]);
    const acked = succeeded(answers);
    expect(acked.length).toBeGreaterThan(0);

    let stream = await readStream(orderStreamId(id));
    expect(stream.events).toHaveLength(1 + acked.length);
    expectContiguous(stream.events);
    for (const i of acked) expect(markerOf(eventAckedBy(stream.events, answers[i]!)!)).toBe(2000 + i);
    const refused = answers.flatMap((a, i) => (a.body.code === 20000 ? [] : [i]));
    expect(stream.events.map(markerOf).filter((m) => refused.includes(m - 2000))).toEqual([]);

    // A refused client trying again is stored: every save ends up in the stream exactly once.
    for (const i of refused)
      expect((await customer.post('/api/v1/uav/order/save', orderForm(id, 2000 + i))).body.code).toBe(20000);
    stream = await readStream(orderStreamId(id));
    expectContiguous(stream.events);
    expect(stream.events.map(markerOf).sort()).toEqual(
      [1000, ...Array.from({ length: 50 }, (_, i) => 2000 + i)].sort(),
    );

    await readModelEqualsFold(ORDERS, id, 'order', async () =>
      (await readStream(orderStreamId(id))).events.reduce(
        (s, e) => orderDecider.evolve(s, e as never),
        orderDecider.initialState(),
      ),
    );
  });

  it('insure is bought once: exactly one 20000, the others told the order is already insured', async () => {
    const saved = await customer.post('/api/v1/uav/order/save', generalApplication());
    const id: string = saved.body.data.id;
    expect((await customer.post('/api/v1/uav/order/inquiryPrice', { ...generalApplication(), id })).body.code).toBe(
      20000,
    );
    const quoted = await waitForOrderState(customer, id, 2);
    const insurerId = quoted.quoteProgress[0].insuranceCompanyId;

    await confirmPurchaseTerms(customer, id, insurerId);
    const answers = await burst(50, () =>
      customer.get(`/api/v1/uav/order/insure?id=${id}&insuranceCompanyId=${insurerId}`),
    );
    orderWithPolicy = id;
    expect(succeeded(answers)).toHaveLength(1);
    expectRefused(answers, [{ code: 40900, message: '订单已投保，请勿重复投保' }]);
    await payAtDevCashier(customer, answers[succeeded(answers)[0]!]!.body.data.payment);
    const stream = await readStream(orderStreamId(id));
    expect(stream.events.filter((e) => e.type === 'OrderInsured')).toHaveLength(1);
    expectContiguous(stream.events);
  });
});

/** A complete claim report whose `accidentAddress` carries the marker. */
const report = (id: string, accidentAddress: string, overrides: Record<string, unknown> = {}) =>
  claimReport(id, { accidentAddress, ...overrides });
const addressOf = (event: { data: unknown }) =>
  (event.data as { form?: { accidentAddress?: string } }).form?.accidentAddress;

describe('one claim stream, many writers at once', () => {
  let claimId = '';
  let submitted = '';

  it('ten "apply for a claim" at once open one claim; the others are pointed to it (30000)', async () => {
    await waitForOrderState(customer, orderWithPolicy, 5);
    const answers = await burst(10, () =>
      customer.get(`${CLAIM_API}/createClaimSettlement?orderId=${orderWithPolicy}`),
    );
    const [winner, ...others] = succeeded(answers);
    expect(others).toEqual([]);
    claimId = answers[winner!]!.body.data;
    for (const answer of answers.filter((a) => a.body.code !== 20000))
      expect(answer.body).toMatchObject({ code: 30000, data: claimId });
  });

  it('50 saves: one per version, refusals say so, every acknowledged form is in the stream', async () => {
    const answers = await burst(50, (i) => customer.post(`${CLAIM_API}/save`, report(claimId, `暂存地址${i}`)));
    expectRefused(answers, [{ code: 40900, message: CONCURRENT_WRITE_REFUSED }]);
    const acked = succeeded(answers);
    expect(acked.length).toBeGreaterThan(0);
    const stream = await readStream(claimStreamId(claimId));
    const saves = stream.events.filter((e) => e.type === 'ClaimDraftSaved');
    expect(saves).toHaveLength(acked.length);
    expectContiguous(stream.events);
    for (const i of acked) expect(addressOf(eventAckedBy(stream.events, answers[i]!)!)).toBe(`暂存地址${i}`);
    expect(saves.map(addressOf).sort()).toEqual(acked.map((i) => `暂存地址${i}`).sort());
  });

  it('50 submits: exactly one 20000, the others told it is submitted already; the read model is the fold', async () => {
    const answers = await burst(50, (i) => customer.post(`${CLAIM_API}/submit`, report(claimId, `提交地址${i}`)));
    const [winner, ...others] = succeeded(answers);
    expect(others).toEqual([]);
    expectRefused(answers, [{ code: 40900, message: '理赔单已提交，不能修改' }]);
    submitted = `提交地址${winner}`;
    const stream = await readStream(claimStreamId(claimId));
    expect(stream.events.filter((e) => e.type === 'ClaimSubmitted').map(addressOf)).toEqual([submitted]);
    expectContiguous(stream.events);
    await readModelEqualsFold(CLAIMS, claimId, 'claim', async () =>
      (await readStream(claimStreamId(claimId))).events.reduce(
        (s, e) => claimDecider.evolve(s, e as never),
        claimDecider.initialState(),
      ),
    );
  });

  it('two admins amending at once: one wins, the other is told the claim changed and cannot undo it', async () => {
    const other = await accountWithRoles(platform, admin, ['admin']);
    const fresh = { headers: { 'x-consistency-token': String(customer.consistency) } };
    // The accept timer (0.2 s working days here) appends ClaimSlaOverdue: let it land before loading.
    const loaded = await until(
      async () => (await admin.get(`${CLAIM_API}/details?id=${claimId}`, fresh)).body.data,
      (d) => d?.sla?.overdue?.includes('accept'),
    );
    const seen: number = loaded.version;
    const addressChange = report(claimId, '管理员甲更正的地址');
    const amountChange = report(claimId, submitted, { injuryInfoList: [injuredPerson({ indemnityAmount: '3' })] });
    const amend = async (client: Client, form: Record<string, unknown>) => {
      const compared = await client.post(`${CLAIM_API}/contrast`, { ...form, version: seen });
      expect(compared.body.code, compared.body.message).toBe(20000);
      const list = compared.body.data.rows.map((r: { path: string }) => ({ path: r.path, remark: '客户来电更正' }));
      return client.post(`${CLAIM_API}/saveLog`, { id: claimId, version: compared.body.data.version, form, list });
    };
    const answers = await Promise.all([amend(admin, addressChange), amend(other, amountChange)]);
    expect(succeeded(answers)).toHaveLength(1);
    const loserIndex = answers.findIndex((a) => a.body.code !== 20000);
    expect(answers[loserIndex]!.body).toMatchObject({ code: 40900, message: '理赔单已被他人修改，请重新比对' });

    // The loser compares again from the form it loaded: refused, since comparing would undo the winner's change.
    const [loser, loserForm] = loserIndex === 0 ? [admin, addressChange] : [other, amountChange];
    const again = await loser.post(`${CLAIM_API}/contrast`, { ...loserForm, version: seen });
    expect(again.body).toMatchObject({ code: 40900, message: '理赔单已被他人修改，请刷新后重试' });

    // After a refresh it amends the current form; an event that leaves the form alone (an assignment) refuses nothing.
    const reloaded = (
      await loser.get(`${CLAIM_API}/details?id=${claimId}`, {
        headers: { 'x-consistency-token': String(Math.max(admin.consistency, other.consistency)) },
      })
    ).body.data;
    expect((await admin.post(`${CLAIM_API}/assign`, { id: claimId, assignee: ADMIN.mobilePhone })).body.code).toBe(
      20000,
    );
    const both = report(claimId, '管理员甲更正的地址', { injuryInfoList: amountChange.injuryInfoList });
    const compared = await loser.post(`${CLAIM_API}/contrast`, { ...both, version: reloaded.version });
    expect(compared.body.code, compared.body.message).toBe(20000);
    expect(compared.body.data.rows).toHaveLength(1);
    const list = compared.body.data.rows.map((r: { path: string }) => ({ path: r.path, remark: '刷新后再改' }));
    expect(
      (await loser.post(`${CLAIM_API}/saveLog`, { id: claimId, version: compared.body.data.version, form: both, list }))
        .body.code,
    ).toBe(20000);

    const amendments = (await readStream(claimStreamId(claimId))).events.filter((e) => e.type === 'ClaimAmended');
    expect(amendments).toHaveLength(2);
    expect(amendments.at(-1)!.data).toMatchObject({
      form: { accidentAddress: '管理员甲更正的地址', injuryInfoList: [{ indemnityAmount: 3 }] },
    });
  });
});

describe('one SMS code sent ten times at once', () => {
  const loginsOf = async (phone: string, method: string) =>
    (await readStream(userStreamId(phone))).events.filter(
      (e) => e.type === 'UserLoggedIn' && (e.data as { method: string }).method === method,
    );

  it('SMS login: one session at most', async () => {
    const client = platform.client();
    const { phone } = await registerUser(client);
    await platform.allowResend(phone);
    const code = await sendCode(client, phone);
    const answers = await burst(10, () =>
      platform.client().post('/api/v1/uav/user/loginByPhone', { mobilePhone: phone, identifyingCode: code }),
    );
    expect(succeeded(answers)).toHaveLength(1);
    expectRefused(answers, [{ code: 40000, message: '验证码已失效，请重新获取' }]);
    expect(await loginsOf(phone, 'sms')).toHaveLength(1);
  });

  it('register with a code: one account and one session', async () => {
    const client = platform.client();
    const phone = newPhone();
    const code = await sendCode(client, phone);
    const body = {
      registerType: 1,
      name: '并发注册',
      mobilePhone: phone,
      password: 'passw0rd-ok',
      confirmPassword: 'passw0rd-ok',
      identifyingCode: code,
    };
    const answers = await burst(10, () => platform.client().post('/api/v1/uav/user/register', body));
    expect(succeeded(answers)).toHaveLength(1);
    expectRefused(answers, [
      { code: 40000, message: '验证码已失效，请重新获取' },
      { code: 40900, message: '该手机号已注册' },
    ]);
    expect((await readStream(userStreamId(phone))).events.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
    expect(await loginsOf(phone, 'register')).toHaveLength(1);
  });
});

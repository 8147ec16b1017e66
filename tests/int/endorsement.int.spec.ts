import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, type Redis } from '@feibao/platform/redis';
import { PAYMENTS_QUEUE, type PaymentJob } from '@feibao/workers/payments/jobs';
import { INSURER_QUEUE, jobIdOf, type InsurerJob } from '@feibao/workers/quoting/jobs';
import { endorsementMessages as em } from '@feibao/domain/ordering/endorsement';
import { endorsementTerms } from '@feibao/domain/rules/seed/endorsementRules';
import { ADMIN, registerUser, signIn, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';
import { customerWithPolicy, payAtDevCashier } from '../support/policies.ts';

/**
 * 批改 through the edge (docs/api/endorsement.md): the priced preview (pro rata for the days left, the insurer's
 * minimum premium), 确认批改, the insurer's answer job, the extra premium paid at the dev cashier (exactly one
 * PolicyEndorsed however often the notification comes), the return premium refunded once, the desk's queue with
 * approve / decline, an unpaid extra premium lapsing, contact details endorsed at once, policy versions.
 * Insurer days are 0.2 s; an extra premium is due after 6 s.
 */

const U = '/api/v1/uav';
let platform: TestPlatform;
let admin: Client;
let redis: Redis;
let insurerJobs: Queue<InsurerJob>;
let paymentJobs: Queue<PaymentJob>;

const waitFor = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)?.slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const events = async (orderId: string) =>
  (
    await platform.pool.query(
      `SELECT message_type AS type, message_data AS data FROM emt_messages WHERE stream_id = $1 ORDER BY stream_position`,
      [`order-${orderId}`],
    )
  ).rows as { type: string; data: Record<string, any> }[];
const ofType = async (orderId: string, type: string) => (await events(orderId)).filter((e) => e.type === type);

const newDrone = {
  name: '植保机',
  deviceNumber: 'AG-001',
  manufacturer: '极飞',
  model: 'P100',
  productionYear: '2025-03-01',
  price: 50000,
  deviceType: '多旋翼',
  rotorCount: 4,
  maxFlyingWeight: 20,
  windResistance: '六级',
  selfRescuePlan: '无',
  realTimeFlightData: 0,
};
const addDrone = [{ kind: 'addDrone', drone: newDrone }];
const removeSecond = [{ kind: 'removeDrone', index: 1 }];

const price = async (client: Client, id: string, changes: unknown[]) => {
  const answer = await client.post(`${U}/order/endorsement/price`, { id, changes });
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data;
};
const request = async (client: Client, id: string, changes: unknown[], confirmedTotal: number) => {
  const answer = await client.post(`${U}/order/endorsement/request`, { id, changes, confirmedTotal });
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data as { endorsementId: string; endorsementNo: string; status: string };
};
const endorsementOf = async (client: Client, id: string) =>
  (await client.get(`${U}/order/endorsement?id=${id}`)).body.data;
/** The order's list row: its actions, policy version and pending change. */
const rowOf = async (client: Client, id: string) =>
  ((await client.post(`${U}/order/page`, { currentPage: 1, pageSize: 50 })).body.data.datas as any[]).find(
    (r) => r.id === id,
  );
const waitForStatus = (client: Client, id: string, status: string) =>
  waitFor(
    () => endorsementOf(client, id),
    (d) => d?.endorsement?.status === status,
    `endorsement ${status}`,
  );

beforeAll(async () => {
  platform = await startTestPlatform({
    env: {
      QUOTE_DAY_SECONDS: '0.2',
      QUOTE_DEADLINE_DAYS: '300',
      SMS_HOURLY_PER_ADDRESS: '100000',
      PAYMENT_DUE_MINUTES: '0.1',
      PAYMENT_RECONCILE_MINUTES: '0.02',
      UNDERWRITE_DAYS: '1',
    },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  redis = createRedis(platform.config.redisUrl, { forWorker: true });
  insurerJobs = new Queue<InsurerJob>(INSURER_QUEUE, { connection: redis, prefix: platform.config.queuePrefix });
  paymentJobs = new Queue<PaymentJob>(PAYMENTS_QUEUE, { connection: redis, prefix: platform.config.queuePrefix });
}, 60_000);

afterAll(async () => {
  await insurerJobs?.close();
  await paymentJobs?.close();
  await redis?.quit();
  await platform?.stop();
});

describe('批改 with an extra premium', () => {
  it('previews per line pro rata for the days left, asks, is approved by the insurer, paid once, version 2', async () => {
    const { client, orderId, policy } = await customerWithPolicy(platform);
    expect(policy.actions).toContain('endorse');
    const quote = await price(client, orderId, addDrone);
    const added = quote.lines.filter((l: any) => l.oldKey === null);
    expect(added.map((l: any) => l.key)).toEqual(['1:2', '2:2']);
    expect(quote.termDays).toBe(365);
    expect(quote.daysLeft).toBeGreaterThanOrEqual(364);
    for (const line of added)
      expect(line.difference).toBeCloseTo(
        Math.round((line.newPremium * quote.daysLeft * 100) / quote.termDays) / 100,
        2,
      );
    expect(quote.total).toBeGreaterThan(0);
    expect(quote.rows.map((r: any) => r.kind)).toEqual(['addDrone', 'addDrone']);
    const insurerId = policy.insuranceCompanyId as number;
    expect(quote.terms.minimumExtra).toBe(endorsementTerms[insurerId]?.minimumExtra ?? 0);

    const asked = await request(client, orderId, addDrone, quote.total);
    expect(asked.endorsementNo).toBe(`${policy.policyNo}-01`);
    const pending = await rowOf(client, orderId);
    expect(pending.pendingChange).toBe('endorsement');
    expect(pending.actions).not.toContain('endorse');
    const again = await client.post(`${U}/order/endorsement/request`, {
      id: orderId,
      changes: addDrone,
      confirmedTotal: 0,
    });
    expect(again.body).toMatchObject({ code: 40900, message: em.endorsementPending });

    const approved = await waitForStatus(client, orderId, 'awaitingPayment');
    expect(approved.endorsement).toMatchObject({ statusLabel: '待支付', approvedBy: 'system' });
    expect(approved.endorsement.payment.amount).toBe(quote.total);
    const pay = await client.post(`${U}/order/endorsement/pay`, { id: orderId, endorsementId: asked.endorsementId });
    expect(pay.body.code, pay.body.message).toBe(20000);
    await payAtDevCashier(client, pay.body.data.payment);
    const endorsed = await waitForStatus(client, orderId, 'endorsed');
    expect(endorsed.policyVersion).toBe(2);
    const [one] = await ofType(orderId, 'PolicyEndorsed');
    expect(one!.data).toMatchObject({ version: 2, premiumDifference: quote.total, endorsementNo: asked.endorsementNo });
    expect(one!.data.lines).toHaveLength(6);
    const details = await rowOf(client, orderId);
    expect(details).toMatchObject({ policyVersion: 2, pendingChange: null });
    expect(details.actions).toContain('endorse');

    // The reconciliation and expiry jobs run again (a redelivery): still one confirmation, one PolicyEndorsed.
    const tradeNo = approved.endorsement.payment.tradeNo as string;
    await paymentJobs.add('reconcile', { kind: 'reconcile', orderId, tradeNo }, { jobId: `again-r-${tradeNo}` });
    await paymentJobs.add('expire', { kind: 'expire', orderId, tradeNo }, { jobId: `again-e-${tradeNo}` });
    await waitFor(
      async () => (await paymentJobs.getJob(`again-e-${tradeNo}`))?.finishedOn,
      Boolean,
      'the repeated expiry',
    );
    expect(await ofType(orderId, 'PolicyEndorsed')).toHaveLength(1);
    expect((await ofType(orderId, 'PaymentConfirmed')).filter((e) => e.data.tradeNo === tradeNo)).toHaveLength(1);
    expect(await ofType(orderId, 'EndorsementWithdrawn')).toHaveLength(0);
  }, 90_000);

  it('someone else’s policy reads as missing to the preview and the request', async () => {
    const { orderId } = await customerWithPolicy(platform);
    const stranger = platform.client();
    await registerUser(stranger);
    const preview = await stranger.post(`${U}/order/endorsement/price`, { id: orderId, changes: addDrone });
    expect(preview.body.code).toBe(40400);
    const asked = await stranger.post(`${U}/order/endorsement/request`, {
      id: orderId,
      changes: addDrone,
      confirmedTotal: 1,
    });
    expect(asked.body.code).toBe(40400);
    const bad = await stranger.post(`${U}/order/endorsement/request`, { id: orderId, changes: [], confirmedTotal: 1 });
    expect(bad.body).toMatchObject({ code: 40000, message: em.changesRequired });
  }, 60_000);
});

describe('批改 with a return premium', () => {
  it('removing a drone: endorsed by the insurer, the device codes named, refunded once through the provider', async () => {
    const { client, orderId } = await customerWithPolicy(platform);
    const quote = await price(client, orderId, removeSecond);
    expect(quote.total).toBeLessThan(0);
    expect(quote.rows.map((r: any) => r.kind)).toEqual(['removeDrone', 'removeDrone']);
    await request(client, orderId, removeSecond, quote.total);
    await waitForStatus(client, orderId, 'endorsed');
    const refunds = await waitFor(
      () => ofType(orderId, 'RefundConfirmed'),
      (r) => r.length === 1,
      'the refund confirmed',
    );
    const [asked] = await ofType(orderId, 'RefundRequested');
    expect(asked!.data).toMatchObject({ amount: -quote.total, reason: 'endorsement' });
    expect(refunds[0]!.data.amount).toBe(-quote.total);
    // The refund job delivered again (a lost acknowledgement): the provider and the decider refund nothing twice.
    const { refundNo, tradeNo, amount } = asked!.data;
    await paymentJobs.add(
      'refund',
      { kind: 'refund', orderId, tradeNo, refundNo, amount, reason: 'endorsement' },
      { jobId: `again-${refundNo}` },
    );
    await waitFor(
      async () => (await paymentJobs.getJob(`again-${refundNo}`))?.finishedOn,
      Boolean,
      'the repeated refund',
    );
    expect(await ofType(orderId, 'RefundConfirmed')).toHaveLength(1);
    expect(await ofType(orderId, 'RefundRequested')).toHaveLength(1);
  }, 90_000);
});

describe('the quote desk’s 批改 queue', () => {
  it('a total other than confirmed is referred: listed with its age and due time, declined with a reason', async () => {
    const { client, orderId } = await customerWithPolicy(platform);
    const quote = await price(client, orderId, addDrone);
    const asked = await request(client, orderId, addDrone, quote.total + 1);
    const referred = await waitForStatus(client, orderId, 'referred');
    expect(referred.endorsement.referral).toBe(em.confirmedMismatch);
    const queue = await admin.get(`${U}/backoffice/endorsements?status=referred`);
    expect(queue.body.code, queue.body.message).toBe(20000);
    const row = queue.body.data.datas.find((r: any) => r.endorsementId === asked.endorsementId);
    expect(row).toMatchObject({ orderId, ageHours: 0, overdue: false, statusLabel: '人工审核中' });
    expect(row.deadlineAt).toBeTruthy();
    expect((await client.get(`${U}/backoffice/endorsements`)).body.code).toBe(40300);

    const noReason = await admin.post(`${U}/backoffice/endorsement/decline`, {
      orderId,
      endorsementId: asked.endorsementId,
      reason: ' ',
    });
    expect(noReason.body).toMatchObject({ code: 40000, message: em.reasonRequired });
    const declined = await admin.post(`${U}/backoffice/endorsement/decline`, {
      orderId,
      endorsementId: asked.endorsementId,
      reason: '无人机资料不全',
    });
    expect(declined.body.code, declined.body.message).toBe(20000);
    const seen = await waitForStatus(client, orderId, 'declined');
    expect(seen.endorsement).toMatchObject({ statusLabel: '已拒绝', reason: '无人机资料不全' });
    const [decline] = await ofType(orderId, 'EndorsementDeclined');
    expect(decline!.data.declinedBy).toBe(ADMIN.mobilePhone);
    expect((await rowOf(client, orderId)).pendingChange).toBeNull();

    // Contact details: no premium, endorsed at once as the next version.
    const contact = await request(client, orderId, [{ kind: 'changeContact', contact: { phone: '13700001111' } }], 0);
    expect(contact.status).toBe('endorsed');
    const [endorsed] = await ofType(orderId, 'PolicyEndorsed');
    expect(endorsed!.data).toMatchObject({ version: 2, premiumDifference: 0, endorsementNo: contact.endorsementNo });
    expect(endorsed!.data.form.insuredContact.phone).toBe('13700001111');
  }, 90_000);

  it('approved by the desk with a reason; its extra premium unpaid past the due time withdraws it', async () => {
    const { client, orderId } = await customerWithPolicy(platform);
    const quote = await price(client, orderId, addDrone);
    const asked = await request(client, orderId, addDrone, quote.total + 1);
    await waitForStatus(client, orderId, 'referred');
    const approved = await admin.post(`${U}/backoffice/endorsement/approve`, {
      orderId,
      endorsementId: asked.endorsementId,
      reason: '核保通过',
    });
    expect(approved.body.code, approved.body.message).toBe(20000);
    const waiting = await waitForStatus(client, orderId, 'awaitingPayment');
    expect(waiting.endorsement.approvedBy).toBe('保险公司核保');
    const lapsed = await waitForStatus(client, orderId, 'withdrawn');
    expect(lapsed.endorsement.reason).toBe('批改加费未在支付期限内支付');
    expect(await ofType(orderId, 'PolicyEndorsed')).toHaveLength(0);
    const late = await client.post(`${U}/order/endorsement/pay`, { id: orderId, endorsementId: asked.endorsementId });
    expect(late.body).toMatchObject({ code: 40900, message: em.nothingToPay });
  }, 90_000);

  it('its expiry job lost (Redis), the payment sweep still lapses an unpaid extra premium', async () => {
    const { client, orderId } = await customerWithPolicy(platform);
    const quote = await price(client, orderId, addDrone);
    await request(client, orderId, addDrone, quote.total);
    const waiting = await waitForStatus(client, orderId, 'awaitingPayment');
    const tradeNo = waiting.endorsement.payment.tradeNo as string;
    for (const kind of ['reconcile', 'expire'] as const) await paymentJobs.remove(`${kind}_${tradeNo}`);
    await new Promise((r) => setTimeout(r, new Date(waiting.endorsement.payment.dueAt).getTime() - Date.now() + 200));
    expect((await endorsementOf(client, orderId)).endorsement.status).toBe('awaitingPayment');
    await paymentJobs.add('payment-sweep', { kind: 'payment-sweep' }, { jobId: `sweep-${tradeNo}` });
    const lapsed = await waitForStatus(client, orderId, 'withdrawn');
    expect(lapsed.endorsement.reason).toBe('批改加费未在支付期限内支付');
  }, 90_000);

  it('the owner withdraws a pending one; its answer job then changes nothing', async () => {
    const { client, orderId } = await customerWithPolicy(platform);
    await insurerJobs.pause();
    try {
      const quote = await price(client, orderId, addDrone);
      const asked = await request(client, orderId, addDrone, quote.total);
      const withdrawn = await client.post(`${U}/order/endorsement/withdraw`, {
        id: orderId,
        endorsementId: asked.endorsementId,
      });
      expect(withdrawn.body.code, withdrawn.body.message).toBe(20000);
      await insurerJobs.resume();
      const id = jobIdOf({ kind: 'endorsement-answer', orderId, endorsementId: asked.endorsementId })!;
      await waitFor(async () => (await insurerJobs.getJob(id))?.finishedOn, Boolean, 'the answer job');
      const types = (await events(orderId)).map((e) => e.type);
      expect(types.filter((t) => t.startsWith('Endorsement'))).toEqual([
        'EndorsementRequested',
        'EndorsementWithdrawn',
      ]);
    } finally {
      await insurerJobs.resume();
    }
  }, 90_000);
});

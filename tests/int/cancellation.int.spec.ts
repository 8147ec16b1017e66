import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '@feibao/platform/redis';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { ADMIN, registerUser, signIn, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';
import { companyProfile, payAtDevCashier, waitForOrderState, insureWithTerms } from '../support/policies.ts';
import { claimReport } from '../support/claims.ts';

/**
 * 退保 through the edge (docs/api/cancellation.md) with the seeded 退保规则 and the dev payment gateway:
 * the preview's amount and explanation for each rule (cooling-off, short-rate, pro rata with a fee), an open
 * claim refusing it, automatic approval with the refund confirmed by the gateway's signed notification (a
 * duplicated notification changes nothing), the quote desk's queue, approval and decline. The services' clock
 * is moved forward to put the cancellation months into the policy; the workers keep the real one.
 */

const U = '/api/v1/uav';
const DAY = 86_400_000;
let platform: TestPlatform;
let admin: Client;
let shift = 0;

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

/** A customer's policy bought from this insurer (1: short-rate, automatic; 2: pro rata less ¥20, reviewed). */
const policyFrom = async (insurerId: number) => {
  const client = platform.client();
  await registerUser(client);
  expect((await client.post(`${U}/user/update`, companyProfile)).body.code).toBe(20000);
  const inquiry = await client.post(`${U}/order/inquiryPrice`, generalApplication());
  expect(inquiry.body.code, inquiry.body.message).toBe(20000);
  const orderId: string = inquiry.body.data.id;
  await waitForOrderState(client, orderId, 2);
  const insured = await insureWithTerms(client, orderId, insurerId);
  expect(insured.body.code, insured.body.message).toBe(20000);
  await payAtDevCashier(client, insured.body.data.payment);
  const policy = await waitForOrderState(client, orderId, 5);
  return { client, orderId, premium: policy.totalPremium as number };
};
const quote = async (client: Client, orderId: string) => {
  const answer = await client.get(`${U}/order/cancellation/quote?orderId=${orderId}`);
  expect(answer.body.code, answer.body.message).toBe(20000);
  return answer.body.data;
};
const apply = (client: Client, orderId: string, reason = 'noLongerNeeded', reasonTxt: string | null = null) =>
  client.post(`${U}/order/cancellation/apply`, { orderId, reason, reasonTxt });
const listRow = async (client: Client, orderId: string) =>
  (await client.post(`${U}/order/page`, { currentPage: 1, pageSize: 20 })).body.data.datas.find(
    (r: { id: string }) => r.id === orderId,
  );

beforeAll(async () => {
  platform = await startTestPlatform({
    env: {
      QUOTE_DAY_SECONDS: '0.2',
      QUOTE_DEADLINE_DAYS: '300',
      SMS_HOURLY_PER_ADDRESS: '100000',
      UNDERWRITE_DAYS: '1',
    },
    now: () => new Date(Date.now() + shift),
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('退保', () => {
  it('within the cooling-off period: the whole premium, approved at once, refunded through the provider; state 7', async () => {
    const { client, orderId, premium } = await policyFrom(1);
    expect((await listRow(client, orderId)).actions).toContain('cancel');
    const preview = await quote(client, orderId);
    expect(preview).toMatchObject({ refusal: null, terms: { method: 'full', refund: premium, autoApprove: true } });
    expect(preview.terms.explanation.join('\n')).toContain('犹豫期（15天）内退保');

    // Someone else's policy reads as missing; a reason is required, and `other` needs its text.
    const other = platform.client();
    await registerUser(other);
    expect((await other.get(`${U}/order/cancellation/quote?orderId=${orderId}`)).body.code).toBe(40400);
    expect((await apply(other, orderId)).body.code).toBe(40400);
    expect((await apply(client, orderId, 'other')).body).toMatchObject({ code: 40000, message: '请填写退保原因说明' });
    expect((await apply(client, orderId, 'whatever')).body).toMatchObject({ code: 40000, message: '请选择退保原因' });

    const applied = await apply(client, orderId);
    expect(applied.body).toMatchObject({ code: 20000, data: { status: 'cancelled', refund: premium } });
    const details = await waitForOrderState(client, orderId, 7);
    expect(details.state).toBe(7);
    const row = await listRow(client, orderId);
    expect(row).toMatchObject({ state: 7, pendingChange: null });
    expect(row.actions).not.toContain('cancel');

    const confirmed = await waitFor(
      () => events(orderId),
      (e) => e.some((x) => x.type === 'RefundConfirmed'),
      'refund',
    );
    const requested = confirmed.filter((e) => e.type === 'RefundRequested');
    expect(requested).toHaveLength(1);
    expect(requested[0]!.data).toMatchObject({ amount: premium, reason: 'cancellation' });
    expect(confirmed.filter((e) => e.type === 'RefundConfirmed')).toHaveLength(1);

    expect((await apply(client, orderId)).body).toMatchObject({
      code: 40900,
      message: '仅已承保或保障中的保单可以退保',
    });

    // The details show the cancellation and its refund; verification answers 已退保.
    const shown = await waitFor(
      () => client.get(`${U}/order/orderDetails?id=${orderId}`),
      (r) => r.body.data.cancellation?.refundStatus === 'refunded',
      'refund shown',
    );
    expect(shown.body.data.cancellation).toMatchObject({ status: 'approved', reasonLabel: '不再需要保障' });
    const issued = await waitFor(
      async () =>
        (
          await platform.pool.query(
            `SELECT message_data AS data FROM emt_messages WHERE stream_id = $1 AND message_type = 'PolicyDocumentIssued'`,
            [`policy-documents-${orderId}`],
          )
        ).rows[0],
      (row) => row !== undefined,
      'the policy document',
      60_000,
    );
    const verified = await waitFor(
      () => platform.client().get(`${U}/verify?code=${encodeURIComponent(issued.data.verificationCode)}`),
      (r) => r.body.data?.status === 'cancelled',
      'verification 已退保',
    );
    expect(verified.body.data.statusText).toBe('已退保');

    // The invoice keeps its paid row and gains the 红字 row for minus the refund.
    const invoices = await waitFor(
      async () => (await client.post(`${U}/invoice/page`, { currentPage: 1, pageSize: 20 })).body.data.datas,
      (rows: { payStatus: string; amount: number }[]) => rows.length === 2,
      'the credit invoice',
    );
    expect(invoices.map((r: { payStatus: string; amount: number }) => [r.payStatus, r.amount])).toEqual([
      ['已退保', -premium],
      ['已支付', premium],
    ]);
  });

  it('after the cooling-off period by the short-rate table: 75 days in, 3 months kept at 30%', async () => {
    const { client, orderId, premium } = await policyFrom(1);
    shift = 75 * DAY;
    try {
      const preview = await quote(client, orderId);
      const refund = Math.round(premium * 70) / 100;
      expect(preview.terms).toMatchObject({ method: 'shortRate', monthsElapsed: 3, keepPct: 30, refund });
      const applied = await apply(client, orderId);
      expect(applied.body.data).toMatchObject({ status: 'cancelled', refund });
      expect((await events(orderId)).find((e) => e.type === 'RefundRequested')?.data.amount).toBe(refund);
    } finally {
      shift = 0;
    }
  });

  it('pro rata less the fee, reviewed by the quote desk: queued with its due time, approved by staff only', async () => {
    const { client, orderId, premium } = await policyFrom(2);
    shift = 73 * DAY;
    let cancellationId: string;
    try {
      const preview = await quote(client, orderId);
      const daysTotal = preview.terms.daysTotal as number;
      const daysElapsed = preview.terms.daysElapsed as number;
      const unearned = Math.round((premium * 100 * (daysTotal - daysElapsed)) / daysTotal);
      expect(preview.terms).toMatchObject({ method: 'proRata', fee: 20, autoApprove: false });
      expect(preview.terms.refund).toBe((unearned - 2000) / 100);
      const applied = await apply(client, orderId, 'other', '公司业务调整');
      expect(applied.body).toMatchObject({
        code: 20000,
        message: '退保申请已提交，等待审核',
        data: { status: 'pending' },
      });
      cancellationId = applied.body.data.cancellationId;
      expect((await listRow(client, orderId)).pendingChange).toBe('cancellation');
      expect((await apply(client, orderId)).body).toMatchObject({
        code: 40900,
        message: '该保单已提交退保申请，请等待审核',
      });
    } finally {
      shift = 0;
    }
    const page = await admin.get(`${U}/backoffice/cancellation/page?currentPage=1&pageSize=50`);
    expect(page.body.code).toBe(20000);
    const queued = page.body.data.datas.find((r: { orderId: string }) => r.orderId === orderId);
    expect(queued).toMatchObject({ cancellationId, reason: 'other', reasonLabel: '其他', reasonTxt: '公司业务调整' });
    expect(typeof queued.dueAt).toBe('string');
    expect(typeof queued.ageWorkingDays).toBe('number');
    expect((await client.get(`${U}/backoffice/cancellation/page`)).body.code).toBe(40300);
    expect((await client.post(`${U}/backoffice/cancellation/approve`, { orderId, cancellationId })).body.code).toBe(
      40300,
    );

    const approved = await admin.post(`${U}/backoffice/cancellation/approve`, {
      orderId,
      cancellationId,
      reason: '核实无误',
    });
    expect(approved.body, approved.body.message).toMatchObject({ code: 20000 });
    await waitForOrderState(client, orderId, 7);
    const cancelled = (await events(orderId)).find((e) => e.type === 'PolicyCancelled');
    expect(cancelled?.data).toMatchObject({ approvedBy: ADMIN.mobilePhone, approvalNote: '核实无误' });
    await waitFor(
      () => events(orderId),
      (e) => e.some((x) => x.type === 'RefundConfirmed'),
      'refund',
    );
    const again = await admin.post(`${U}/backoffice/cancellation/approve`, { orderId, cancellationId });
    expect(again.body).toMatchObject({ code: 40900, message: '该退保申请不存在或已处理' });
  });

  it('declined with a reason: no longer pending, the customer may ask again', async () => {
    const { client, orderId } = await policyFrom(2);
    shift = 40 * DAY;
    try {
      const applied = await apply(client, orderId);
      const cancellationId = applied.body.data.cancellationId;
      expect(
        (await admin.post(`${U}/backoffice/cancellation/decline`, { orderId, cancellationId })).body,
      ).toMatchObject({
        code: 40000,
        message: '请填写拒绝原因',
      });
      const declined = await admin.post(`${U}/backoffice/cancellation/decline`, {
        orderId,
        cancellationId,
        reason: '请先结清欠款',
      });
      expect(declined.body.code).toBe(20000);
      // Staff wrote it: the customer's read catches up with the projection.
      await waitFor(
        () => quote(client, orderId),
        (q) => q.refusal === null,
        'the decline read back',
      );
      expect((await listRow(client, orderId)).actions).toContain('cancel');
    } finally {
      shift = 0;
    }
  });

  it('an open claim on the policy refuses it, and says why', async () => {
    const { client, orderId } = await policyFrom(1);
    const claim = await client.get(`${U}/claim/settlement/createClaimSettlement?orderId=${orderId}`);
    expect(claim.body.code, claim.body.message).toBe(20000);
    expect((await quote(client, orderId)).refusal).toBe('该保单有未结案的理赔，暂不能退保');
    expect((await apply(client, orderId)).body).toMatchObject({
      code: 40900,
      message: '该保单有未结案的理赔，暂不能退保',
    });
  });

  it('once a claim on the policy has been paid nothing is refunded, and the preview says why', async () => {
    const { client, orderId } = await policyFrom(1);
    const CLAIM = `${U}/claim/settlement`;
    const claimId: string = (await client.get(`${CLAIM}/createClaimSettlement?orderId=${orderId}`)).body.data;
    expect((await client.post(`${CLAIM}/submit`, claimReport(claimId))).body.code).toBe(20000);
    expect((await admin.post(`${CLAIM}/accept`, { id: claimId })).body.code).toBe(20000);
    const claim = (await admin.get(`${CLAIM}/details?id=${claimId}`)).body.data;
    const hull = claim.insuranceTypeInfoList.find((l: any) => l.insuranceTypeId === 1 && l.droneName);
    const assessed = await admin.post(`${CLAIM}/assess`, {
      id: claimId,
      exposures: [{ lineKey: hull.key, kind: 'drone', lossAmount: 20000 }],
    });
    expect(assessed.body.code, assessed.body.message).toBe(20000);
    expect((await admin.post(`${CLAIM}/close`, { id: claimId, reason: '已赔付' })).body.code).toBe(20000);

    const preview = await waitFor(
      () => quote(client, orderId),
      (q) => q.refusal === null && q.terms?.refund === 0,
      'the preview after the paid claim',
    );
    expect(preview.terms.method).toBe('none');
    expect(preview.terms.explanation).toContain('该保单已发生赔付，退保不退还保费');
    expect((await apply(client, orderId)).body.code).toBe(20000);
    const cancelled = (await events(orderId)).find((e) => e.type === 'PolicyCancelled');
    expect(cancelled?.data.refundAmount).toBe(0);
    expect((await events(orderId)).some((e) => e.type === 'RefundRequested')).toBe(false);
  });

  it('a cancelled policy still takes a claim for an accident before the cancellation, not after it', async () => {
    const { client, orderId } = await policyFrom(1);
    expect((await apply(client, orderId)).body.data.status).toBe('cancelled');
    await waitForOrderState(client, orderId, 7);
    await new Promise((r) => setTimeout(r, 2100));
    const created = await client.get(`${U}/claim/settlement/createClaimSettlement?orderId=${orderId}`);
    expect(created.body.code, created.body.message).toBe(20000);
    const claimId: string = created.body.data;
    const local = new Date(Date.now() - 1000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const after = await client.post(`${U}/claim/settlement/submit`, claimReport(claimId, { accidentTime: local }));
    expect(after.body).toMatchObject({ code: 40000, message: '出险时间晚于保单退保生效时间，不在保障范围内' });
    const before = await client.post(`${U}/claim/settlement/submit`, claimReport(claimId));
    expect(before.body.code, before.body.message).toBe(20000);
  });

  it('the refund survives a lost notification and a duplicated one: exactly one refund, confirmed once', async () => {
    const { client, orderId, premium } = await policyFrom(1);
    const tradeNo = (await events(orderId)).find((e) => e.type === 'PaymentConfirmed')!.data.tradeNo as string;
    // The gateway's refund notification is lost at first.
    await platform.pool.query(`UPDATE dev_pay_trades SET drop_notifications = true WHERE trade_no = $1`, [tradeNo]);
    expect((await apply(client, orderId)).body.data.status).toBe('cancelled');
    const refund = await waitFor(
      async () =>
        (await platform.pool.query(`SELECT refund_no FROM dev_pay_refunds WHERE trade_no = $1`, [tradeNo])).rows,
      (rows) => rows.length > 0,
      'refund at the gateway',
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect((await events(orderId)).some((e) => e.type === 'RefundConfirmed')).toBe(false);
    expect((await client.get(`${U}/order/orderDetails?id=${orderId}`)).body.data.cancellation.refundStatus).toBe(
      'pending',
    );
    // Delivered again, twice: confirmed once.
    await platform.pool.query(`UPDATE dev_pay_trades SET drop_notifications = false WHERE trade_no = $1`, [tradeNo]);
    const redis = createRedis(platform.config.redisUrl, { forWorker: true });
    const devQueue = new Queue('dev-pay-notify', { connection: redis, prefix: platform.config.queuePrefix });
    try {
      for (const n of [1, 2])
        await devQueue.add(
          'refund',
          { kind: 'refund', refundNo: refund[0].refund_no },
          { jobId: `again${n}_${refund[0].refund_no}` },
        );
    } finally {
      await devQueue.close();
      await redis.quit();
    }
    const done = await waitFor(
      () => events(orderId),
      (e) => e.some((x) => x.type === 'RefundConfirmed'),
      'confirmed',
    );
    await new Promise((r) => setTimeout(r, 1000));
    const all = await events(orderId);
    expect(all.filter((e) => e.type === 'RefundRequested')).toHaveLength(1);
    expect(all.filter((e) => e.type === 'RefundConfirmed')).toHaveLength(1);
    expect(done.find((e) => e.type === 'RefundConfirmed')!.data.amount).toBe(premium);
    expect(refund).toHaveLength(1);
  });
});

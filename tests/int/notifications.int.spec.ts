import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { checkIdOf, type ScheduledCheck } from '@feibao/domain/notifications/mapping';
import { smsQueue } from '@feibao/platform/queues';
import { createRedis } from '@feibao/platform/redis';
import {
  ADMIN,
  registerUser,
  signIn,
  startTestPlatform,
  until,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { claimReport } from '../support/claims.ts';
import { companyProfile, customerWithPolicy, waitForOrderState, insureWithTerms } from '../support/policies.ts';
import { generalApplication } from '@feibao/domain/ordering/fixtures';

const N = '/api/v1/uav/notification';
const CLAIM = '/api/v1/uav/claim/settlement';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The platform's clock (command, query and workers alike) shifted so the Shanghai wall clock reads
 * `hour`:00 now: SMS quiet hours depend on the time of day, and these tests must not.
 */
let offset = 0;
const atShanghaiHour = (hour: number) => {
  const wall = (Date.now() + 8 * HOUR) % DAY;
  offset = hour * HOUR - wall;
};
const now = () => new Date(Date.now() + offset);

let platform: TestPlatform;
let admin: Client;
beforeAll(async () => {
  atShanghaiHour(12);
  platform = await startTestPlatform({
    env: {
      QUOTE_DAY_SECONDS: '2',
      QUOTE_DEADLINE_DAYS: '300',
      SMS_HOURLY_PER_ADDRESS: '100000',
      NOTIFICATION_SMS_DAILY_PER_PHONE: '3',
      // A purchase not paid lapses after 15 s (customerWithPolicy pays at once).
      PAYMENT_DUE_MINUTES: '0.25',
      JOB_RECOVERY_CHECK_MS: '500',
      // Tokens are issued on the shifted clock and checked on the real one: long-lived, so the shift does not matter.
      ACCESS_TOKEN_TTL_SECONDS: String(3 * 24 * 3600),
    },
    now,
    workersNow: now,
  });
  admin = platform.client();
  admin.adopt(await admin.post('/api/v1/uav/user/login', { mobilePhone: ADMIN.mobilePhone, password: ADMIN.password }));
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

type Row = {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: { type: string; id: string };
  readAt: string | null;
};
const inbox = async (client: Client, query = '') =>
  (await client.get(`${N}/page?pageSize=100${query}`)).body.data as {
    total: number;
    unread: number;
    list: Row[];
  };
/** Waits until the inbox holds every one of `wanted` (kinds), then returns the rows. */
const arrived = async (client: Client, ...wanted: string[]) =>
  (
    await until(
      () => inbox(client),
      (page) => wanted.every((kind) => page.list.some((n) => n.kind === kind)),
    )
  ).list;
/** The notification SMS the dev provider stored for a phone (codes carry no idempotency key). */
const smsOf = async (phone: string) =>
  (
    await platform.pool.query<{ text: string; idempotency_key: string }>(
      `SELECT text, idempotency_key FROM feibao_dev_sms_outbox WHERE phone = $1 AND idempotency_key IS NOT NULL ORDER BY id`,
      [phone],
    )
  ).rows;
const smsStatusOf = async (id: string) =>
  (await platform.pool.query<{ sms_status: string }>(`SELECT sms_status FROM notifications WHERE id = $1`, [id]))
    .rows[0]?.sms_status;
const setSms = (client: Client, preferences: { kind: string; sms: boolean }[]) =>
  client.post(`${N}/preferences`, { preferences });

describe('notifications through the real flow', () => {
  let quiet: Awaited<ReturnType<typeof customerWithPolicy>>;
  let chatty: Awaited<ReturnType<typeof customerWithPolicy>>;
  let staff: Client;
  let staffPhone: string;
  let claimId: string;
  let heldSms: string;

  beforeAll(async () => {
    staff = platform.client();
    const { phone, password } = await registerUser(staff);
    staffPhone = phone;
    expect((await admin.post('/api/v1/uav/user/grantRoles', { mobilePhone: phone, roles: ['claims'] })).body.code).toBe(
      20000,
    );
    await signIn(staff, phone, password);
    [quiet, chatty] = await Promise.all([customerWithPolicy(platform), customerWithPolicy(platform)]);
    // The electronic policy is rendered after underwriting: wait for its notification too.
    await Promise.all([quiet, chatty].map((c) => arrived(c.client, 'policyIssued')));
  }, 120_000);

  const buying = ['quotesIn', 'paymentDue', 'paymentReceived', 'policyInForce', 'policyIssued'];

  it('quotes in, payment due and received, policy in force and issued: once each, linked, unread', async () => {
    const rows = await arrived(quiet.client, ...buying);
    for (const kind of buying) expect(rows.filter((n) => n.kind === kind)).toHaveLength(1);
    const of = (kind: string) => rows.find((n) => n.kind === kind)!;
    expect(of('quotesIn')).toMatchObject({
      title: '报价完成',
      link: { type: 'order', id: quiet.orderId },
      readAt: null,
    });
    expect(of('paymentDue')).toMatchObject({ title: '待支付', link: { type: 'order', id: quiet.orderId } });
    expect(of('paymentDue').body).toMatch(/应付保费\d+\.\d{2}元，请于\d{4}-\d{2}-\d{2} \d{2}:\d{2}前完成支付/);
    expect(of('paymentReceived').body).toMatch(/已收到保费\d+\.\d{2}元/);
    expect(of('policyInForce')).toMatchObject({ link: { type: 'policy', id: quiet.orderId } });
    expect(of('policyInForce').body).toContain(quiet.policy.policyNo);
    expect(of('policyIssued')).toMatchObject({ title: '电子保单已出具', link: { type: 'policy', id: quiet.orderId } });
    expect(of('policyIssued').body).toContain('下载电子保单');
    expect((await quiet.client.get(`${N}/unreadCount`)).body.data).toEqual({ unread: rows.length });
    // By default only payment due and the issued policy go by SMS, once each, signed.
    const sent = await until(
      () => smsOf(quiet.phone),
      (sms) => sms.length >= 2,
    );
    expect(sent.map((s) => s.idempotency_key).sort()).toEqual([of('paymentDue').id, of('policyIssued').id].sort());
    expect(sent.every((s) => s.text.startsWith('【飞保】'))).toBe(true);
  });

  it('payment lapsed: a purchase not paid in time', async () => {
    // A customer of its own: the daily SMS counts of the others stay as the tests below expect.
    const client = platform.client();
    await registerUser(client);
    expect((await client.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
    const saved = await client.post('/api/v1/uav/order/save', generalApplication());
    const orderId: string = saved.body.data.id;
    expect(
      (await client.post('/api/v1/uav/order/inquiryPrice', { ...generalApplication(), id: orderId })).body.code,
    ).toBe(20000);
    const quoted = await waitForOrderState(client, orderId, 2);
    const insured = await insureWithTerms(client, orderId, quoted.quoteProgress[0].insuranceCompanyId);
    expect(insured.body.code).toBe(20000);
    const rows = await until(
      () => inbox(client),
      (page) => page.list.some((n) => n.kind === 'paymentLapsed' && n.link.id === orderId),
      40_000,
    );
    expect(rows.list.filter((n) => n.kind === 'paymentLapsed' && n.link.id === orderId)).toHaveLength(1);
    expect(rows.list.find((n) => n.kind === 'paymentLapsed')!.body).toContain('本次投保已失效');
    expect(rows.list.filter((n) => n.kind === 'paymentDue' && n.link.id === orderId)).toHaveLength(1);
  }, 90_000);

  it('the preferences list every customer kind with its default; staff see their kinds too', async () => {
    const prefs = (await quiet.client.get(`${N}/preferences`)).body.data as { kind: string; sms: boolean }[];
    expect(prefs.find((p) => p.kind === 'paymentDue')).toMatchObject({ label: '待支付', sms: true, smsAllowed: true });
    expect(prefs.find((p) => p.kind === 'quotesIn')).toMatchObject({ sms: false });
    expect(prefs.some((p) => p.kind === 'claimAssigned')).toBe(false);
    const staffPrefs = (await staff.get(`${N}/preferences`)).body.data as { kind: string }[];
    expect(staffPrefs.some((p) => p.kind === 'claimAssigned')).toBe(true);
    const refused = await setSms(quiet.client, [{ kind: 'nope', sms: true }]);
    expect(refused.body).toMatchObject({ code: 40000, message: '消息类型不正确' });
  });

  it('claims: staff are told of assignment and of overdue claims of theirs; the claimant of each step', async () => {
    // The assessed SMS (on by default) switched off: no SMS row for it.
    const smsBefore = await smsOf(quiet.phone);
    const saved = await setSms(quiet.client, [{ kind: 'claimAssessed', sms: false }]);
    expect(saved.body.data.find((p: { kind: string }) => p.kind === 'claimAssessed').sms).toBe(false);
    expect(
      (await quiet.client.get(`${N}/preferences`)).body.data.find((p: { kind: string }) => p.kind === 'claimAssessed')
        .sms,
    ).toBe(false);

    claimId = (await quiet.client.get(`${CLAIM}/createClaimSettlement?orderId=${quiet.orderId}`)).body.data;
    expect((await quiet.client.post(`${CLAIM}/submit`, claimReport(claimId))).body.code).toBe(20000);
    // Assigned at once: the accept stage is one working day, 2 s here, and its overdue goes to the assignee.
    expect((await admin.post(`${CLAIM}/assign`, { id: claimId, assignee: staffPhone })).body.code).toBe(20000);
    const staffRows = await arrived(staff, 'claimAssigned', 'claimOverdue');
    expect(staffRows.find((n) => n.kind === 'claimAssigned')).toMatchObject({ link: { type: 'claim', id: claimId } });
    expect(staffRows.find((n) => n.kind === 'claimOverdue')!.body).toContain('受理已超时');

    expect((await staff.post(`${CLAIM}/requestEvidence`, { id: claimId, message: '请补充维修发票' })).body.code).toBe(
      20000,
    );
    expect((await quiet.client.post(`${CLAIM}/submit`, claimReport(claimId))).body.code).toBe(20000);
    expect((await staff.post(`${CLAIM}/accept`, { id: claimId })).body.code).toBe(20000);
    const claim = (await staff.get(`${CLAIM}/details?id=${claimId}`)).body.data;
    const hull = claim.insuranceTypeInfoList.find((l: any) => l.insuranceTypeId === 1 && l.droneName);
    const assessed = await staff.post(`${CLAIM}/assess`, {
      id: claimId,
      exposures: [{ lineKey: hull.key, kind: 'drone', lossAmount: 20000 }],
    });
    expect(assessed.body.code).toBe(20000);
    expect((await staff.post(`${CLAIM}/close`, { id: claimId, reason: '已赔付' })).body.code).toBe(20000);

    const rows = await arrived(quiet.client, 'claimAccepted', 'evidenceRequested', 'claimAssessed', 'claimClosed');
    for (const kind of ['claimAccepted', 'evidenceRequested', 'claimAssessed', 'claimClosed']) {
      expect(rows.filter((n) => n.kind === kind)).toHaveLength(1);
      expect(rows.find((n) => n.kind === kind)!.link).toEqual({ type: 'claim', id: claimId });
    }
    expect(rows.find((n) => n.kind === 'evidenceRequested')!.body).toContain('请补充维修发票');
    expect(rows.find((n) => n.kind === 'claimAssessed')!.body).toMatch(/应赔付金额\d+\.\d{2}元/);
    const assessedRow = rows.find((n) => n.kind === 'claimAssessed')!;
    expect(await smsStatusOf(assessedRow.id)).toBe('none');
    expect(await smsOf(quiet.phone)).toEqual(smsBefore);
  }, 60_000);

  it('SMS per the choices, up to the daily limit per phone; beyond it the inbox only', async () => {
    // Everything on for this customer; the limit is 3 a day here.
    const all = (await chatty.client.get(`${N}/preferences`)).body.data as { kind: string }[];
    expect(
      (
        await setSms(
          chatty.client,
          all.map((p) => ({ kind: p.kind, sms: true })),
        )
      ).body.code,
    ).toBe(20000);
    const claim = (await chatty.client.get(`${CLAIM}/createClaimSettlement?orderId=${chatty.orderId}`)).body.data;
    expect((await chatty.client.post(`${CLAIM}/submit`, claimReport(claim))).body.code).toBe(20000);
    expect((await staff.post(`${CLAIM}/requestEvidence`, { id: claim, message: '请补充照片' })).body.code).toBe(20000);
    expect((await chatty.client.post(`${CLAIM}/submit`, claimReport(claim))).body.code).toBe(20000);
    expect((await staff.post(`${CLAIM}/accept`, { id: claim })).body.code).toBe(20000);
    expect((await staff.post(`${CLAIM}/close`, { id: claim, reason: '不予赔付' })).body.code).toBe(20000);
    expect((await staff.post(`${CLAIM}/reopen`, { id: claim, reason: '补充材料后重审' })).body.code).toBe(20000);
    expect((await staff.post(`${CLAIM}/close`, { id: claim, reason: '已赔付' })).body.code).toBe(20000);
    // Six SMS wanted (payment due and the issued policy by default, then evidence, accepted, closed twice):
    // three sent (the limit), the rest inbox only.
    const rows = await until(
      () => inbox(chatty.client),
      (page) => page.list.filter((n) => n.kind === 'claimClosed').length === 2,
    );
    const sent = await until(
      () => smsOf(chatty.phone),
      (sms) => sms.length >= 3,
    );
    expect(sent).toHaveLength(3);
    expect(sent.every((s) => s.text.startsWith('【飞保】'))).toBe(true);
    expect(new Set(sent.map((s) => s.idempotency_key)).size).toBe(3);
    const statuses = await Promise.all(rows.list.map((n) => smsStatusOf(n.id)));
    expect(statuses.filter((s) => s === 'limited').length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 'queued')).toHaveLength(3);
  }, 60_000);

  it('mark read and mark all read touch only the caller’s own; another user cannot read or mark mine', async () => {
    const mine = await inbox(quiet.client);
    const first = mine.list[0]!;
    // Someone else names my notification: nothing of mine changes, and their inbox never shows it.
    const theirs = await chatty.client.post(`${N}/read`, { ids: [first.id] });
    expect(theirs.body.code).toBe(20000);
    expect((await inbox(chatty.client)).list.some((n) => n.id === first.id)).toBe(false);
    // Read after their write was applied (its consistency token): mine is still unread.
    const token = { headers: { 'x-consistency-token': theirs.headers.get('x-consistency-token')! } };
    const mineAfter = (await quiet.client.get(`${N}/page?pageSize=100`, token)).body.data as { list: Row[] };
    expect(mineAfter.list.find((n) => n.id === first.id)!.readAt).toBeNull();

    const read = await quiet.client.post(`${N}/read`, { ids: [first.id] });
    expect(read.body).toMatchObject({ code: 20000, message: '已标记为已读' });
    // The next read waits for the mark (read-your-writes); under heavy load it may answer stale, so ask until.
    const after = await until(
      () => inbox(quiet.client),
      (page) => page.list.find((n) => n.id === first.id)!.readAt !== null,
    );
    expect(after.unread).toBe(mine.unread - 1);
    expect((await inbox(quiet.client, '&unreadOnly=true')).list.some((n) => n.id === first.id)).toBe(false);

    expect((await quiet.client.post(`${N}/read`, { ids: [] })).body).toMatchObject({ code: 40000 });
    expect((await quiet.client.post(`${N}/readAll`)).body.code).toBe(20000);
    await until(
      async () => (await quiet.client.get(`${N}/unreadCount`)).body.data.unread,
      (unread) => unread === 0,
    );
    expect((await inbox(chatty.client)).unread).toBeGreaterThan(0);
    expect((await platform.client().get(`${N}/page`)).body.code).not.toBe(20000);
  });

  it('a redelivered event or SMS job makes nothing new: the reactor re-run from the start, the job re-added', async () => {
    const count = async () =>
      Number((await platform.pool.query<{ n: string }>(`SELECT count(*) AS n FROM notifications`)).rows[0]!.n);
    const sms = async () =>
      Number(
        (
          await platform.pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM feibao_dev_sms_outbox WHERE idempotency_key IS NOT NULL`,
          )
        ).rows[0]!.n,
      );
    const [notifications, sent] = [await count(), await sms()];
    const { rows: head } = await platform.pool.query<{ position: string }>(
      `SELECT position FROM feibao_projections WHERE name = 'notifications'`,
    );
    await platform.stopWorkers();
    await platform.pool.query(
      `UPDATE feibao_projections SET position = 0, position_xid = '0' WHERE name = 'notifications'`,
    );
    await platform.startWorkers();
    await until(
      async () =>
        Number(
          (
            await platform.pool.query<{ position: string }>(
              `SELECT position FROM feibao_projections WHERE name = 'notifications'`,
            )
          ).rows[0]!.position,
        ),
      (position) => position >= Number(head[0]!.position),
    );
    expect(await count()).toBe(notifications);

    // The SMS job of one notification, added again under another job id (as after its record was
    // removed): the provider's idempotency key keeps it one SMS.
    const { rows } = await platform.pool.query<{ phone: string; text: string; idempotency_key: string }>(
      `SELECT phone, text, idempotency_key FROM feibao_dev_sms_outbox WHERE idempotency_key IS NOT NULL LIMIT 1`,
    );
    const queue = smsQueue({ url: platform.config.redisUrl }, platform.config.queuePrefix);
    const again = await queue.add(
      'notification',
      {
        phone: rows[0]!.phone,
        text: rows[0]!.text,
        code: null,
        purpose: 'notification',
        idempotencyKey: rows[0]!.idempotency_key,
      },
      { jobId: `${rows[0]!.idempotency_key}-again` },
    );
    await until(
      () => again.getState(),
      (state) => state === 'completed',
    );
    await queue.close();
    expect(await sms()).toBe(sent);
  }, 60_000);

  it('policy ending: checks scheduled from the policy end; a firing check tells once, a stale one nothing', async () => {
    const { rows } = await platform.pool.query<{ data: { endDate: string } }>(
      `SELECT message_data AS data FROM emt_messages WHERE stream_id = $1 AND message_type = 'PolicyUnderwritten'`,
      [`order-${quiet.orderId}`],
    );
    const endDate = rows[0]!.data.endDate;
    const checks = new Queue<ScheduledCheck>('notification-checks', {
      connection: { url: platform.config.redisUrl },
      prefix: platform.config.queuePrefix,
    });
    try {
      const seven: ScheduledCheck = {
        kind: 'policyEnding',
        orderId: quiet.orderId,
        days: 7,
        endDate,
        at: now().toISOString(),
      };
      // The reactor scheduled the reminders, due 30 and 7 days before the end and at the end (续保).
      for (const days of [30, 7, 0]) {
        const scheduled = await checks.getJob(checkIdOf({ ...seven, days }));
        expect(await scheduled?.getState()).toBe('delayed');
        const due = new Date(endDate).getTime() - days * DAY;
        expect(Math.abs(scheduled!.opts.delay! - (due - scheduled!.timestamp - offset))).toBeLessThan(60_000);
      }
      // Fired now (as if the time had come), twice, and once for an end the policy no longer has.
      const fire = async (check: ScheduledCheck, jobId: string) => {
        const job = await checks.add(check.kind, check, { jobId });
        await until(
          () => job.getState(),
          (state) => state === 'completed',
        );
        return job.returnvalue as { told: boolean };
      };
      expect(await checks.getJob('stale')).toBeUndefined();
      await fire({ ...seven, endDate: new Date(new Date(endDate).getTime() + DAY).toISOString() }, 'stale');
      await fire(seven, 'now');
      await fire(seven, 'again');
      const ending = (await inbox(quiet.client)).list.filter((n) => n.kind === 'policyEnding');
      expect(ending).toHaveLength(1);
      expect(ending[0]).toMatchObject({ title: '保单即将到期', link: { type: 'policy', id: quiet.orderId } });
      expect(ending[0]!.body).toContain('将在7天后');
      expect(ending[0]!.body).toContain(quiet.policy.policyNo);
    } finally {
      await checks.close();
    }
  }, 60_000);

  it('quote expiring: a check 24 h before a quote runs out; firing tells once while the order is open, nothing once bought', async () => {
    const quotedOrder = async () => {
      const client = platform.client();
      await registerUser(client);
      expect((await client.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
      const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', generalApplication());
      expect(inquiry.body.code, inquiry.body.message).toBe(20000);
      const orderId: string = inquiry.body.data.id;
      const quoted = await waitForOrderState(client, orderId, 2);
      const { rows } = await platform.pool.query<{
        data: { requestId: string; validUntil: string; insurerId: number };
      }>(
        `SELECT message_data AS data FROM emt_messages
          WHERE stream_id = $1 AND message_type = 'InsurerQuoteRecorded' AND message_data->>'validUntil' IS NOT NULL
          ORDER BY global_position LIMIT 1`,
        [`order-${orderId}`],
      );
      const { requestId, validUntil } = rows[0]!.data;
      const check: ScheduledCheck = { kind: 'quoteExpiring', orderId, requestId, validUntil, at: now().toISOString() };
      return { client, orderId, check, insurerId: quoted.quoteProgress[0].insuranceCompanyId as number };
    };
    const [open, bought] = await Promise.all([quotedOrder(), quotedOrder()]);
    const insured = await insureWithTerms(bought.client, bought.orderId, bought.insurerId);
    expect(insured.body.code, insured.body.message).toBe(20000);
    await waitForOrderState(bought.client, bought.orderId, 3);

    const checks = new Queue<ScheduledCheck>('notification-checks', {
      connection: { url: platform.config.redisUrl },
      prefix: platform.config.queuePrefix,
    });
    try {
      // The reactor scheduled the check a day before the quote runs out.
      const scheduled = await until(
        () => checks.getJob(checkIdOf(open.check)),
        (job) => job !== undefined,
      );
      expect(await scheduled!.getState()).toBe('delayed');
      const due = new Date(open.check.validUntil).getTime() - DAY;
      expect(Math.abs(scheduled!.opts.delay! - (due - scheduled!.timestamp - offset))).toBeLessThan(60_000);
      const fire = async (check: ScheduledCheck, jobId: string) => {
        const job = await checks.add(check.kind, check, { jobId });
        await until(
          () => job.getState(),
          (state) => state === 'completed',
        );
      };
      // Fired now, as if the day had come: twice for the open order, once for the bought one.
      await fire(open.check, 'qe-open-now');
      await fire(open.check, 'qe-open-again');
      await fire(bought.check, 'qe-bought');
      const told = (await inbox(open.client)).list.filter((n) => n.kind === 'quoteExpiring');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ title: '报价即将过期', link: { type: 'order', id: open.orderId } });
      expect((await inbox(bought.client)).list.filter((n) => n.kind === 'quoteExpiring')).toHaveLength(0);
    } finally {
      await checks.close();
    }
  }, 90_000);

  it('quiet hours: at 23:00 Shanghai time the SMS is held until 08:00 as a delayed job', async () => {
    atShanghaiHour(23);
    const submitted = await quiet.client.get(`${CLAIM}/createClaimSettlement?orderId=${quiet.orderId}`);
    const claim = submitted.body.data;
    expect((await quiet.client.post(`${CLAIM}/submit`, claimReport(claim))).body.code).toBe(20000);
    expect((await setSms(quiet.client, [{ kind: 'claimAccepted', sms: true }])).body.code).toBe(20000);
    expect((await staff.post(`${CLAIM}/accept`, { id: claim })).body.code).toBe(20000);
    const row = (
      await until(
        () => inbox(quiet.client),
        (page) => page.list.some((n) => n.kind === 'claimAccepted' && n.link.id === claim),
      )
    ).list.find((n) => n.kind === 'claimAccepted' && n.link.id === claim)!;
    const queue = smsQueue({ url: platform.config.redisUrl }, platform.config.queuePrefix);
    const job = await queue.getJob(row.id);
    expect(job?.data).toMatchObject({ phone: quiet.phone, idempotencyKey: row.id, purpose: 'notification' });
    // 23:00 → 08:00: nine hours, give or take the test's own seconds.
    expect(Math.abs(job!.opts.delay! - 9 * HOUR)).toBeLessThan(60_000);
    expect(await job!.getState()).toBe('delayed');
    await queue.close();
    expect((await smsOf(quiet.phone)).some((s) => s.idempotency_key === row.id)).toBe(false);
    heldSms = row.id;
  }, 60_000);

  it('after Redis lost its data: the held SMS and the checks still ahead are queued again', async () => {
    const sms = smsQueue({ url: platform.config.redisUrl }, platform.config.queuePrefix);
    const checks = new Queue<ScheduledCheck>('notification-checks', {
      connection: { url: platform.config.redisUrl },
      prefix: platform.config.queuePrefix,
    });
    try {
      const { rows } = await platform.pool.query<{ id: string }>(
        `SELECT id FROM notification_checks WHERE NOT done AND data->>'orderId' = $1 AND data->>'kind' = 'policyEnding'`,
        [chatty.orderId],
      );
      expect(rows.map((r) => r.id).sort()).toHaveLength(3);
      // As a Redis restarted without its data: the jobs and the marker gone.
      await (await sms.getJob(heldSms))!.remove();
      for (const { id } of rows) await (await checks.getJob(id))!.remove();
      const redis = createRedis(platform.config.redisUrl);
      await redis.del(`${platform.config.queuePrefix}:jobs-recovered`);
      redis.disconnect();
      const back = await until(
        async () => [await sms.getJob(heldSms), ...(await Promise.all(rows.map((r) => checks.getJob(r.id))))],
        (jobs) => jobs.every((job) => job !== undefined),
      );
      for (const job of back) expect(await job!.getState()).toBe('delayed');
      expect(back[0]!.data).toMatchObject({ phone: quiet.phone, idempotencyKey: heldSms });
      // A check that has fired is done and not queued again: quiet's 7-day reminder told already.
      const quietChecks = await platform.pool.query<{ done: boolean; days: number }>(
        `SELECT done, (data->>'days')::int AS days FROM notification_checks
          WHERE data->>'orderId' = $1 AND data->>'kind' = 'policyEnding' ORDER BY 2`,
        [quiet.orderId],
      );
      expect(quietChecks.rows).toEqual([
        { done: false, days: 0 },
        { done: true, days: 7 },
        { done: false, days: 30 },
      ]);
    } finally {
      await sms.close();
      await checks.close();
    }
  }, 60_000);
});

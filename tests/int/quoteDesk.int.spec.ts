import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { createRedis, type Redis } from '@feibao/platform/redis';
import { createTokenService } from '@feibao/platform/tokens';
import { INSURER_QUEUE, type InsurerJob } from '@feibao/workers/quoting/jobs';
import { ADMIN, registerUser, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';
import { companyProfile, waitForOrderState, insureWithTerms } from '../support/policies.ts';

/**
 * The quote desk (docs/api/quote-desk.md) over HTTP: the grid and its filters, manual quotes and declines,
 * re-sending and forcing a time-out, quote validity, and who may call any of it. Insurer
 * working days last 0.2 s; the deadline is far off (60 s) so only staff time requests out.
 * The command and query services read a clock the test can move, to let quotes expire.
 */

const DESK = '/api/v1/uav/backoffice/quoteDesk';
const DAY = 86_400_000;
let offset = 0;
let platform: TestPlatform;
let admin: Client;
let redis: Redis;
let insurerJobs: Queue<InsurerJob>;

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
    now: () => new Date(Date.now() + offset),
  });
  admin = platform.client();
  admin.adopt(await admin.post('/api/v1/uav/user/login', { mobilePhone: ADMIN.mobilePhone, password: ADMIN.password }));
  redis = createRedis(platform.config.redisUrl);
  insurerJobs = new Queue<InsurerJob>(INSURER_QUEUE, { connection: redis, prefix: platform.config.queuePrefix });
}, 60_000);
afterAll(async () => {
  await insurerJobs?.close();
  redis?.disconnect();
  await platform?.stop();
});

const customer = async () => {
  const client = platform.client();
  await registerUser(client);
  expect((await client.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
  return client;
};

/** Two insurers; the ¥600,000 aircraft needs both insurers' manual verification. */
const manualInquiry = async (client: Client) => {
  const form = generalApplication();
  (form.uavInfoList as Record<string, unknown>[])[1]!.price = 600_000;
  const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', form);
  expect(inquiry.body.code, inquiry.body.message).toBe(20000);
  return inquiry.body.data.id as string;
};

const deskRow = async (id: string, query = '') => {
  const answer = await admin.get(`${DESK}?pageSize=100${query}`);
  expect(answer.body.code, answer.body.message).toBe(20000);
  return (answer.body.data.datas as any[]).find((r) => r.id === id);
};

const waitFor = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)?.slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A token for an account holding just these roles (the server decides by the token's roles). */
const tokenWith = (roles: string[]) =>
  createTokenService(platform.config).sign({
    sub: `1370000${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    sid: randomUUID(),
    roles,
    guest: false,
    name: roles.join(','),
  });

describe('quote desk authorisation', () => {
  const calls: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
    ['GET', DESK],
    ['GET', `${DESK}?status=manual&overdue=true`],
    [
      'POST',
      '/api/v1/uav/backoffice/quote',
      { requestId: 'x.1.1', answers: [{ key: '1:0', premium: 1, deductible: 'x' }] },
    ],
    ['POST', '/api/v1/uav/backoffice/quote/resend', { requestId: 'x.1.1' }],
    ['POST', '/api/v1/uav/backoffice/quote/timeout', { requestId: 'x.1.1' }],
    // Bad input is refused by role first: nothing about the payload leaks to the wrong caller.
    ['POST', '/api/v1/uav/backoffice/quote/timeout', {}],
  ];
  const send = (client: Client, [method, path, body]: (typeof calls)[number], token?: string) =>
    method === 'GET'
      ? client.get(path, token ? { token } : undefined)
      : client.post(path, body, token ? { token } : undefined);

  it('refuses callers without a login (401), customers, guests, claims staff and rule-platform roles (40300)', async () => {
    const anonymous = platform.client();
    const buyer = await customer();
    const guest = platform.client();
    guest.adopt(await guest.post('/api/v1/uav/user/guest'));
    const others = await Promise.all(
      [['claims'], ['auditor'], ['test'], ['batchTest'], ['user', 'auditor', 'test', 'batchTest', 'claims']].map(
        tokenWith,
      ),
    );
    for (const call of calls) {
      const unauthenticated = await send(anonymous, call);
      expect(unauthenticated.status, call[1]).toBe(401);
      expect(unauthenticated.body).toMatchObject({ code: 40100, message: '请先登录' });
      for (const [who, answer] of [
        ['customer', await send(buyer, call)],
        ['guest', await send(guest, call)],
        ...(await Promise.all(
          others.map(async (token, i) => [`role ${i}`, await send(anonymous, call, token)] as const),
        )),
      ] as const) {
        expect(answer.status, `${who} ${call[1]}`).toBe(403);
        expect(answer.body, `${who} ${call[1]}`).toMatchObject({ code: 40300, message: '无权限访问', data: null });
      }
    }
  });

  it('lets an admin in, and answers bad input with Chinese 4xx envelopes', async () => {
    expect((await admin.get(DESK)).body).toMatchObject({
      code: 20000,
      data: { currentPage: 1, pageSize: 20, days: 7 },
    });
    const bad: [string, unknown, string][] = [
      [`${DESK}?status=nope`, undefined, '报价状态不正确'],
      [`${DESK}?insurerId=abc`, undefined, '保险公司不正确'],
      [`${DESK}?overdue=maybe`, undefined, '超时筛选不正确'],
      [`${DESK}?orderType=3`, undefined, '订单类型不正确'],
      [`${DESK}?days=0`, undefined, '天数必须是1到90的整数'],
      [`${DESK}?days=91`, undefined, '天数必须是1到90的整数'],
      [`${DESK}?pageSize=1000`, undefined, '每页条数不正确'],
      ['/api/v1/uav/backoffice/quote', {}, '询价请求编号不能为空'],
      ['/api/v1/uav/backoffice/quote', { requestId: 'x', answers: [] }, '请至少录入一条报价'],
      ['/api/v1/uav/backoffice/quote', { requestId: 'x', answers: [{ key: 'a', declined: true }] }, '请输入拒保原因'],
      ['/api/v1/uav/backoffice/quote', { requestId: 'x', answers: [{ key: 'a', deductible: 'x' }] }, '请输入保费'],
      [
        '/api/v1/uav/backoffice/quote',
        { requestId: 'x', answers: [{ key: 'a', premium: 'abc', deductible: 'x' }] },
        '保费必须是数字',
      ],
      [
        '/api/v1/uav/backoffice/quote',
        { requestId: 'x', answers: [{ key: 'a', premium: -1, deductible: 'x' }] },
        '保费不能为负数',
      ],
      [
        '/api/v1/uav/backoffice/quote',
        {
          requestId: 'x',
          answers: [
            { key: 'a', premium: 1, deductible: 'x' },
            { key: 'a', declined: true, reason: 'y' },
          ],
        },
        '同一险种只能录入一次',
      ],
      ['/api/v1/uav/backoffice/quote/resend', {}, '询价请求编号不能为空'],
      ['/api/v1/uav/backoffice/quote/timeout', { requestId: '' }, '询价请求编号不能为空'],
    ];
    for (const [path, body, message] of bad) {
      const answer = body === undefined ? await admin.get(path) : await admin.post(path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body, `${path} ${JSON.stringify(body)}`).toMatchObject({ code: 40000, message });
    }
    for (const path of ['/api/v1/uav/backoffice/quote/resend', '/api/v1/uav/backoffice/quote/timeout'])
      expect((await admin.post(path, { requestId: `${randomUUID()}.1.1` })).body).toMatchObject({
        code: 40400,
        message: '询价请求不存在或已失效',
      });
    const raw = await admin.post('/api/v1/uav/backoffice/quote/resend', undefined, { raw: '{not json' });
    expect(raw.status).toBeLessThan(500);
    expect(raw.body.code).toBe(40000);
  });
});

describe('quote desk', () => {
  it('shows manual, overdue cells; staff time out, re-send, enter a quote and a decline; the customer can buy the quoted one', async () => {
    const client = await customer();
    const id = await manualInquiry(client);

    // Both insurers answer within 0.6 s, asking for manual verification: open and past the promised answer.
    let row = await waitFor(
      () => deskRow(id),
      (r) => r?.cells.every((c: any) => c.status === 'manual'),
      'manual cells',
    );
    expect(row).toMatchObject({ state: 1, round: 1, orderType: 0 });
    expect(row.lines.length).toBeGreaterThan(0);
    const [picc, pingan] = row.cells;
    expect(picc).toMatchObject({
      insuranceCompanyId: 1,
      overdue: true,
      attempt: 0,
      total: null,
      validUntil: expect.any(String),
    });
    expect(picc.workingDaysLeft).toBeGreaterThan(200);
    expect(picc.workingDaysLeft).toBeLessThanOrEqual(300);
    expect(row.nextDeadlineAt).toBe([picc.deadlineAt, pingan.deadlineAt].sort()[0]);
    const manualKeys = picc.answers.filter((a: any) => a.kind === 'manual').map((a: any) => a.key);
    expect(manualKeys.length).toBeGreaterThan(0);
    expect(picc.answers.find((a: any) => a.kind === 'manual').reason).toMatch(/核保/);
    expect(picc.answers.filter((a: any) => a.kind === 'quoted').every((a: any) => a.premium > 0)).toBe(true);

    // The filters: status and insurer on the same cell, overdue, order type.
    expect(await deskRow(id, '&status=manual&insurerId=2')).toBeDefined();
    expect(await deskRow(id, '&overdue=true')).toBeDefined();
    expect(await deskRow(id, '&status=quoted')).toBeUndefined();
    expect(await deskRow(id, '&insurerId=3')).toBeUndefined();
    expect(await deskRow(id, '&orderType=1')).toBeUndefined();
    expect(await deskRow(id, '&orderType=0&status=waiting')).toBeUndefined();

    // 平安 is let time out now, then asked again: the simulated insurer gets new jobs.
    const timedOut = await admin.post('/api/v1/uav/backoffice/quote/timeout', { requestId: pingan.requestId });
    expect(timedOut.body).toMatchObject({ code: 20000, message: '已设为超时', data: { quotingCompleted: false } });
    expect((await deskRow(id)).cells[1]).toMatchObject({ status: 'timed-out', overdue: false, workingDaysLeft: null });
    expect(await deskRow(id, '&status=timed-out&insurerId=2')).toBeDefined();
    const late = await admin.post('/api/v1/uav/backoffice/quote', {
      requestId: pingan.requestId,
      answers: [{ key: manualKeys[0], premium: 1, deductible: 'x' }],
    });
    expect(late.body).toMatchObject({ code: 40900, message: '该询价已超时，请先重新发送询价' });
    expect(
      (await admin.post('/api/v1/uav/backoffice/quote/timeout', { requestId: pingan.requestId })).body,
    ).toMatchObject({
      code: 40900,
      message: '该询价已超时，请先重新发送询价',
    });

    const resent = await admin.post('/api/v1/uav/backoffice/quote/resend', { requestId: pingan.requestId });
    expect(resent.body).toMatchObject({
      code: 20000,
      message: '已重新发送询价',
      data: { requestId: pingan.requestId },
    });
    expect(new Date(resent.body.data.deadlineAt).getTime()).toBeGreaterThan(new Date(pingan.deadlineAt).getTime());
    row = await deskRow(id);
    expect(row.cells[1]).toMatchObject({
      status: 'manual',
      attempt: 1,
      deadlineAt: resent.body.data.deadlineAt,
      answerDueAt: resent.body.data.answerDueAt,
    });
    const job = await waitFor(
      () => insurerJobs.getJob(`answer_${pingan.requestId}_1`),
      (j) => j !== undefined,
      're-sent answer job',
    );
    await waitFor(
      () => job!.getState(),
      (s) => s === 'completed',
      're-sent answer done',
    );
    expect(await insurerJobs.getJob(`timeout_${pingan.requestId}_1`)).toBeDefined();

    // 人保's manual lines get a verified premium; 平安 declines them: quoting completes.
    const entered = await admin.post('/api/v1/uav/backoffice/quote', {
      requestId: picc.requestId,
      answers: manualKeys.map((key: string) => ({ key, premium: 8888.456, deductible: '免赔10%' })),
    });
    expect(entered.body).toMatchObject({ code: 20000, message: '报价已录入', data: { recorded: true } });
    expect(
      (
        await admin.post('/api/v1/uav/backoffice/quote', {
          requestId: picc.requestId,
          answers: [{ key: manualKeys[0], premium: 1, deductible: 'x' }],
        })
      ).body,
    ).toMatchObject({
      code: 40900,
      message: '没有可录入的报价：已报价或已拒保的险种不能修改',
    });
    expect((await admin.post('/api/v1/uav/backoffice/quote/resend', { requestId: picc.requestId })).body).toMatchObject(
      { code: 40900, message: '该保险公司已答复全部险种，无需处理' },
    );
    expect(
      (await admin.post('/api/v1/uav/backoffice/quote/timeout', { requestId: picc.requestId })).body,
    ).toMatchObject({ code: 40900, message: '该保险公司已答复全部险种，无需处理' });
    const declined = await admin.post('/api/v1/uav/backoffice/quote', {
      requestId: pingan.requestId,
      answers: manualKeys.map((key: string) => ({ key, declined: true, reason: '机型价值超出承保限额' })),
    });
    expect(declined.body).toMatchObject({ code: 20000, data: { recorded: true } });

    row = await deskRow(id);
    expect(row.state).toBe(2);
    expect(row.nextDeadlineAt).toBeNull();
    expect(row.cells.map((c: any) => c.status)).toEqual(['quoted', 'declined']);
    expect(row.cells[0].answers.find((a: any) => a.key === manualKeys[0])).toMatchObject({
      kind: 'quoted',
      premium: 8888.46,
      deductible: '免赔10%',
    });
    expect(row.cells[1].answers.find((a: any) => a.key === manualKeys[0])).toMatchObject({
      kind: 'declined',
      reason: '机型价值超出承保限额',
    });
    expect(await deskRow(id, '&status=quoted&insurerId=1')).toBeDefined();
    expect(await deskRow(id, '&status=declined')).toBeDefined();
    expect(await deskRow(id, '&overdue=true')).toBeUndefined();

    // The customer sees both answers on the plan page (with the staff's writes applied).
    const after = { headers: { 'x-consistency-token': String(admin.consistency) } };
    const plan = (await client.get(`/api/v1/uav/order/listInsurancePlan?id=${id}`, after)).body.data;
    const totals = plan.at(-1).insuranceCompanyList;
    expect(totals.map((t: any) => [t.canInsure, t.expired])).toEqual([
      [true, false],
      [false, false],
    ]);
    expect(totals[0].validUntil).toBe(row.cells[0].validUntil);
    const line = plan.find((r: any) => r.key === manualKeys[0]);
    expect(line.insuranceCompanyList.map((c: any) => c.status)).toEqual(['quoted', 'declined']);
    expect(line.insuranceCompanyList[1].remark).toBe('机型价值超出承保限额');
  });

  it('a quote expires after the insurer’s validity: the desk says so, the customer cannot buy it and is told to inquire again', async () => {
    const client = await customer();
    const inquiry = await client.post('/api/v1/uav/order/inquiryPrice', {
      ...generalApplication(),
      insuranceCompanyList: [{ id: 3, name: '太平洋产险' }],
    });
    const id = inquiry.body.data.id as string;
    const quoted = await waitForOrderState(client, id, 2);
    const validUntil = quoted.quoteProgress[0].validUntil as string;
    // 太平洋产险 stands by its quotes for 15 days.
    const answeredAt = new Date(validUntil).getTime() - 15 * DAY;
    expect(Math.abs(answeredAt - Date.now())).toBeLessThan(60_000);
    expect((await deskRow(id)).cells[0]).toMatchObject({ status: 'quoted', validUntil });

    offset = new Date(validUntil).getTime() - Date.now() + 1000;
    try {
      // Past the desk's default 7-day window the quoted order drops off; a longer window finds it.
      expect(await deskRow(id)).toBeUndefined();
      expect((await deskRow(id, '&days=30')).cells[0]).toMatchObject({ status: 'expired', total: expect.any(Number) });
      expect(await deskRow(id, '&days=30&status=expired&insurerId=3')).toBeDefined();
      expect(await deskRow(id, '&days=30&status=quoted')).toBeUndefined();
      const totals = (await client.get(`/api/v1/uav/order/listInsurancePlan?id=${id}`)).body.data.at(
        -1,
      ).insuranceCompanyList;
      expect(totals[0]).toMatchObject({ quotedAll: true, expired: true, canInsure: false, validUntil });
      const insure = await client.get(`/api/v1/uav/order/insure?id=${id}&insuranceCompanyId=3`);
      expect(insure.body).toMatchObject({ code: 40900, message: '该保险公司的报价已过期，请重新询价' });
      expect((await client.get(`/api/v1/uav/order/orderDetails?id=${id}`)).body.data.actions).toContain('newRound');
    } finally {
      offset = 0;
    }
    // Before the validity ran out the same quote could be bought.
    expect((await insureWithTerms(client, id, 3)).body).toMatchObject({
      code: 20000,
    });
  });

  it('pages and sorts by the nearest open deadline, and uses the quote desk index', async () => {
    const client = await customer();
    const first = await manualInquiry(client);
    const second = await manualInquiry(client);
    await waitFor(
      () => deskRow(second),
      (r) => r?.cells.every((c: any) => c.status === 'manual'),
      'second order manual',
    );
    // Re-sending one of the first order's requests moves its deadline past the second's.
    const row = await waitFor(
      () => deskRow(first),
      (r) => r?.cells.every((c: any) => c.status === 'manual'),
      'first order manual',
    );
    for (const cell of row.cells)
      expect((await admin.post('/api/v1/uav/backoffice/quote/resend', { requestId: cell.requestId })).body.code).toBe(
        20000,
      );
    const all = (await admin.get(`${DESK}?pageSize=100&status=manual`)).body.data;
    const open = all.datas.filter((r: any) => r.nextDeadlineAt !== null).map((r: any) => r.nextDeadlineAt);
    expect(open).toEqual([...open].sort());
    const ids = all.datas.map((r: any) => r.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const page = (await admin.get(`${DESK}?pageSize=1&currentPage=2&status=manual`)).body.data;
    expect(page).toMatchObject({ currentPage: 2, pageSize: 1, totalCount: all.totalCount });
    expect(page.datas.map((r: any) => r.id)).toEqual([ids[1]]);

    // With the planner told to avoid a full scan (a test table is tiny), the desk's page walks its index.
    const db = await platform.pool.connect();
    try {
      await db.query('BEGIN');
      await db.query('SET LOCAL enable_seqscan = off');
      const explained = await db.query(
        `EXPLAIN SELECT data FROM orders WHERE (data->>'state')::int IN (1, 2)
          ORDER BY data->>'nextDeadlineAt' ASC NULLS LAST, data->>'updatedAt' DESC, _id LIMIT 20`,
      );
      expect(explained.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/orders_quote_desk/);
    } finally {
      await db.query('ROLLBACK');
      db.release();
    }
  });

  it('finds an order by its number (a prefix) and by the customer’s whole phone, never by part of it', async () => {
    const client = platform.client();
    const { phone } = await registerUser(client);
    expect((await client.post('/api/v1/uav/user/update', companyProfile)).body.code).toBe(20000);
    const id = await manualInquiry(client);
    const other = await manualInquiry(await customer());
    const row = await waitFor(
      () => deskRow(id),
      (r) => r !== undefined,
      'the order on the desk',
    );
    await waitFor(
      () => deskRow(other),
      (r) => r !== undefined,
      'the other order on the desk',
    );
    const ids = async (query: string) => {
      const answer = await admin.get(`${DESK}?pageSize=100${query}`);
      expect(answer.body.code, answer.body.message).toBe(20000);
      return { ids: (answer.body.data.datas as any[]).map((r) => r.id), body: JSON.stringify(answer.body) };
    };

    expect((await ids(`&orderNo=${row.orderNo}`)).ids).toEqual([id]);
    expect((await ids(`&orderNo=${row.orderNo.slice(0, -3).toLowerCase()}`)).ids).toContain(id);
    expect((await ids(`&orderNo=${row.orderNo}0`)).ids).toEqual([]);
    // A prefix, not "contains": the number without its FB finds nothing.
    expect((await ids(`&orderNo=${row.orderNo.slice(2)}`)).ids).toEqual([]);
    const byPhone = await ids(`&phone=${phone}`);
    expect(byPhone.ids).toEqual([id]);
    // The answer shows the number masked, even to the admin who typed it whole.
    expect(byPhone.body).not.toContain(phone);
    expect(row.userName).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect((await ids(`&phone=${phone}&orderNo=FB19`)).ids).toEqual([]);
    expect((await ids(`&phone=${phone}&status=quoted`)).ids).toEqual([]);
    expect((await ids(`&phone=&orderNo=`)).ids).toEqual(expect.arrayContaining([id, other]));

    for (const [query, message] of [
      [`&phone=${phone.slice(0, 7)}`, '请输入完整的11位手机号'],
      [`&phone=${phone.slice(0, 3)}****${phone.slice(-4)}`, '请输入完整的11位手机号'],
      [`&phone=${phone}1`, '请输入完整的11位手机号'],
      ['&orderNo=FB%25', '订单号只能包含字母和数字，最多32位'],
      [`&orderNo=${'F'.repeat(33)}`, '订单号只能包含字母和数字，最多32位'],
    ]) {
      const answer = await admin.get(`${DESK}?pageSize=1${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ code: 40000, message });
    }

    // The searches walk their partial indexes (0021_order_search.sql), the planner told to avoid a full scan.
    const db = await platform.pool.connect();
    try {
      await db.query('BEGIN');
      await db.query('SET LOCAL enable_seqscan = off');
      const plan = async (condition: string) =>
        (
          await db.query(`EXPLAIN SELECT count(*) FROM orders WHERE (data->>'state')::int IN (1, 2) AND ${condition}`)
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      expect(
        await plan(
          `(data->>'orderNo') COLLATE "C" >= 'FB2026' AND (data->>'orderNo') COLLATE "C" < 'FB2026' || chr(1114111)`,
        ),
      ).toMatch(/orders_quote_desk_order_no/);
      expect(await plan(`data->>'userName' = '13800000000'`)).toMatch(/orders_quote_desk_phone/);
    } finally {
      await db.query('ROLLBACK');
      db.release();
    }
  });
});

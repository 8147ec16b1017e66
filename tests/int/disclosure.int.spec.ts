import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  registerUser,
  signIn,
  startTestPlatform,
  until,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { companyProfile, confirmPurchaseTerms, payAtDevCashier, waitForOrderState } from '../support/policies.ts';

/**
 * 信息披露 and the 投保前阅读确认 (docs/api/disclosure.md) through the edge: the public page without a session,
 * versions an admin publishes, the confirmation an order must hold on the versions in force before 投保, and the
 * 投保过程记录 with its PDF.
 */

const U = '/api/v1/uav';
let platform: TestPlatform;
let admin: Client;
let work: string;

const customerWithQuotes = async () => {
  const client = platform.client();
  await registerUser(client);
  expect((await client.post(`${U}/user/update`, companyProfile)).body.code).toBe(20000);
  const inquiry = await client.post(`${U}/order/inquiryPrice`, generalApplication());
  expect(inquiry.body.code, inquiry.body.message).toBe(20000);
  const orderId: string = inquiry.body.data.id;
  const quoted = await waitForOrderState(client, orderId, 2);
  return { client, orderId, insurerId: quoted.quoteProgress[0].insuranceCompanyId as number };
};
const insure = (client: Client, orderId: string, insurerId: number) =>
  client.get(`${U}/order/insure?id=${orderId}&insuranceCompanyId=${insurerId}`);
const termsOf = async (client: Client, orderId: string, insurerId: number) =>
  (await client.get(`${U}/order/purchaseTerms?id=${orderId}&insuranceCompanyId=${insurerId}`)).body;
const pdfText = (bytes: Buffer) => {
  const file = path.join(work, `record-${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
};

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'feibao-disclosure-'));
  platform = await startTestPlatform({ env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300' } });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

describe('信息披露', () => {
  it('is public: the broker, the insurers with clause numbers, the texts in force, complaints, delivery, privacy', async () => {
    const anonymous = platform.client();
    const answer = await until(
      () => anonymous.get(`${U}/public/disclosure`),
      (a) => a.body.data?.texts?.length >= 11,
    );
    expect(answer.status).toBe(200);
    const d = answer.body.data;
    expect(d.broker.name).toBe('飞保保险经纪有限公司');
    expect(d.broker.licence).toContain('经营保险经纪业务许可证');
    expect(d.insurers.map((i: any) => i.name)).toContain('人保财险');
    expect(d.insurers).toHaveLength(7);
    expect(d.insurers[0].products[0]).toMatchObject({ clauseName: expect.stringContaining('条款') });
    expect(d.insurers[0].products[0].registrationNo).toMatch(/^C\d{20,}$/);
    expect(d.texts.map((t: any) => t.key)).toEqual(
      expect.arrayContaining(['customerNotice', 'purchaseInstructions', 'exclusions-1', 'exclusions-103']),
    );
    expect(d.texts.every((t: any) => t.version >= 1 && /^[0-9a-f]{64}$/.test(t.sha256))).toBe(true);
    expect(d.complaint.phone).toBeTruthy();
    expect(d.delivery.policy).toContain('电子保单');
    expect(d.delivery.privacy).toContain('个人信息');
    const one = await anonymous.get(`${U}/public/disclosure/text?key=customerNotice&version=1`);
    expect(one.body.data).toMatchObject({ key: 'customerNotice', version: 1, title: '客户告知书' });
    expect((await anonymous.get(`${U}/public/disclosure/text?key=nothing`)).body.code).toBe(40000);
    expect((await anonymous.get(`${U}/public/disclosure/text?key=customerNotice&version=999`)).body.code).toBe(40400);
  });

  it('refuses 投保 until the terms are confirmed; records what was shown and confirmed; the plan says so', async () => {
    const { client, orderId, insurerId } = await customerWithQuotes();
    const refused = await insure(client, orderId, insurerId);
    expect(refused.body).toMatchObject({ code: 40900, message: '请先阅读并确认客户告知书、投保须知和免责条款' });
    const plan = (await client.get(`${U}/order/listInsurancePlan?id=${orderId}`)).body.data.at(-1);
    expect(plan.insuranceCompanyList[0]).toMatchObject({ canInsure: true, termsConfirmed: false });

    const terms = await termsOf(client, orderId, insurerId);
    expect(terms.data.texts.map((t: any) => t.key)).toEqual([
      'customerNotice',
      'purchaseInstructions',
      'exclusions-1',
      'exclusions-2',
    ]);
    expect(terms.data.confirmedAt).toBeNull();
    // Another customer cannot read or confirm this order's terms.
    const { client: other } = await customerWithQuotes();
    expect((await termsOf(other, orderId, insurerId)).code).toBe(40400);
    // Missing a text: refused, nothing recorded.
    const partial = await client.post(`${U}/order/purchaseTerms/confirm`, {
      id: orderId,
      insuranceCompanyId: insurerId,
      texts: [{ kind: 'customerNotice', version: 1 }],
    });
    expect(partial.body.code).toBe(40000);
    expect((await client.post(`${U}/order/purchaseTerms/confirm`, { id: orderId })).body.code).toBe(40000);

    expect(
      (
        await client.post(
          `${U}/order/purchaseTerms/shown`,
          { id: orderId, insuranceCompanyId: insurerId },
          {
            headers: { 'user-agent': 'FeiBaoTest/1.0 (iPhone)' },
          },
        )
      ).body.code,
    ).toBe(20000);
    const texts = terms.data.texts.map((t: any) => ({ kind: t.kind, coverId: t.coverId, version: t.version }));
    const confirmed = await client.post(
      `${U}/order/purchaseTerms/confirm`,
      { id: orderId, insuranceCompanyId: insurerId, texts },
      { headers: { 'user-agent': 'FeiBaoTest/1.0 (iPhone)' } },
    );
    expect(confirmed.body.code, confirmed.body.message).toBe(20000);
    expect((await termsOf(client, orderId, insurerId)).data.confirmedAt).toBeTruthy();
    const after = (await client.get(`${U}/order/listInsurancePlan?id=${orderId}`)).body.data.at(-1);
    expect(after.insuranceCompanyList[0]).toMatchObject({ canInsure: true, termsConfirmed: true });

    const bought = await insure(client, orderId, insurerId);
    expect(bought.body.code, bought.body.message).toBe(20000);
    await payAtDevCashier(client, bought.body.data.payment);
    await waitForOrderState(client, orderId, 5);

    // The 投保过程记录, on the audit screen and as a PDF.
    const record = await until(
      () => admin.get(`${U}/backoffice/audit/purchaseRecord?orderId=${orderId}`),
      (a) => a.body.data?.steps?.some((s: any) => s.kind === 'underwritten'),
    );
    const kinds = record.body.data.steps.map((s: any) => s.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['created', 'inquired', 'quoted', 'termsShown', 'termsConfirmed', 'purchased', 'paid']),
    );
    expect(kinds.indexOf('termsConfirmed')).toBeLessThan(kinds.indexOf('purchased'));
    expect(kinds.indexOf('purchased')).toBeLessThan(kinds.indexOf('paid'));
    expect(kinds.indexOf('paid')).toBeLessThan(kinds.indexOf('underwritten'));
    const step = record.body.data.steps.find((s: any) => s.kind === 'termsConfirmed');
    expect(step.texts.map((t: any) => `${t.title}@${t.version}`)).toContain('客户告知书@1');
    expect(step.device).toBe('FeiBaoTest/1.0 (iPhone)');
    expect(step.ip).toMatch(/\*$/);
    expect(record.body.data.owner).toContain('****');
    // Customers cannot read it.
    expect((await client.get(`${U}/backoffice/audit/purchaseRecord?orderId=${orderId}`)).body.code).toBe(40300);

    const pdf = await fetch(`${platform.baseUrl}${U}/backoffice/audit/purchaseRecord/pdf?orderId=${orderId}`, {
      headers: { authorization: `Bearer ${admin.state.accessToken}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('投保过程记录');
    expect(text).toContain(record.body.data.orderNo);
    expect(text).toContain('阅读并确认条款');
    expect(text).toContain('客户告知书');
    expect(text).toContain('FeiBaoTest/1.0 (iPhone)');
    expect(text).toContain(step.texts[0].sha256);
  });

  it('an admin publishes a new version with a reason: old orders keep theirs, a stale confirmation is refused', async () => {
    const early = await customerWithQuotes();
    const late = await customerWithQuotes();
    await confirmPurchaseTerms(early.client, early.orderId, early.insurerId);
    const bought = await insure(early.client, early.orderId, early.insurerId);
    expect(bought.body.code, bought.body.message).toBe(20000);
    // `late` confirmed version 1 and then version 2 is published before it buys.
    const readBefore = await termsOf(late.client, late.orderId, late.insurerId);
    await confirmPurchaseTerms(late.client, late.orderId, late.insurerId);

    const current = (await admin.get(`${U}/backoffice/disclosure/texts`)).body.data.find(
      (t: any) => t.key === 'customerNotice',
    );
    expect(current.current).toBe(1);
    const draft = {
      kind: 'customerNotice',
      title: '客户告知书',
      body: `${current.versions[0].body}\n\n七、新增：本公司已投保职业责任保险。`,
      reason: '依监管要求补充职业责任保险告知',
      baseVersion: 1,
    };
    // Customers may not publish; a reason is required; an unchanged text is no new version.
    expect((await late.client.post(`${U}/backoffice/disclosure/publish`, draft)).body.code).toBe(40300);
    expect((await admin.post(`${U}/backoffice/disclosure/publish`, { ...draft, reason: '' })).body.code).toBe(40000);
    expect(
      (await admin.post(`${U}/backoffice/disclosure/publish`, { ...draft, body: current.versions[0].body })).body,
    ).toMatchObject({ code: 40900, message: '内容与当前版本相同，无需发布新版本' });
    const published = await admin.post(`${U}/backoffice/disclosure/publish`, draft);
    expect(published.body).toMatchObject({ code: 20000, data: { key: 'customerNotice', version: 2 } });
    // Editing from an outdated version is refused.
    expect(
      (await admin.post(`${U}/backoffice/disclosure/publish`, { ...draft, body: `${draft.body}。` })).body,
    ).toMatchObject({
      code: 40900,
      message: expect.stringContaining('第2版'),
    });

    // The stale confirmation no longer buys; confirming the old version again is refused with the Chinese reason.
    const stale = await insure(late.client, late.orderId, late.insurerId);
    expect(stale.body).toMatchObject({ code: 40900, message: expect.stringContaining('条款已更新') });
    const oldTexts = readBefore.data.texts.map((t: any) => ({ kind: t.kind, coverId: t.coverId, version: t.version }));
    const again = await late.client.post(`${U}/order/purchaseTerms/confirm`, {
      id: late.orderId,
      insuranceCompanyId: late.insurerId,
      texts: oldTexts,
    });
    expect(again.body).toMatchObject({ code: 40900, message: expect.stringContaining('请重新阅读') });
    const fresh = await until(
      () => termsOf(late.client, late.orderId, late.insurerId),
      (a) => a.data?.texts?.[0]?.version === 2,
    );
    expect(fresh.data.texts[0].body).toContain('职业责任保险');
    const { texts } = await confirmPurchaseTerms(late.client, late.orderId, late.insurerId);
    expect(texts[0]).toMatchObject({ key: 'customerNotice', version: 2 });
    expect((await insure(late.client, late.orderId, late.insurerId)).body.code).toBe(20000);

    // The early order keeps version 1 in its record; version 1 stays readable; the editor lists both.
    const earlyRecord = await until(
      () => admin.get(`${U}/backoffice/audit/purchaseRecord?orderId=${early.orderId}`),
      (a) => a.body.data?.steps?.some((s: any) => s.kind === 'purchased'),
    );
    const earlyStep = earlyRecord.body.data.steps.find((s: any) => s.kind === 'termsConfirmed');
    expect(earlyStep.texts.find((t: any) => t.title === '客户告知书').version).toBe(1);
    const lateRecord = await until(
      () => admin.get(`${U}/backoffice/audit/purchaseRecord?orderId=${late.orderId}`),
      (a) => a.body.data?.steps?.some((s: any) => s.kind === 'purchased'),
    );
    const lateSteps = lateRecord.body.data.steps.filter((s: any) => s.kind === 'termsConfirmed');
    expect(lateSteps.map((s: any) => s.texts[0].version)).toEqual([1, 2]);
    const v1 = await platform.client().get(`${U}/public/disclosure/text?key=customerNotice&version=1`);
    expect(v1.body.data.body).not.toContain('职业责任保险');
    const history = (await admin.get(`${U}/backoffice/disclosure/texts`)).body.data.find(
      (t: any) => t.key === 'customerNotice',
    );
    expect(history.versions.map((v: any) => [v.version, v.reason])).toEqual([
      [2, '依监管要求补充职业责任保险告知'],
      [1, '平台上线初始版本'],
    ]);
  });
});

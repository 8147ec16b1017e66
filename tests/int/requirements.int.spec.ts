import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessExposure, parseDeductible } from '@feibao/domain/claims/settlement';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { requirementMessages } from '@feibao/domain/ordering/requirements';
import {
  ADMIN,
  registerUser,
  signIn,
  startTestPlatform,
  until,
  type Client,
  type TestPlatform,
} from '../support/platform.ts';
import { companyProfile, insureWithTerms, payAtDevCashier, waitForOrderState } from '../support/policies.ts';

/**
 * 投保要求 over HTTP (docs/api/requirements.md): stated on a draft, refused in Chinese when malformed,
 * someone else's order reads as missing, matched against the simulated insurers' real quotes (the
 * deductibles judged with the claims desk's arithmetic), read-only after the purchase and printed on a
 * certificate for the named additional insured.
 */

const U = '/api/v1/uav';
const CREDIT_CODE = '91350100M000100Y43';
let platform: TestPlatform;
let admin: Client;
let owner: Client;
let stranger: Client;
let orderId: string;
let work: string;

const wanted = {
  minLiabilityWan: 50,
  maxHullDeductibleYuan: '5000',
  minTermDays: 180,
  requiredCoverIds: [1, 5],
  additionalInsured: { name: '上海张江建设工程有限公司', creditCode: CREDIT_CODE },
};

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'feibao-requirements-'));
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  owner = platform.client();
  await registerUser(owner);
  expect((await owner.post(`${U}/user/update`, companyProfile)).body.code).toBe(20000);
  stranger = platform.client();
  await registerUser(stranger);
  const saved = await owner.post(`${U}/order/save`, generalApplication());
  expect(saved.body.code, saved.body.message).toBe(20000);
  orderId = saved.body.data.id;
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('stating requirements', () => {
  it('refuses malformed requirements in Chinese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ minLiabilityWan: -1 }, requirementMessages.liability],
      [{ minTermDays: 'x' }, requirementMessages.term],
      [{ requiredCoverIds: [999] }, requirementMessages.covers],
      [{ additionalInsured: { name: '甲方', creditCode: '123' } }, requirementMessages.creditCodeFormat],
    ];
    for (const [body, message] of cases) {
      const answer = await owner.post(`${U}/order/requirements`, { id: orderId, ...body });
      expect(answer.body).toMatchObject({ code: 40000, message });
    }
    expect((await owner.post(`${U}/order/requirements`, { minTermDays: 30 })).body).toMatchObject({
      code: 40000,
      message: requirementMessages.orderIdRequired,
    });
  });

  it("reads someone else's order as missing, for stating and for matching", async () => {
    const stated = await stranger.post(`${U}/order/requirements`, { id: orderId, ...wanted });
    expect(stated.body).toMatchObject({ code: 40400, message: '订单不存在' });
    const read = await stranger.get(`${U}/order/requirementMatch?id=${orderId}`);
    expect(read.body).toMatchObject({ code: 40400, message: '订单不存在' });
    expect((await owner.get(`${U}/order/requirementMatch?id=nope`)).body.code).toBe(40400);
  });

  it('stores them with the order; orderDetails carries them and the action', async () => {
    const stated = await owner.post(`${U}/order/requirements`, { id: orderId, ...wanted });
    expect(stated.body.code, stated.body.message).toBe(20000);
    expect(stated.body).toMatchObject({ message: '投保要求已保存', data: { id: orderId, minTermDays: 180 } });
    const details = (await owner.get(`${U}/order/orderDetails?id=${orderId}`)).body.data;
    expect(details.requirements).toEqual({ ...wanted, maxHullDeductibleYuan: 5000 });
    expect(details.actions).toContain('stateRequirements');
    const before = (await owner.get(`${U}/order/requirementMatch?id=${orderId}`)).body.data;
    expect(before).toMatchObject({ id: orderId, insurers: [], policy: null });
  });
});

describe('matching the quotes', () => {
  it('marks each insurer per requirement, the hull deductible by the settlement arithmetic', async () => {
    const inquiry = await owner.post(`${U}/order/inquiryPrice`, { ...generalApplication(), id: orderId });
    expect(inquiry.body.code, inquiry.body.message).toBe(20000);
    const details = await waitForOrderState(owner, orderId, 2);
    const answer = await owner.get(`${U}/order/requirementMatch?id=${orderId}`);
    expect(answer.body.code).toBe(20000);
    const { insurers } = answer.body.data;
    expect(insurers.length).toBe(details.quoteProgress.length);

    for (const insurer of insurers) {
      const byKey = Object.fromEntries(insurer.checks.map((c: any) => [c.key, c]));
      expect(Object.keys(byKey)).toEqual([
        'liability',
        'hullDeductible',
        'term',
        'cover:1',
        'cover:5',
        'additionalInsured',
      ]);
      // The plan has no 盗抢险: no insurer can meet that, so none meets them all.
      expect(byKey['cover:5']).toMatchObject({ verdict: 'unmet', reason: '方案未含盗抢险' });
      expect(insurer.verdict).toBe('unmet');
      expect(byKey.term).toMatchObject({ verdict: 'met', reason: '保险期间 365天 ≥ 要求 180天' });

      const hullCells = details.insurancePlanList
        .filter((row: any) => !row.isTotal && row.insuranceTypeInfoId === 1)
        .map((row: any) => ({
          sum: row.insuranceAmount * 10_000,
          cell: row.insuranceCompanyList.find((c: any) => c.insuranceCompanyId === insurer.insuranceCompanyId),
        }));
      if (hullCells.every((h: any) => h.cell.status === 'quoted')) {
        const results = hullCells.map((h: any) =>
          assessExposure({
            lossYuan: h.sum,
            kind: 'drone',
            deductibleText: h.cell.deductiblePremiumString,
            limitYuan: h.sum,
          }),
        );
        if (results.every((r: any) => r.understood)) {
          const highest = Math.max(...results.map((r: any) => r.deductibleYuan));
          expect(byKey.hullDeductible.verdict).toBe(highest <= 5000 ? 'met' : 'unmet');
          expect(byKey.hullDeductible.reason).toContain(`¥${highest.toLocaleString('en-US')}（全损时）`);
        } else expect(byKey.hullDeductible.verdict).toBe('pending');
        expect(byKey['cover:1']).toMatchObject({ verdict: 'met', reason: '已报价机身险' });
      } else expect(byKey.hullDeductible.verdict).not.toBe('met');

      const liabilityCells = details.insurancePlanList
        .filter((row: any) => !row.isTotal && row.insuranceTypeInfoId === 2)
        .map((row: any) =>
          row.insuranceCompanyList.find((c: any) => c.insuranceCompanyId === insurer.insuranceCompanyId),
        );
      if (liabilityCells.every((c: any) => c.status === 'quoted')) {
        // The insurer's 单次赔付限额, read by the claims arithmetic, caps the plan's 100万元.
        const caps = liabilityCells.map((c: any) => parseDeductible(c.deductiblePremiumString).perPayoutCapYuan);
        const cap = Math.min(...caps.map((y: number | null) => (y === null ? 100 : y / 10_000)));
        expect(byKey.liability).toMatchObject({
          verdict: 'met',
          reason: cap < 100 ? `三者险单次赔付限额 ${cap}万元 ≥ 要求 50万元` : '三者险限额 100万元 ≥ 要求 50万元',
        });
      }
    }
    // Staff read it as they read orderDetails.
    expect((await admin.get(`${U}/order/requirementMatch?id=${orderId}`)).body.code).toBe(20000);
  });
});

describe('after the purchase', () => {
  let certificateText = '';

  it('keeps the requirements read-only with the policy', async () => {
    const quoted = (await owner.get(`${U}/order/orderDetails?id=${orderId}`)).body.data;
    const total = quoted.insurancePlanList.find((r: any) => r.isTotal);
    const insurer = total.insuranceCompanyList.find((c: any) => c.canInsure);
    expect(insurer, 'an insurer priced every line').toBeTruthy();
    const insured = await insureWithTerms(owner, orderId, insurer.insuranceCompanyId);
    expect(insured.body.code, insured.body.message).toBe(20000);
    await payAtDevCashier(owner, insured.body.data.payment);
    const policy = await waitForOrderState(owner, orderId, 5);
    expect(policy.requirements.requiredCoverIds).toEqual([1, 5]);
    expect(policy.actions).not.toContain('stateRequirements');

    const restated = await owner.post(`${U}/order/requirements`, { id: orderId, minTermDays: 30 });
    expect(restated.body).toMatchObject({ code: 40900, message: requirementMessages.notChangeable });
    const match = (await owner.get(`${U}/order/requirementMatch?id=${orderId}`)).body.data;
    expect(match.policy.insuranceCompanyId).toBe(insurer.insuranceCompanyId);
  });

  it('prints 客户要求核对 on the certificate for the named additional insured', async () => {
    const added = await owner.post(`${U}/order/certificate/add`, {
      orderId,
      name: wanted.additionalInsured.name,
      idNumber: CREDIT_CODE,
    });
    expect(added.body.code, added.body.message).toBe(20000);
    const certificateId: string = added.body.data.certificateId;
    await until(
      () => owner.get(`${U}/order/certificate/list?id=${orderId}`),
      (a) => a.body.data?.certificates?.some((c: any) => c.certificateId === certificateId && c.status === 'issued'),
      60_000,
    );
    const res = await fetch(
      `${platform.baseUrl}${U}/order/certificate/download?id=${encodeURIComponent(certificateId)}`,
      {
        headers: { authorization: `Bearer ${owner.state.accessToken}` },
      },
    );
    expect(res.status).toBe(200);
    const file = path.join(work, 'certificate.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    certificateText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    expect(certificateText).toContain('客户要求核对');
    expect(certificateText).toContain('方案未含盗抢险');
    expect(certificateText).toContain('保险期间 365天 ≥ 要求 180天');
    expect(certificateText).toContain('本证明即为该附加被保险人出具');
  });
});

import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import pg from 'pg';
import { api, docShot, failOnCspViolations, policyInForce, registerUser } from './helpers.ts';

/**
 * Public verification (docs/api/verify.md) in the browser, without a session, at 1280×800 and
 * 375×812, on documents issued through the real flow: a policy bought, its electronic policy rendered
 * by the documents workers and downloaded by its owner, a certificate added and withdrawn. The QR
 * address shows 有效, a typed code never issued 不存在, the withdrawn certificate 已撤销, the downloaded
 * PDF passes and the same file with one byte changed fails.
 */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const newCode = () => {
  const bits = [...randomBytes(17)].map((b) => b.toString(2).padStart(8, '0')).join('');
  const chars = Array.from({ length: 26 }, (_, i) => CROCKFORD[Number.parseInt(bits.slice(i * 5, i * 5 + 5), 2)]);
  return chars
    .join('')
    .match(/.{1,4}/g)!
    .join('-');
};
/** A unified social credit code with a valid check character (the documents browser spec's holder). */
const HOLDER_CODE = '91350100M000100Y43';

const policy = { code: '', pdf: Buffer.alloc(0) };
const withdrawn = { code: '' };

type Listing = {
  policy: { verificationCode: string } | null;
  certificates: { certificateId: string; status: string }[];
};

/** A certificate's code as the store holds it: the list shows none (only its paper and QR do). */
const certificateCode = async (certificateId: string) => {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (scripts/test.mjs passes the database the platform uses)');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT message_data->>'verificationCode' AS code FROM emt_messages
        WHERE message_type = 'CertificateIssued' AND message_data->>'certificateId' = $1`,
      [certificateId],
    );
    return String(rows[0]?.code ?? '');
  } finally {
    await db.end();
  }
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const request = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  const account = await registerUser(request, { profile: true });
  const { orderId } = await policyInForce(request, account);
  const listing = () => api<Listing>(request, account, 'GET', `/order/certificate/list?id=${orderId}`);
  await expect
    .poll(async () => (await listing()).data?.policy?.verificationCode ?? '', { timeout: 60_000, intervals: [1000] })
    .not.toBe('');
  policy.code = (await listing()).data.policy!.verificationCode;
  const download = await request.get(`/api/v1/uav/order/policyDocument?id=${orderId}`, {
    headers: { Authorization: `Bearer ${account.accessToken}` },
  });
  expect(download.headers()['content-type']).toContain('application/pdf');
  policy.pdf = Buffer.from(await download.body());

  const added = await api<{ certificateId: string }>(request, account, 'POST', '/order/certificate/add', {
    orderId,
    name: '上海飞控测绘有限公司',
    idNumber: HOLDER_CODE,
    purpose: '某测绘项目',
  });
  expect(added.code, added.message).toBe(20000);
  const { certificateId } = added.data;
  const statusOf = async () =>
    (await listing()).data.certificates.find((c) => c.certificateId === certificateId)?.status ?? '';
  await expect.poll(statusOf, { timeout: 60_000, intervals: [1000] }).toBe('issued');
  withdrawn.code = await certificateCode(certificateId);
  const done = await api(request, account, 'POST', '/order/certificate/withdraw', { certificateId });
  expect(done.code, done.message).toBe(20000);
  await expect.poll(statusOf, { timeout: 30_000, intervals: [500] }).toBe('withdrawn');
  await request.dispose();
});

const status = (page: Page) => page.getByTestId('verify-status');

const noSeriousA11yFindings = async (page: Page) => {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 375, height: 812 }],
] as const) {
  test.describe(`verification at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, ...(size === 'mobile' ? { isMobile: true, hasTouch: true } : {}) });

    test('the QR address shows 有效 with the policy’s public facts, no login', async ({ page }) => {
      await failOnCspViolations(page);
      await page.goto(`/verify/${policy.code}`);
      await expect(status(page)).toHaveText('有效');
      const card = page.getByRole('region', { name: '验真结果' });
      await expect(card).toContainText('电子保单');
      await expect(card).toContainText('***');
      await expect(card).toContainText(/[0-9a-f]{64}/);
      await expect(card).toContainText(/00:00 至 .* 24:00/);
      await expect(page.getByLabel('验证码')).toHaveValue(policy.code);
      await docShot(page, `${size}-verify-valid`);
      await noSeriousA11yFindings(page);
    });

    test('a typed code that was never issued shows 不存在; a withdrawn certificate 已撤销', async ({ page }) => {
      await page.goto('/verify');
      await page.getByLabel('验证码').fill(newCode().toLowerCase());
      await page.getByRole('button', { name: '查询' }).click();
      await expect(status(page)).toHaveText('不存在');
      await expect(page).toHaveURL(/\/verify\/[0-9a-z-]+$/);
      await docShot(page, `${size}-verify-not-found`);
      await page.getByLabel('验证码').fill(withdrawn.code.replaceAll('-', ' '));
      await page.getByRole('button', { name: '查询' }).click();
      await expect(status(page)).toHaveText('已撤销');
      await expect(page.getByRole('region', { name: '验真结果' })).toContainText('上海飞控***公司');
      await docShot(page, `${size}-verify-withdrawn`);
    });

    test('the issued PDF passes; with one byte changed it fails', async ({ page }) => {
      await page.goto('/verify');
      const input = page.getByLabel('上传电子保单 PDF');
      await input.setInputFiles({ name: '电子保单.pdf', mimeType: 'application/pdf', buffer: policy.pdf });
      await expect(status(page)).toHaveText('有效');
      await expect(page.getByText('文件校验通过')).toBeVisible();
      await docShot(page, `${size}-verify-upload`);
      const tampered = Buffer.from(policy.pdf);
      const middle = Math.floor(tampered.length / 2);
      tampered[middle] = (tampered[middle] ?? 0) ^ 1;
      await input.setInputFiles({ name: '电子保单-改.pdf', mimeType: 'application/pdf', buffer: tampered });
      await expect(status(page)).toHaveText('不存在');
      await expect(page.getByText('该文件不是本平台签发的文件，或已被改动')).toBeVisible();
      await docShot(page, `${size}-verify-upload-tampered`);
      await noSeriousA11yFindings(page);
    });
  });
}

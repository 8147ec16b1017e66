import { createHash, randomBytes, randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import pg from 'pg';
import { docShot, failOnCspViolations, policyInForce, registerUser } from './helpers.ts';

/**
 * Public verification (docs/api/verify.md) in the browser, without a session, at 1280×800 and
 * 375×812: a policy bought through the real flow, its documents events written into the store as
 * the documents workers append them (docs/api/documents.md "Contract"); the QR address shows 有效,
 * a typed code that was never issued 不存在, a withdrawn certificate 已撤销, the issued file passes and
 * the same file with one byte changed fails.
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
const pdf = () => {
  const bytes = Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(randomBytes(4096).toString('base64')),
    Buffer.from('\n%%EOF\n'),
  ]);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
};

const policy = { code: newCode(), file: pdf() };
const withdrawn = { id: randomUUID(), code: newCode(), file: pdf() };

/** The documents events of the contract, written straight into the store (a new stream, positions from 1). */
const appendDocumentEvents = async (orderId: string, events: { type: string; data: object }[]) => {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (scripts/test.mjs passes the database the platform uses)');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    for (const [i, event] of events.entries())
      await db.query(
        `INSERT INTO emt_messages (stream_position, transaction_id, stream_id, message_schema_version, message_id, message_type, message_data, message_metadata)
         VALUES ($1, pg_current_xact_id(), $2, '1', gen_random_uuid()::text, $3, $4, '{}')`,
        [i + 1, `policy-documents-${orderId}`, event.type, JSON.stringify(event.data)],
      );
  } finally {
    await db.end();
  }
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const request = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  const account = await registerUser(request, { profile: true });
  const { orderId, policyNo } = await policyInForce(request, account);
  const at = new Date().toISOString();
  const file = (f: { bytes: Buffer; sha256: string }) => ({
    fileSha256: f.sha256,
    pages: 1,
    bytes: f.bytes.length,
    issuedAt: at,
  });
  await appendDocumentEvents(orderId, [
    {
      type: 'PolicyDocumentIssued',
      data: {
        orderId,
        documentId: randomUUID(),
        policyNo,
        verificationCode: policy.code,
        contentSha256: 'ab'.repeat(32),
        ...file(policy.file),
      },
    },
    {
      type: 'CertificateHolderAdded',
      data: {
        orderId,
        certificateId: withdrawn.id,
        holder: { name: '上海飞控测绘有限公司', idNumber: '91310000MA1FL1111X', address: null, purpose: '某测绘项目' },
        addedBy: account.phone,
        addedAt: at,
      },
    },
    {
      type: 'CertificateIssued',
      data: {
        orderId,
        certificateId: withdrawn.id,
        verificationCode: withdrawn.code,
        contentSha256: 'cd'.repeat(32),
        ...file(withdrawn.file),
      },
    },
    {
      type: 'CertificateWithdrawn',
      data: { orderId, certificateId: withdrawn.id, withdrawnBy: account.phone, withdrawnAt: at },
    },
  ]);
  // The projection catches up: the QR address answers 有效.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/uav/verify?code=${policy.code}`);
        return ((await res.json()) as { data: { status: string } | null }).data?.status;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe('valid');
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
      await expect(card).toContainText('ab'.repeat(32));
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
      await input.setInputFiles({ name: '电子保单.pdf', mimeType: 'application/pdf', buffer: policy.file.bytes });
      await expect(status(page)).toHaveText('有效');
      await expect(page.getByText('文件校验通过')).toBeVisible();
      await docShot(page, `${size}-verify-upload`);
      const tampered = Buffer.from(policy.file.bytes);
      tampered[100] = (tampered[100] ?? 0) ^ 1;
      await input.setInputFiles({ name: '电子保单-改.pdf', mimeType: 'application/pdf', buffer: tampered });
      await expect(status(page)).toHaveText('不存在');
      await expect(page.getByText('该文件不是本平台签发的文件，或已被改动')).toBeVisible();
      await docShot(page, `${size}-verify-upload-tampered`);
      await noSeriousA11yFindings(page);
    });
  });
}

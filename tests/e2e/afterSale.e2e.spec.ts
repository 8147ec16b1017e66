import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { api, readAndConfirmTerms, registerUser, signIn, toast, type Account } from './helpers.ts';

/**
 * The whole after-sale story in one go, as a customer lives it: the quotes are in; on the desktop site
 * they buy, pay at the cashier and come back to the order; once the insurer underwrites they download
 * the 电子保单 and read it (its text, its QR code); on a phone, without signing in, the QR address says
 * the policy is genuine with the fingerprint printed on the paper; the inbox told them of each step.
 * Each screen has its own spec (payments, documents, verify, notifications); this one checks they join.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';

let customer: Account;
let order: { id: string; orderNo: string };
let work: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = mkdtempSync(path.join(tmpdir(), 'feibao-after-sale-'));
  const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
  customer = await registerUser(request, { profile: true });
  const form = generalApplication();
  const saved = await api<{ id: string; orderNo: string }>(request, customer, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  order = saved.data;
  const inquiry = await api(request, customer, 'POST', '/order/inquiryPrice', { ...form, id: order.id });
  expect(inquiry.code, inquiry.message).toBe(20000);
  await expect
    .poll(
      async () =>
        (await api<{ state: number }>(request, customer, 'GET', `/order/orderDetails?id=${order.id}`)).data?.state,
      { timeout: 180_000, intervals: [500, 1000], message: `order ${order.orderNo} quoted` },
    )
    .toBe(2);
  await request.dispose();
});

test.afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const qrOfFirstPage = (pdf: string) => {
  execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', pdf, path.join(work, 'page')]);
  const image = readdirSync(work).find((name) => name.startsWith('page') && name.endsWith('.png'));
  const png = PNG.sync.read(readFileSync(path.join(work, image!)));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
};

test.use({ viewport: { width: 1280, height: 800 } });

test('buy → pay at the cashier → download the 电子保单 → verify it on a phone → told in the inbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, customer);
  await page.goto(`/platform/supportConcept?type=0&id=${order.id}`);
  const insure = page.getByRole('button', { name: /^向.+投保$/ }).first();
  await expect(insure).toBeEnabled({ timeout: 60_000 });
  await insure.click();
  await readAndConfirmTerms(page);
  await expect(toast(page, '投保成功')).toBeVisible();

  // 去支付 opens the cashier; back on the order, the payment and then the underwriting show up by themselves.
  await page.getByTestId('order-pay').click();
  await expect(page).toHaveURL(/\/pay\/[^/?]+/);
  await page.getByTestId('cashier-confirm').click();
  await expect(page.getByTestId('cashier-paid')).toContainText('支付成功');
  await page.getByTestId('cashier-back').click();
  await expect(page.getByTestId('order-payment')).toHaveAttribute('data-status', 'paid', { timeout: 60_000 });
  await expect(page.locator('.fb-plan-head .fb-state-tag')).toHaveText(/已承保|保单生效中/, { timeout: 150_000 });

  // The document is rendered by the workers after underwriting: the button shows once it is issued.
  const documents = page.getByTestId('policy-documents');
  await expect(documents.getByTestId('download-policy')).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByTestId('download-policy').click(),
  ]);
  const policyNo = /^电子保单-(.+)\.pdf$/.exec(download.suggestedFilename())?.[1];
  expect(policyNo, download.suggestedFilename()).toBeTruthy();
  const pdf = path.join(work, 'policy.pdf');
  await download.saveAs(pdf);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain(policyNo!);
  expect(text).toContain(order.orderNo);
  const fingerprint = /\b[0-9a-f]{64}\b/.exec(text)?.[0];
  expect(fingerprint, 'the fingerprint printed on the policy').toBeTruthy();
  const qr = qrOfFirstPage(pdf);
  expect(qr).toMatch(/\/verify\/[0-9A-Z-]+$/);

  // Anyone with the paper: a phone, no session, the QR address.
  const phone = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  try {
    const mobile = await phone.newPage();
    await mobile.goto(new URL(qr!).pathname);
    await expect(mobile.getByTestId('verify-status')).toHaveText(/有效|未生效/);
    const card = mobile.getByRole('region', { name: '验真结果' });
    await expect(card).toContainText(fingerprint!);
    await expect(card).not.toContainText(customer.phone);
  } finally {
    await phone.close();
  }

  // The inbox told the customer of the payment and of the policy, with the bell counting them.
  await expect(page.getByTestId('notification-badge')).toBeVisible({ timeout: 30_000 });
  await page.goto('/platform/notifications');
  await expect(page.getByText('支付成功').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('电子保单已出具').first()).toBeVisible({ timeout: 30_000 });
});

import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  adminCredentials,
  api,
  confirmTermsByApi,
  docShot,
  passwordLogin,
  registerUser,
  signIn,
  toast,
  type Account,
} from './helpers.ts';

/**
 * 退保 on the web (docs/api/cancellation.md), two clicks from the order list on both sites: 退保 opens one
 * dialog with the reason and the refund with how it was computed, 确认退保 sends it. A policy from 人保财险
 * (its seeded rule approves by itself) turns 已退保 at once; one from 平安产险 (reviewed by staff) shows
 * 退保审核中 until the quote desk's 退保审核 approves it. Desktop 1280×800 and phone 375×812.
 */

test.describe.configure({ mode: 'serial' });

type Policy = { orderId: string; orderNo: string };
let apiContext: APIRequestContext;
let customer: Account;
let phoneCustomer: Account;
let admin: Account;
let autoPolicy: Policy;
let reviewedPolicy: Policy;
let phonePolicy: Policy;

/** A policy in force bought from `insurerId` (1 approves cancellations by itself, 2 refers them to staff). */
const policyFrom = async (account: Account, insurerId: number): Promise<Policy> => {
  const form = generalApplication();
  const saved = await api<{ id: string; orderNo: string }>(apiContext, account, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  const inquiry = await api(apiContext, account, 'POST', '/order/inquiryPrice', { ...form, id: saved.data.id });
  expect(inquiry.code, inquiry.message).toBe(20000);
  const state = async () =>
    (await api<{ state: number }>(apiContext, account, 'GET', `/order/orderDetails?id=${saved.data.id}`)).data?.state;
  await expect.poll(state, { timeout: 150_000, intervals: [500, 1000] }).toBe(2);
  await confirmTermsByApi(apiContext, account, saved.data.id, insurerId);
  const insured = await api<{ payment: { cashierUrl: string | null } | null }>(
    apiContext,
    account,
    'GET',
    `/order/insure?id=${saved.data.id}&insuranceCompanyId=${insurerId}`,
  );
  expect(insured.code, insured.message).toBe(20000);
  const token = insured.data.payment?.cashierUrl?.split('/pay/')[1];
  expect((await api(apiContext, account, 'POST', '/dev/pay/confirm', { token })).code).toBe(20000);
  await expect.poll(state, { timeout: 150_000, intervals: [500, 1000] }).toBe(5);
  return { orderId: saved.data.id, orderNo: saved.data.orderNo };
};

const cancelFromList = async (page: Page, orderNo: string, shotName: string) => {
  const row = page.locator(`[data-order="${orderNo}"]`);
  await row.getByTestId('order-cancel').click();
  const dialog = page.getByRole('dialog', { name: '申请退保' });
  await expect(dialog.getByTestId('cancel-terms')).toContainText('应退保费');
  await expect(dialog.getByTestId('cancel-terms')).toContainText('犹豫期（');
  await dialog.locator('#cancel-reason').selectOption('noLongerNeeded');
  await docShot(page, shotName);
  await dialog.getByTestId('cancel-confirm').click();
  return row;
};

test.beforeAll(async () => {
  test.setTimeout(360_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  [customer, phoneCustomer] = await Promise.all([
    registerUser(apiContext, { profile: true }),
    registerUser(apiContext, { profile: true }),
  ]);
  const { mobilePhone, password } = adminCredentials();
  admin = await passwordLogin(apiContext, mobilePhone, password);
  [autoPolicy, reviewedPolicy, phonePolicy] = await Promise.all([
    policyFrom(customer, 1),
    policyFrom(customer, 2),
    policyFrom(phoneCustomer, 1),
  ]);
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('退保 approved by the rule: two clicks, the refund explained, the order 已退保', async ({ page }) => {
    await signIn(page, customer);
    await page.goto('/platform/orderInquiry');
    const row = await cancelFromList(page, autoPolicy.orderNo, 'cancellation-dialog-desktop');
    await expect(toast(page, '退保成功')).toBeVisible();
    await expect(row).toContainText('已退保');
    await expect(row.getByTestId('order-cancel')).toHaveCount(0);
    // The order's details say so, with the refund and its progress.
    await row.getByRole('button', { name: '保障方案' }).click();
    await expect(page.getByTestId('cancellation-status')).toContainText('已退保');
    await expect(page.getByTestId('cancellation-status')).toContainText('已退款', { timeout: 30_000 });
    await docShot(page, 'cancellation-details-desktop');
  });

  test('退保 reviewed by staff: 退保审核中, then approved from the queue', async ({ page }) => {
    await signIn(page, customer);
    await page.goto('/platform/orderInquiry');
    const row = await cancelFromList(page, reviewedPolicy.orderNo, 'cancellation-dialog-reviewed');
    await expect(toast(page, '退保申请已提交')).toBeVisible();
    await expect(row.getByTestId('order-cancellation-pending')).toBeVisible();

    const staff = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(staff, admin);
    await staff.goto('/backoffice/quotes');
    await staff.getByTestId('quote-desk-cancellations').click();
    const queued = staff.locator(`[data-order="${reviewedPolicy.orderNo}"]`);
    await expect(queued).toContainText('不再需要保障');
    await expect(queued).toContainText('个工作日');
    await docShot(staff, 'cancellation-queue');
    await queued.getByTestId('cancellation-approve').click();
    await staff.locator('#cancellation-decision-reason').fill('核实无误');
    await staff.getByTestId('cancellation-decision-confirm').click();
    await expect(toast(staff, '已同意退保')).toBeVisible();
    await expect(queued).toHaveCount(0);
    await staff.close();

    await expect
      .poll(
        async () => {
          await page.reload();
          return (await row.textContent()) ?? '';
        },
        { timeout: 20_000 },
      )
      .toContain('已退保');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('退保 from the touch order list', async ({ page }) => {
    await signIn(page, phoneCustomer);
    await page.goto('/touch/orderInquiry');
    const row = await cancelFromList(page, phonePolicy.orderNo, 'cancellation-dialog-mobile');
    await expect(toast(page, '退保成功')).toBeVisible();
    await expect(row).toContainText('已退保');
  });
});

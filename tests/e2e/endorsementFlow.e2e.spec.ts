import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminCredentials,
  docShot,
  passwordLogin,
  policyInForce,
  registerUser,
  signIn,
  type Account,
  type Policy,
} from './helpers.ts';

/**
 * 批改 on both sites (docs/api/endorsement.md): from the order list to the 批改 page, the edits, 试算 with the
 * extra or return premium line by line, 确认批改, the status as the insurer answers (QUOTE_DAY_SECONDS working
 * days), the extra premium at the cashier; the quote desk's 批改 queue. Desktop 1280×800 removes a drone (a return
 * premium, endorsed by the insurer); the phone 375×812 adds one (an extra premium, paid at the cashier).
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
let apiContext: APIRequestContext;
let customer: Account;
let admin: Account;
let onDesktop: Policy;
let onPhone: Policy;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  apiContext = await playwrightRequest.newContext({ baseURL: BASE_URL });
  customer = await registerUser(apiContext, { profile: true });
  const { mobilePhone, password } = adminCredentials();
  admin = await passwordLogin(apiContext, mobilePhone, password);
  [onDesktop, onPhone] = await Promise.all([policyInForce(apiContext, customer), policyInForce(apiContext, customer)]);
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

const orderRow = (page: Page, orderNo: string) => page.locator(`[data-order="${orderNo}"]`);
const status = (page: Page) => page.getByTestId('endorsement-status');

test.describe('批改 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('remove a drone: 试算 shows the return premium per line, 确认批改, 待审核, then 已生效', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, customer);
    await page.goto('/platform/orderInquiry');
    await orderRow(page, onDesktop.orderNo).getByTestId('order-endorse').click();
    await expect(page).toHaveURL(new RegExp(`/platform/endorse\\?id=${onDesktop.orderId}`));
    // The Blueprint checkbox's input is hidden behind its label: the customer clicks the drone's name.
    await page.getByTestId('endorse-remove').getByText('巡检固定翼').click();
    await page.getByTestId('endorse-price').click();
    const preview = page.getByTestId('endorse-preview');
    await expect(preview).toContainText('巡检固定翼');
    await expect(page.getByTestId('endorse-total')).toContainText(/退费 ¥[\d,]+\.\d{2}/);
    await docShot(page, 'desktop-endorse-preview');
    await page.getByTestId('endorse-confirm').click();
    await expect(status(page)).toHaveAttribute('data-status', /pending|endorsed/);
    await expect(page.getByTestId('endorsement-status-tag')).toHaveText(/待审核|已生效/);
    await docShot(page, 'desktop-endorse-pending');
    await expect(status(page)).toHaveAttribute('data-status', 'endorsed', { timeout: 120_000 });
    await expect(page.getByTestId('endorsement-rows')).toContainText('删除');
    await expect(page.locator('.fb-endorse-policy')).toContainText('第2版');
    await docShot(page, 'desktop-endorse-endorsed');
    // The order details show it too, with the way back to 批改.
    await page.goto(`/platform/supportConcept?type=0&id=${onDesktop.orderId}&show=true`);
    await expect(page.getByTestId('order-endorsement')).toContainText(`批改 ${onDesktop.policyNo}-01`);
    await expect(page.getByTestId('order-endorsement')).toContainText('已生效');
  });

  test('the quote desk’s 批改 queue lists settled ones with their age; the desk links to it', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/backoffice/quotes');
    await page.getByTestId('quote-desk-endorsements').click();
    await expect(page).toHaveURL(/\/backoffice\/quotes\/endorsements$/);
    await page.getByRole('combobox', { name: '状态' }).selectOption('settled');
    await expect(page.getByTestId('endorsement-queue-table')).toContainText(`${onDesktop.policyNo}-01`, {
      timeout: 30_000,
    });
    await docShot(page, 'desktop-endorsement-queue');
  });
});

test.describe('批改 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('add a drone: 试算 shows the extra premium, 确认批改, 待支付, 去支付 opens the cashier', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, customer);
    await page.goto('/touch/orderInquiry');
    await orderRow(page, onPhone.orderNo).getByTestId('order-endorse').click();
    await expect(page).toHaveURL(new RegExp(`/touch/endorse\\?id=${onPhone.orderId}`));
    await page.getByTestId('endorse-add-drone').click();
    await page.locator('#endorse-drone-0-name').fill('植保机');
    await page.locator('#endorse-drone-0-deviceNumber').fill('AG-E2E-1');
    await page.locator('#endorse-drone-0-manufacturer').fill('极飞');
    await page.locator('#endorse-drone-0-model').fill('P100');
    await page.locator('#endorse-drone-0-deviceType').selectOption('多旋翼');
    await page.locator('#endorse-drone-0-price').fill('50000');
    await page.locator('#endorse-drone-0-maxFlyingWeight').fill('20');
    await page.getByTestId('endorse-price').click();
    await expect(page.getByTestId('endorse-total')).toContainText(/加费 ¥[\d,]+\.\d{2}/);
    await page.getByTestId('endorse-preview').scrollIntoViewIfNeeded();
    await docShot(page, 'mobile-endorse-preview');
    await page.getByTestId('endorse-confirm').click();
    await expect(page.getByTestId('endorsement-status-tag')).toHaveText(/待审核|待支付/);
    await expect(status(page)).toHaveAttribute('data-status', 'awaitingPayment', { timeout: 120_000 });
    await status(page).scrollIntoViewIfNeeded();
    await docShot(page, 'mobile-endorse-awaiting-payment');
    await page.getByTestId('endorsement-pay').click();
    await expect(page).toHaveURL(/\/pay\/[^/?]+\?return=/);
    await page.getByTestId('cashier').getByTestId('cashier-confirm').click();
    await expect(page.getByTestId('cashier-paid')).toContainText('支付成功');
    await page.getByTestId('cashier-back').click();
    await expect(page).toHaveURL(new RegExp(`/touch/endorse\\?id=${onPhone.orderId}`));
    await expect(status(page)).toHaveAttribute('data-status', 'endorsed', { timeout: 60_000 });
    await docShot(page, 'mobile-endorse-endorsed');
  });
});

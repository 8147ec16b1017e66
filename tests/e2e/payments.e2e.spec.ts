import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
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
 * Payments on the web (docs/api/payments.md): a bought order shows 待支付 with its due time and 去支付
 * on the order list and details; the dev gateway's cashier (/pay/:token) takes a simulated failure,
 * then the payment; the order turns 已支付 when the gateway's signed notification arrives, then 已承保.
 * An order left unpaid lapses (支付已超时; the cashier says the trade is closed). The admin finds the
 * trades under 支付管理 by order number and whole phone, and the refused notifications; the quote desk
 * and the back office's invoices search by order number and whole phone too. Desktop 1280×800 and
 * phone 375×812. PAYMENT_DUE_MINUTES scales like quote days (QUOTE_DAY_SECONDS 10 s): a purchase
 * lapses after the 60 s floor.
 */

test.describe.configure({ mode: 'serial' });

type Payment = { status: string; amount: number; dueAt: string; tradeNo: string; cashierUrl: string | null };
type Order = { orderId: string; orderNo: string; payment: Payment | null };

let apiContext: APIRequestContext;
let customer: Account;
let admin: Account;
/** Bought at the start and never paid: lapsed by the last test. */
let lapsing: Order;
let paidOnDesktop: Order;

/** Save and inquire through the API; quoted after a few simulated working days. */
const quotedOrder = async (account: Account) => {
  const form = generalApplication();
  const saved = await api<{ id: string; orderNo: string }>(apiContext, account, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  const inquiry = await api(apiContext, account, 'POST', '/order/inquiryPrice', { ...form, id: saved.data.id });
  expect(inquiry.code, inquiry.message).toBe(20000);
  let insurer = 0;
  await expect
    .poll(
      async () => {
        const d = (
          await api<{ state: number; quoteProgress?: { insuranceCompanyId: number }[] }>(
            apiContext,
            account,
            'GET',
            `/order/orderDetails?id=${saved.data.id}`,
          )
        ).data;
        insurer = d?.quoteProgress?.[0]?.insuranceCompanyId ?? 0;
        return d?.state;
      },
      { timeout: 150_000, intervals: [500, 1000], message: `order ${saved.data.orderNo} quoted` },
    )
    .toBe(2);
  return { orderId: saved.data.id, orderNo: saved.data.orderNo, insurer };
};

/** 投保 through the API: the order is bought and awaits payment. */
const bought = async (account: Account): Promise<Order> => {
  const quoted = await quotedOrder(account);
  await confirmTermsByApi(apiContext, account, quoted.orderId, quoted.insurer);
  const insured = await api<{ payment: Payment }>(
    apiContext,
    account,
    'GET',
    `/order/insure?id=${quoted.orderId}&insuranceCompanyId=${quoted.insurer}`,
  );
  expect(insured.code, insured.message).toBe(20000);
  expect(insured.data.payment).toMatchObject({ status: 'unpaid', cashierUrl: expect.stringContaining('/pay/') });
  return { orderId: quoted.orderId, orderNo: quoted.orderNo, payment: insured.data.payment };
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  const { mobilePhone, password } = adminCredentials();
  admin = await passwordLogin(apiContext, mobilePhone, password);
  [lapsing, paidOnDesktop] = await Promise.all([bought(customer), bought(customer)]);
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

const noSeriousA11yFindings = async (page: Page) => {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

const orderRow = (page: Page, orderNo: string) => page.locator(`[data-order="${orderNo}"]`);

/** The cashier: 模拟失败 shows the reason and lets the customer try again; 确认支付 shows 支付成功. */
const payAtCashier = async (page: Page, order: Order, size: string) => {
  await expect(page).toHaveURL(/\/pay\/[^/?]+\?return=/);
  const cashier = page.getByTestId('cashier');
  await expect(cashier.getByTestId('cashier-order-no')).toHaveText(order.orderNo);
  await expect(cashier.getByTestId('cashier-amount')).toHaveText(/^¥[\d,]+\.\d{2}$/);
  await expect(cashier.getByTestId('cashier-subject')).toHaveText(/^\S+ 无人机保险$/);
  await expect(cashier.getByTestId('cashier-due')).toContainText(/请在 \d{2}:\d{2} 前完成支付，剩余 \d{2}:\d{2}/);
  await docShot(page, `${size}-cashier`);
  await noSeriousA11yFindings(page);
  await cashier.getByTestId('cashier-fail').click();
  await expect(cashier.getByTestId('cashier-failed')).toContainText('支付失败');
  await docShot(page, `${size}-cashier-failed`);
  await cashier.getByTestId('cashier-confirm').click();
  await expect(cashier.getByTestId('cashier-paid')).toContainText('支付成功');
  await docShot(page, `${size}-cashier-paid`);
  await cashier.getByTestId('cashier-back').click();
};

test.describe('payments 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('order list shows 待支付 and 去支付; the cashier fails once, then pays; the order turns 已支付, then 已承保', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, customer);
    await page.goto('/platform/orderInquiry');
    const row = orderRow(page, paidOnDesktop.orderNo);
    const box = row.getByTestId('order-payment');
    await expect(box).toHaveAttribute('data-status', 'unpaid');
    await expect(box).toContainText(/待支付 ¥[\d,]+\.\d{2}/);
    await expect(box).toContainText(/请在 \d{2}:\d{2} 前支付/);
    await docShot(page, 'desktop-order-list-unpaid');
    await noSeriousA11yFindings(page);
    await row.getByTestId('order-pay').click();
    await payAtCashier(page, paidOnDesktop, 'desktop');

    await expect(page).toHaveURL(new RegExp(`/platform/supportConcept\\?.*id=${paidOnDesktop.orderId}`));
    const details = page.getByTestId('order-payment');
    await expect(details).toHaveAttribute('data-status', 'paid', { timeout: 60_000 });
    await expect(details).toContainText('已支付');
    await docShot(page, 'desktop-order-paid');
    // Underwriting follows the payment; the page re-reads the order while it waits.
    await expect(page.locator('.fb-plan-head .fb-state-tag')).toHaveText(/已承保|保单生效中/, { timeout: 150_000 });
  });

  test('支付管理 lists the trade, found by order number and by the whole phone; refused notifications have their tab', async ({
    page,
  }) => {
    // A forged notification: refused, and listed.
    const forged = await apiContext.post('/api/v1/uav/pay/notify/dev', {
      form: {
        out_trade_no: paidOnDesktop.payment!.tradeNo,
        trade_no: 'forged-1',
        total_amount: '0.01',
        trade_status: 'TRADE_SUCCESS',
        notify_id: 'forged',
        app_id: 'dev',
        sign_type: 'RSA2',
        sign: 'Zm9yZ2Vk',
      },
    });
    expect(await forged.text()).toBe('failure');

    await signIn(page, admin);
    await page.goto('/backoffice/payments');
    await expect(page.getByTestId('payments-desk')).toBeVisible();
    await page.getByTestId('payments-orderNo').fill(paidOnDesktop.orderNo);
    await page.getByTestId('payments-search').click();
    const rows = page.getByTestId('payment-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-order', paidOnDesktop.orderNo);
    await expect(rows.first()).toContainText('已支付');
    await expect(rows.first()).toContainText(`${customer.phone.slice(0, 3)}****${customer.phone.slice(-4)}`);
    await page.getByTestId('payments-orderNo').fill('');
    await page.getByTestId('payments-phone').fill(customer.phone.slice(0, 7));
    await page.getByTestId('payments-search').click();
    await expect(toast(page, '请输入完整的11位手机号')).toBeVisible();
    await page.getByTestId('payments-phone').fill(customer.phone);
    await page.getByTestId('payments-search').click();
    await expect(page.locator(`[data-testid="payment-row"][data-order="${lapsing.orderNo}"]`)).toBeVisible();
    await expect(page.locator(`[data-testid="payment-row"][data-order="${paidOnDesktop.orderNo}"]`)).toBeVisible();
    // The whole number is searched by but never shown, nor kept in the address.
    await expect(page.getByTestId('payments-desk').locator('table')).not.toContainText(customer.phone);
    expect(page.url()).not.toContain(customer.phone);
    await docShot(page, 'desktop-backoffice-payments');
    await noSeriousA11yFindings(page);

    await page.getByRole('tab', { name: '被拒通知' }).click();
    await expect(page.getByTestId('refused-row').first()).toBeVisible();
    await expect(page.getByTestId('refused-row').first()).toContainText('签名验证失败');
    await docShot(page, 'desktop-backoffice-payments-refused');
  });

  test('the quote desk and the invoice list search by order number and by the customer’s whole phone', async ({
    page,
  }) => {
    // An order still on the quote desk.
    const form = generalApplication();
    const saved = await api<{ id: string; orderNo: string }>(apiContext, customer, 'POST', '/order/save', form);
    expect(saved.code, saved.message).toBe(20000);
    const inquiry = await api(apiContext, customer, 'POST', '/order/inquiryPrice', { ...form, id: saved.data.id });
    expect(inquiry.code, inquiry.message).toBe(20000);

    await signIn(page, admin);
    await page.goto('/backoffice/quotes');
    await page.getByTestId('quote-desk-orderNo').fill(saved.data.orderNo.slice(0, -1).toLowerCase());
    await page.getByTestId('quote-desk-search-apply').click();
    await expect(page).toHaveURL(new RegExp(`no=${saved.data.orderNo.slice(0, -1)}`));
    await expect(page.locator(`[data-testid="quote-row"][data-order="${saved.data.orderNo}"]`)).toBeVisible();
    await page.getByTestId('quote-desk-search-clear').click();
    await page.getByTestId('quote-desk-phone').fill('1380000');
    await page.getByTestId('quote-desk-search-apply').click();
    await expect(toast(page, '请输入完整的11位手机号')).toBeVisible();
    await page.getByTestId('quote-desk-phone').fill(customer.phone);
    await page.getByTestId('quote-desk-search-apply').click();
    // Only this customer's orders (a lapsed purchase is back on the desk too, quoted).
    await expect(page.locator(`[data-testid="quote-row"][data-order="${saved.data.orderNo}"]`)).toBeVisible();
    const listed = await page.getByTestId('quote-row').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(listed.every((text) => text.includes(`${customer.phone.slice(0, 3)}****${customer.phone.slice(-4)}`))).toBe(
      true,
    );
    expect(page.url()).not.toContain(customer.phone);
    await docShot(page, 'desktop-quote-desk-search');

    await page.goto('/backoffice/invoices');
    await page.getByTestId('invoice-filter-phone').fill(customer.phone);
    await page.getByTestId('invoice-filter-apply').click();
    await expect(page.locator(`[data-testid="invoice-row"][data-order="${paidOnDesktop.orderNo}"]`)).toBeVisible();
    await page.getByTestId('invoice-filter-orderNo').fill(paidOnDesktop.orderNo);
    await page.getByTestId('invoice-filter-apply').click();
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expect(page.getByTestId('invoice-row')).toHaveAttribute('data-order', paidOnDesktop.orderNo);
    expect(page.url()).not.toContain(customer.phone);
    await docShot(page, 'desktop-backoffice-invoices-search');
  });
});

test.describe('payments 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the phone list leads to the cashier’s phone layout; paid, the order details say 已支付', async ({ page }) => {
    test.setTimeout(240_000);
    const order = await bought(customer);
    await signIn(page, customer);
    await page.goto('/touch/orderInquiry');
    const card = orderRow(page, order.orderNo);
    await expect(card.getByTestId('order-payment')).toContainText(/待支付 ¥[\d,]+\.\d{2}/);
    await card.scrollIntoViewIfNeeded();
    await docShot(page, 'mobile-order-list-unpaid');
    await card.getByTestId('order-pay').click();
    await expect(page.getByTestId('cashier')).toHaveClass(/fb-cashier-m/);
    await payAtCashier(page, order, 'mobile');
    await expect(page).toHaveURL(new RegExp(`/touch/supportConcept\\?.*id=${order.orderId}`));
    await expect(page.getByTestId('order-payment')).toHaveAttribute('data-status', 'paid', { timeout: 60_000 });
    await docShot(page, 'mobile-order-paid');
  });

  test('an order left unpaid lapses: 支付已超时 on the list, and its cashier says the trade is closed', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, customer);
    await page.goto('/touch/orderInquiry');
    const box = orderRow(page, lapsing.orderNo).getByTestId('order-payment');
    await expect(box).toContainText('支付已超时', { timeout: 120_000 });
    await expect(orderRow(page, lapsing.orderNo).getByTestId('order-pay')).toHaveCount(0);
    await orderRow(page, lapsing.orderNo).scrollIntoViewIfNeeded();
    await docShot(page, 'mobile-order-list-expired');
    const cashier = new URL(lapsing.payment!.cashierUrl!).pathname;
    await page.goto(cashier);
    await expect(page.getByTestId('cashier-closed')).toContainText('交易已关闭');
    await docShot(page, 'mobile-cashier-closed');
    // The same on a desktop.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('cashier')).not.toHaveClass(/fb-cashier-m/);
    await docShot(page, 'desktop-cashier-closed');
    await page.goto('/platform/orderInquiry');
    await expect(orderRow(page, lapsing.orderNo).getByTestId('order-payment')).toContainText('支付已超时');
    await orderRow(page, lapsing.orderNo).scrollIntoViewIfNeeded();
    await docShot(page, 'desktop-order-list-expired');
  });
});

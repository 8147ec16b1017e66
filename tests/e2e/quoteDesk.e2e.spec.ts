import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  adminCredentials,
  api,
  passwordLogin,
  registerUser,
  shot,
  signIn,
  switchAccount,
  toast,
  docShot,
  readAndConfirmTerms,
  type Account,
} from './helpers.ts';

/**
 * The quote desk (/backoffice/quotes, docs/api/quote-desk.md) at 1280×800. A customer asks 人保财险 and
 * 平安产险 to quote a ¥600,000 aircraft, which both insurers answer with 待人工核保 after 1–3
 * working days (QUOTE_DAY_SECONDS, 10 s in the test platform). The admin sees both requests
 * flagged overdue, re-sends 人保's (its deadline moves on), lets 平安's time out now and enters
 * 人保's verified premium: quoting completes and the customer buys it on the plan page.
 * The time-out deadline is 5 working days (50 s) from the inquiry, so the steps run promptly:
 * both requests are acted on within seconds of their answers showing.
 */

const QUOTE_TIMEOUT = Number(process.env.E2E_QUOTE_TIMEOUT_MS ?? 90_000);
const PICC = 1;
const PINGAN = 2;

let apiContext: APIRequestContext;
let customer: Account;
let orderId: string;
let orderNo: string;

test.beforeAll(async () => {
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  const form = generalApplication();
  (form.uavInfoList as Record<string, unknown>[])[1]!.price = 600_000;
  const saved = await api<{ id: string; orderNo: string }>(apiContext, customer, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  const inquiry = await api<{ id: string }>(apiContext, customer, 'POST', '/order/inquiryPrice', {
    ...form,
    id: saved.data.id,
  });
  expect(inquiry.code, inquiry.message).toBe(20000);
  orderId = saved.data.id;
  orderNo = saved.data.orderNo;
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

const cell = (page: Page, insurerId: number): Locator =>
  page.locator(`[data-testid="quote-cell"][data-order="${orderNo}"][data-insurer="${insurerId}"]`);
const dialog = (page: Page) => page.locator('.fb-quote-cell-dialog');

test.describe('quote desk 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a customer sees 403 on the desk and the server refuses the desk calls', async ({ page }) => {
    await signIn(page, customer);
    await page.goto('/backoffice/quotes');
    await expect(page.getByTestId('backoffice-forbidden')).toBeVisible();
    expect((await api(page.request, customer, 'GET', '/backoffice/quoteDesk')).code).toBe(40300);
    expect(
      (await api(page.request, customer, 'POST', '/backoffice/quote/timeout', { requestId: `${orderId}.1.2` })).code,
    ).toBe(40300);
  });

  test('overdue requests are flagged; a manual quote entered on the desk completes the order the customer buys on the plan page', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const { mobilePhone, password } = adminCredentials();
    const admin = await passwordLogin(page.request, mobilePhone, password);
    await signIn(page, admin);
    await page.goto('/backoffice/quotes');
    await expect(page.getByTestId('quote-desk')).toBeVisible();
    await expect(page.getByRole('link', { name: '报价工作台' })).toHaveAttribute('aria-current', 'page');

    // The grid updates by itself as the insurers answer: no reload here.
    for (const insurer of [PICC, PINGAN]) {
      await expect(cell(page, insurer)).toHaveAttribute('data-status', 'manual', { timeout: QUOTE_TIMEOUT });
      await expect(cell(page, insurer)).toHaveAttribute('data-overdue', 'true');
    }
    await expect(cell(page, PICC).getByTestId('quote-overdue')).toBeVisible();
    await expect(cell(page, PICC)).toContainText(/剩余 [\d.]+ 个工作日/);
    await expect(cell(page, PICC)).toContainText('需保险公司核保');
    await docShot(page, 'desktop-backoffice-quotes');

    // 人保: asked again, so its promised answer moves on and it is no longer overdue.
    await cell(page, PICC).click();
    await expect(dialog(page)).toContainText('待人工核保');
    await dialog(page).getByRole('button', { name: '重新发送' }).click();
    await expect(toast(page, '已重新发送询价')).toBeVisible();
    await expect(dialog(page)).toContainText('已重新发送 1 次');
    await dialog(page).getByRole('button', { name: '关闭' }).click();
    await expect(cell(page, PICC)).toHaveAttribute('data-overdue', 'false');
    await expect(cell(page, PINGAN)).toHaveAttribute('data-overdue', 'true');

    // 平安: let it time out now instead of waiting for its deadline.
    await cell(page, PINGAN).click();
    await dialog(page).getByRole('button', { name: '立即超时' }).click();
    await expect(toast(page, '已设为超时')).toBeVisible();
    await dialog(page).getByRole('button', { name: '关闭' }).click();
    await expect(cell(page, PINGAN)).toHaveAttribute('data-status', 'timed-out');

    // 人保: the verified premium for every line waiting for verification.
    await cell(page, PICC).click();
    const premiums = dialog(page).getByPlaceholder('保费（元）');
    // count() does not wait: the dialog draws its lines once it has opened.
    await expect(premiums.first()).toBeVisible();
    const count = await premiums.count();
    expect(count).toBeGreaterThan(0);
    await dialog(page).getByRole('button', { name: '录入报价' }).click();
    await expect(dialog(page)).toContainText('的保费');
    for (let i = 0; i < count; i++) {
      await premiums.nth(i).fill('8888.5');
      await dialog(page).getByPlaceholder('免赔说明').nth(i).fill('每次事故免赔10%');
    }
    await dialog(page).getByRole('button', { name: '录入报价' }).click();
    await expect(toast(page, '报价已录入')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await expect(cell(page, PICC)).toHaveAttribute('data-status', 'quoted');
    await expect(cell(page, PICC)).toContainText('有效期至');
    await expect(page.locator(`[data-testid="quote-row"][data-order="${orderNo}"]`)).toContainText('报价完成');

    // The customer's plan page: 人保 can be bought at its total, 平安 did not quote.
    await switchAccount(page, customer);
    await page.goto(`/platform/supportConcept?type=0&id=${orderId}`);
    const buy = page.getByRole('button', { name: '向人保财险投保' });
    await expect(buy).toBeEnabled();
    await expect(page.getByRole('button', { name: '向平安产险投保' })).toBeDisabled();
    await expect(page.locator('tr[data-line="total"] td[data-insurer="2"]')).toContainText('未完成报价');
    await expect(page.getByText('每次事故免赔10%').first()).toBeVisible();
    await buy.click();
    await readAndConfirmTerms(page);
    await expect(toast(page, '投保成功')).toBeVisible();
  });
});

/**
 * 为何是这个价格: 人保 rates the standard application by its seeded tariff rule; the admin opens
 * the cell and reads, under the hull line, the rule versions and the engine's trace behind it.
 */
test.describe('why this premium', () => {
  let why: { orderNo: string };
  test.beforeAll(async () => {
    const buyer = await registerUser(apiContext, { profile: true });
    const form = generalApplication();
    const saved = await api<{ id: string; orderNo: string }>(apiContext, buyer, 'POST', '/order/save', form);
    expect(saved.code, saved.message).toBe(20000);
    const inquiry = await api(apiContext, buyer, 'POST', '/order/inquiryPrice', { ...form, id: saved.data.id });
    expect(inquiry.code, inquiry.message).toBe(20000);
    why = { orderNo: saved.data.orderNo };
  });

  const openWhy = async (page: Page) => {
    const { mobilePhone, password } = adminCredentials();
    await signIn(page, await passwordLogin(page.request, mobilePhone, password));
    await page.goto('/backoffice/quotes');
    const picc = page.locator(`[data-testid="quote-cell"][data-order="${why.orderNo}"][data-insurer="${PICC}"]`);
    await expect(picc).toHaveAttribute('data-status', /quoted|manual|declined/, { timeout: QUOTE_TIMEOUT });
    await picc.click();
    const hull = dialog(page).locator('tr[data-line="1:0"]');
    await expect(hull).toContainText('¥');
    await hull.getByRole('button', { name: '为何是这个价格' }).click();
    const panel = dialog(page).getByTestId('quote-why');
    await expect(panel).toBeVisible();
    return panel;
  };

  test('1280×800: the rule versions and the trace that priced an automatic quote', async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const panel = await openWhy(page);
    // The rule's name on the rule platform, linked to its versions there.
    await expect(panel.getByTestId('quote-why-rule').filter({ hasText: '人保财险费率规则' })).toContainText(
      /tariff-1@\d+/,
    );
    await expect(panel.getByRole('link', { name: '人保财险费率规则' })).toHaveAttribute(
      'href',
      '/rules/ruleList?ruleId=tariff-1',
    );
    await expect(panel.getByTestId('quote-why-step').filter({ hasText: '机身险保费' })).toContainText('premium =');
    await expect(panel.getByTestId('quote-why-step').filter({ hasText: '决策表' }).first()).toContainText(/第\d+行/);
    await panel.getByTestId('quote-why-step').first().scrollIntoViewIfNeeded();
    await docShot(page, 'desktop-backoffice-quote-why');
    // The same button closes it.
    await dialog(page).locator('tr[data-line="1:0"]').getByRole('button', { name: '为何是这个价格' }).click();
    await expect(panel).toBeHidden();
  });

  test('375×812: the panel fits the dialog and its trace scrolls inside it', async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 375, height: 812 });
    const panel = await openWhy(page);
    await expect(panel).toContainText('tariff-1@');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The trace scrolls inside the panel; the dialog itself does not scroll sideways.
    expect(
      await dialog(page)
        .locator('.bp6-dialog-body')
        .evaluate((el) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(0);
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'mobile-backoffice-quote-why');
  });
});

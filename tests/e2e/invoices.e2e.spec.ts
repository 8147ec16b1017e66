import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {
  adminCredentials,
  api,
  passwordLogin,
  policyInForce,
  registerUser,
  shot,
  signIn,
  toast,
  type Account,
  type Policy,
} from './helpers.ts';

/**
 * Invoices (docs/api/invoices.md): a customer with two policies bought through the real flow finds
 * their invoices under 我的发票 — a table with the search at 1280×800, cards at 375×812 — searches
 * them and sees 暂无数据 when nothing matches; the admin finds them in the back office's 发票 with
 * the customer masked. Each screen is scanned with axe (serious or critical findings fail).
 */

type Row = {
  id: string;
  invoiceNo: string;
  invoiceName: string;
  payStatus: string;
  orderNo: string;
  policyNo: string;
  centerBranchName: string;
};

let apiContext: APIRequestContext;
let customer: Account;
let policies: Policy[];
let invoices: Row[];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  policies = await Promise.all([policyInForce(apiContext, customer), policyInForce(apiContext, customer)]);
  // In force means underwritten: both invoices are issued.
  const page = await api<{ datas: Row[]; totals: number }>(apiContext, customer, 'POST', '/invoice/page', {});
  expect(page.code, page.message).toBe(20000);
  expect(page.data.totals).toBe(2);
  invoices = page.data.datas;
  expect(invoices.every((r) => r.payStatus === '已支付' && r.invoiceNo.startsWith('FP'))).toBe(true);
  expect(invoices.map((r) => r.policyNo).sort()).toEqual(policies.map((p) => p.policyNo).sort());
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

const rows = (page: Page) => page.getByTestId('invoice-row');

const noSeriousA11yFindings = async (page: Page) => {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

test.describe('我的发票 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the order list leads to the invoices; search by number, status and date; nothing found reads 暂无数据', async ({
    page,
  }) => {
    await signIn(page, customer);
    await page.goto('/platform/orderInquiry');
    await page.getByTestId('order-invoices').click();
    await expect(page).toHaveURL(/\/platform\/invoice$/);
    await expect(rows(page)).toHaveCount(2);
    const first = invoices[0]!;
    const row = page.locator(`[data-testid="invoice-row"][data-order="${first.orderNo}"]`);
    await expect(row).toContainText(first.invoiceNo);
    await expect(row).toContainText(first.invoiceName);
    await expect(row).toContainText('上海分公司');
    await expect(row).toContainText('已支付');
    await expect(row).toContainText('系统');
    await expect(page.getByRole('table', { name: '发票列表' }).getByRole('columnheader')).toHaveText([
      '发票号码',
      '发票抬头',
      '开票时间',
      '开票机构',
      '金额',
      '支付状态',
      '开票人',
      '保单号',
    ]);
    await noSeriousA11yFindings(page);
    await shot(page, 'desktop-invoices', { docs: true });

    // By number (part of it), kept in the address.
    await page.getByLabel('发票号码').fill(first.invoiceNo.slice(-8));
    await page.getByTestId('invoice-filter-apply').click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toHaveAttribute('data-order', first.orderNo);
    await expect(page).toHaveURL(new RegExp(`invoiceNo=${first.invoiceNo.slice(-8)}`));
    await page.reload();
    await expect(rows(page)).toHaveCount(1);

    // A reversed date range is refused before any request.
    await page.getByTestId('invoice-filter-reset').click();
    await expect(rows(page)).toHaveCount(2);
    await page.getByLabel('开票日期起').fill('2030-01-02');
    await page.getByLabel('开票日期止').fill('2030-01-01');
    await page.getByTestId('invoice-filter-apply').click();
    await expect(toast(page, '开票开始日期不能晚于结束日期')).toBeVisible();
    await expect(rows(page)).toHaveCount(2);

    // Status and a title that matches nothing: the empty state.
    await page.getByTestId('invoice-filter-reset').click();
    await page.getByLabel('支付状态').selectOption('待支付');
    await page.getByTestId('invoice-filter-apply').click();
    await expect(page.getByText('暂无数据')).toBeVisible();
    await expect(page.getByText('没有符合查询条件的发票。')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    await page.getByLabel('支付状态').selectOption('已支付');
    await page.getByLabel('发票抬头').fill(first.invoiceName);
    await page.getByTestId('invoice-filter-apply').click();
    await expect(rows(page)).toHaveCount(2);
    await shot(page, 'invoices-desktop-search');
    await page.getByLabel('金额（元）').fill('0.01');
    await page.getByTestId('invoice-filter-apply').click();
    await expect(page.getByText('暂无数据')).toBeVisible();
    await shot(page, 'invoices-desktop-empty');
  });

  test('staff see every customer’s invoices in the back office, the customer masked', async ({ page }) => {
    const { mobilePhone, password } = adminCredentials();
    const admin = await passwordLogin(page.request, mobilePhone, password);
    await signIn(page, admin);
    await page.goto('/backoffice/users');
    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '发票' }).click();
    await expect(page).toHaveURL(/\/backoffice\/invoices$/);
    await expect(page.getByTestId('invoice-desk')).toBeVisible();
    await page.getByLabel('发票抬头').fill(invoices[0]!.invoiceName);
    await page.getByTestId('invoice-filter-apply').click();
    await expect(rows(page)).toHaveCount(2);
    const masked = `${customer.phone.slice(0, 3)}****${customer.phone.slice(-4)}`;
    for (const invoice of invoices) {
      const row = page.locator(`[data-testid="invoice-row"][data-order="${invoice.orderNo}"]`);
      await expect(row).toContainText(masked);
      await expect(row).toContainText(invoice.invoiceNo);
      await expect(row).toContainText('系统');
    }
    await expect(page.getByText(customer.phone)).toHaveCount(0);
    await noSeriousA11yFindings(page);
    await shot(page, 'desktop-backoffice-invoices', { docs: true });
  });

  test('a customer opening the back office’s 发票 sees 403', async ({ page }) => {
    await signIn(page, customer);
    await page.goto('/backoffice/invoices');
    await expect(page.getByTestId('backoffice-forbidden')).toBeVisible();
    const refused = await api(page.request, customer, 'POST', '/backoffice/invoice/page', {});
    expect(refused.code).toBe(40300);
  });
});

test.describe('我的发票 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('cards from the menu; more conditions fold out; search and 暂无数据', async ({ page }) => {
    await signIn(page, customer);
    await page.goto('/touch/index');
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('menuitem', { name: '我的发票' }).click();
    await expect(page).toHaveURL(/\/touch\/invoice$/);
    await expect(rows(page)).toHaveCount(2);
    const second = invoices[1]!;
    const card = page.locator(`[data-testid="invoice-row"][data-order="${second.orderNo}"]`);
    await expect(card).toContainText(second.invoiceNo);
    await expect(card).toContainText('已支付');
    await expect(card).toContainText('上海分公司');
    await noSeriousA11yFindings(page);
    await shot(page, 'mobile-invoices', { docs: true });

    await expect(page.getByLabel('发票抬头')).toBeHidden();
    await page.getByTestId('invoice-filter-more').click();
    await expect(page.getByLabel('发票抬头')).toBeVisible();
    await shot(page, 'invoices-mobile-more');
    await page.getByLabel('开票机构').fill('上海');
    await page.getByLabel('发票号码').fill(second.invoiceNo);
    await page.getByTestId('invoice-filter-apply').click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toHaveAttribute('data-order', second.orderNo);

    await page.getByTestId('invoice-filter-reset').click();
    await page.getByLabel('发票号码').fill('FP-不存在');
    await page.getByTestId('invoice-filter-apply').click();
    await expect(page.getByText('暂无数据')).toBeVisible();
    await shot(page, 'invoices-mobile-empty');
  });
});

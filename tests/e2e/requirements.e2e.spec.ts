import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { assessExposure } from '@feibao/domain/claims/settlement';
import { trainingApplication } from '@feibao/domain/ordering/fixtures';
import { api, docShot, registerUser, signIn, toast, type Account } from './helpers.ts';

/**
 * 投保要求 on the cover plan (docs/api/requirements.md): the customer states requirements in the panel, each
 * insurer is marked ✓/✗/待定 per requirement with the reason, and 只看满足要求的报价 hides the failing insurers'
 * columns (desktop 1280×800) or cards (phone 375×812). A training order is quoted by every insurer; 国寿财险 does not
 * write site liability, so requiring that cover fails it; the deductible asked for is the lowest of the insurers' own highest
 * hull deductibles (read from the plan with the claims arithmetic), so the others can meet every requirement.
 */

test.describe.configure({ mode: 'serial' });

type Cell = { insuranceCompanyId: number; status: string; deductiblePremiumString: string | null };
type Row = { isTotal?: boolean; insuranceTypeInfoId: number; insuranceAmount: number; insuranceCompanyList: Cell[] };
type Quoted = { id: string; threshold: number };

let apiContext: APIRequestContext;
let customer: Account;
const orders: Record<'desktop' | 'mobile', Quoted> = {} as never;

/** A quoted order, and a hull deductible limit that the insurer with the lowest deductible meets. */
const quotedOrder = async (): Promise<Quoted> => {
  // Training orders go to every insurer; 国寿财险 does not write site liability (its seeded rule).
  const form = trainingApplication();
  const saved = await api<{ id: string }>(apiContext, customer, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  const id = saved.data.id;
  const inquiry = await api(apiContext, customer, 'POST', '/order/inquiryPrice', { ...form, id });
  expect(inquiry.code, inquiry.message).toBe(20000);
  await expect
    .poll(
      async () =>
        (await api<{ state: number }>(apiContext, customer, 'GET', `/order/orderDetails?id=${id}`)).data?.state,
      {
        timeout: 150_000,
        intervals: [500, 1000],
      },
    )
    .toBe(2);
  const plan = (await api<Row[]>(apiContext, customer, 'GET', `/order/listInsurancePlan?id=${id}`)).data;
  const hull = plan.filter((r) => !r.isTotal && r.insuranceTypeInfoId === 1);
  const highest = (hull[0]?.insuranceCompanyList ?? []).flatMap((c) => {
    const results = hull.map((r) => {
      const cell = r.insuranceCompanyList.find((x) => x.insuranceCompanyId === c.insuranceCompanyId);
      const sum = r.insuranceAmount * 10_000;
      return cell?.status === 'quoted'
        ? assessExposure({ lossYuan: sum, kind: 'drone', deductibleText: cell.deductiblePremiumString, limitYuan: sum })
        : null;
    });
    return results.every((x) => x?.understood) ? [Math.max(...results.map((x) => x!.deductibleYuan))] : [];
  });
  return { id, threshold: Math.ceil(Math.min(...highest)) };
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  [orders.desktop, orders.mobile] = await Promise.all([quotedOrder(), quotedOrder()]);
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

/** Opens the panel's form, refuses a bad limit in Chinese, then saves the requirements. */
const stateRequirements = async (page: Page, threshold: number) => {
  const panel = page.getByTestId('requirements-panel');
  await panel.getByTestId('requirements-edit').click();
  await panel.getByLabel('三者险最低限额（万元）').fill('0');
  await panel.getByTestId('requirements-save').click();
  await expect(toast(page, '三者险最低限额须为 1 至 10000 之间的整数（万元）')).toBeVisible();
  await panel.getByLabel('三者险最低限额（万元）').fill('50');
  await panel.getByLabel('机身险最高免赔（元/次）').fill(String(threshold));
  await panel.getByLabel('最短保险期间（天）').fill('60');
  await panel.getByLabel('附加被保险人名称').fill('上海张江建设工程有限公司');
  await panel.locator('.fb-requirements-covers label').filter({ hasText: '场地/公众责任险' }).click();
  await panel.getByTestId('requirements-save').click();
  await expect(toast(page, '投保要求已保存')).toBeVisible();
  await expect(panel.getByTestId('requirements-summary')).toContainText('三者险限额 ≥ 50万元');
  return panel;
};

test.describe('投保要求 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('states requirements, marks each insurer, hides the failing columns', async ({ page }) => {
    await signIn(page, customer);
    await page.goto(`/platform/supportConcept?type=1&id=${orders.desktop.id}`);
    const panel = await stateRequirements(page, orders.desktop.threshold);
    const table = panel.locator('.fb-requirements-table');
    await expect(table.locator('tr[data-requirement="liability"]')).toContainText(
      /三者险(单次赔付)?限额 \d+万元 ≥ 要求 50万元/,
    );
    await expect(table.locator('tr[data-requirement="term"]')).toContainText('保险期间 90天 ≥ 要求 60天');
    await expect(table.locator('tr[data-requirement="cover:102"] td[data-insurer="4"]')).toContainText(
      '未报价场地/公众责任险',
    );
    await expect(table.locator('tr[data-requirement="hullDeductible"]')).toContainText('（全损时）');

    const columns = page.locator('.fb-plan-table th.fb-insurer-col');
    const all = await columns.count();
    const failing = await table.locator('thead [data-verdict="unmet"]').count();
    expect(all).toBeGreaterThan(2);
    expect(failing).toBeGreaterThanOrEqual(1);
    await panel.getByText('只看满足要求的报价').click();
    await expect(columns).toHaveCount(all - failing);
    await expect(page.locator('.fb-plan-table [data-insurer="4"]')).toHaveCount(0);
    await expect(table.locator('thead [data-verdict="unmet"]')).toHaveCount(0);
    await panel.scrollIntoViewIfNeeded();
    await docShot(page, 'desktop-plan-requirements');
    await panel.getByText('只看满足要求的报价').click();
    await expect(columns).toHaveCount(all);
  });
});

test.describe('投保要求 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('states requirements, marks each insurer on cards, hides the failing cards', async ({ page }) => {
    await signIn(page, customer);
    await page.goto(`/touch/supportConcept?type=1&id=${orders.mobile.id}`);
    const panel = await stateRequirements(page, orders.mobile.threshold);
    const cards = panel.locator('.fb-requirements-card');
    await expect(cards.first().locator('li[data-requirement="liability"]')).toContainText(
      /三者险(单次赔付)?限额 \d+万元 ≥ 要求 50万元/,
    );

    const planCards = page.locator('.fb-m-total-card');
    const all = await planCards.count();
    const failing = await panel.locator('.fb-requirements-card > .fb-row-between [data-verdict="unmet"]').count();
    await panel.getByText('只看满足要求的报价').click();
    expect(failing).toBeGreaterThanOrEqual(1);
    await expect(planCards).toHaveCount(all - failing);
    await expect(page.locator('.fb-m-total-card[data-insurer="4"]')).toHaveCount(0);
    await expect(cards).toHaveCount(all - failing);
    await panel.scrollIntoViewIfNeeded();
    await docShot(page, 'mobile-plan-requirements');
  });
});

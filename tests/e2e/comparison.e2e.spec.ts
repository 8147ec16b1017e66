import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { api, docShot, registerUser, signIn, type Account } from './helpers.ts';

/**
 * 对比 on the cover plan (docs/api/comparison.md): an order quoted by three insurers' seeded tariffs. The section
 * lists them cheapest expected cost first with their label; a preset chip and a custom amount change the loss and
 * the out-of-pocket amounts; the second drone can be chosen. Desktop 1280×800 (a table) and phone 375×812 (cards).
 */

test.describe.configure({ mode: 'serial' });

let apiContext: APIRequestContext;
let customer: Account;
let orderId = '';

const moneyOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** The expected costs as shown, in screen order. */
const costs = async (section: Locator) =>
  (await section.getByTestId('compare-expected-cost').allInnerTexts()).map(moneyOf);

/** axe (as tests/e2e/a11y.e2e.spec.ts: WCAG 2.0/2.1 A and AA, best practices) on the section: nothing serious or critical. */
const expectAccessible = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="plan-comparison"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const failing = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(failing.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

const openPlan = async (page: Page, site: 'platform' | 'touch') => {
  await signIn(page, customer);
  await page.goto(`/${site}/supportConcept?type=0&id=${orderId}`);
  const section = page.getByTestId('plan-comparison');
  await expect(section).toBeVisible({ timeout: 30_000 });
  await expect(section.getByTestId('compare-expected-cost')).toHaveCount(3, { timeout: 15_000 });
  return section;
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  const form = {
    ...generalApplication(),
    insuranceCompanyList: [
      { id: 1, name: '人保财险' },
      { id: 2, name: '平安产险' },
      { id: 3, name: '太平洋产险' },
    ],
  };
  const asked = await api<{ id: string }>(apiContext, customer, 'POST', '/order/inquiryPrice', form);
  expect(asked.code, asked.message).toBe(20000);
  orderId = asked.data.id;
  await expect
    .poll(
      async () =>
        (await api<{ state: number }>(apiContext, customer, 'GET', `/order/orderDetails?id=${orderId}`)).data?.state,
      {
        timeout: 200_000,
        intervals: [500, 1000],
      },
    )
    .toBe(2);
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

test.describe('对比 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('insurers cheapest first with their label; a chip and a custom amount change what the customer pays', async ({
    page,
  }) => {
    const section = await openPlan(page, 'platform');
    const table = section.getByRole('table', { name: '方案对比' });
    const sorted = await costs(section);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    await expect(table.locator('thead .bp6-tag')).toHaveText(['可直接投保', '可直接投保', '可直接投保']);
    // The seeded wording on a ¥20,000 hull loss and ¥200,000 of property: 人保 ¥2,500, 平安 ¥2,000, 太平洋 ¥3,000.
    const paid = await section.getByTestId('compare-out-of-pocket').allInnerTexts();
    expect(paid.map(moneyOf).sort((a, b) => a - b)).toEqual([2000, 2500, 3000]);
    await expect(table.locator('tr[data-compare-line="1:0"]')).toContainText('免赔 10%（最低¥1,000.00）');
    await expect(table.locator('tr[data-compare-line="1:0"]')).toContainText('每万元保额');
    await section.scrollIntoViewIfNeeded();
    await docShot(page, 'desktop-plan-comparison');
    await expectAccessible(page);
    await expect(section.getByRole('button', { name: '机身 ¥5千' })).toBeVisible();

    // ¥50,000 hull loss: 10% everywhere → ¥5,000 on the hull.
    await section.getByRole('button', { name: '机身 ¥5万' }).click();
    await expect
      .poll(async () =>
        (await section.getByTestId('compare-out-of-pocket').allInnerTexts()).map(moneyOf).sort((a, b) => a - b),
      )
      .toEqual([5000, 5500, 6000]);
    // No third-party loss, custom hull amount ¥8,000: the ¥1,000 minimum applies to all three.
    await section.getByRole('group', { name: '三者损失' }).getByRole('button', { name: '无' }).click();
    const custom = section.getByRole('textbox', { name: '机身损失自定义金额' });
    await custom.fill('8000');
    await custom.press('Enter');
    await expect
      .poll(async () => (await section.getByTestId('compare-out-of-pocket').allInnerTexts()).map(moneyOf))
      .toEqual([1000, 1000, 1000]);
    await custom.fill('12.345');
    await custom.press('Enter');
    await expect(section.getByText('请输入不超过两位小数的金额')).toBeVisible();
    // The fixed-wing's hull line takes the loss once it is chosen.
    await section.getByRole('combobox', { name: '出险无人机' }).selectOption({ label: '巡检固定翼' });
    await expect(table.locator('tr[data-compare-line="1:1"]')).toHaveClass(/fb-compare-taking/);
    await expect(table.locator('tr[data-compare-line="1:0"]')).not.toHaveClass(/fb-compare-taking/);
  });
});

test.describe('对比 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a card per insurer, cheapest first, with its label, premium, 自付 and 保险赔付', async ({ page }) => {
    const section = await openPlan(page, 'touch');
    const cards = section.locator('.fb-compare-card');
    await expect(cards).toHaveCount(3);
    const sorted = await costs(section);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    await expect(cards.first().locator('.bp6-tag')).toHaveText('可直接投保');
    await expect(cards.first()).toContainText('保险赔付');
    await expect(cards.first()).toContainText('每万元保额');
    // No horizontal scrolling on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await section.getByRole('button', { name: '三者 ¥50万' }).click();
    await expect(section.getByRole('button', { name: '三者 ¥50万' })).toHaveAttribute('aria-pressed', 'true');
    await section.getByRole('button', { name: '三者 ¥20万' }).click();
    await expect(cards.first().getByTestId('compare-out-of-pocket')).not.toHaveText('');
    // The section's title under the site's top bar, nothing focused.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      document.querySelector('[data-testid="plan-comparison"]')?.scrollIntoView();
      window.scrollBy(0, -60);
    });
    await docShot(page, 'mobile-plan-comparison');
    await expectAccessible(page);
  });
});

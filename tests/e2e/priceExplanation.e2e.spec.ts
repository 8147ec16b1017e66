import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { api, docShot, registerUser, signIn, type Account } from './helpers.ts';

/**
 * 价格说明 on the cover plan (docs/api/price-explanation.md): under an insurer's total a 价格说明 link opens,
 * lazily, a dialog (desktop 1280×800) or a drawer (phone 375×812) with each line's factors in plain words,
 * the rule version, the replay check and the hints that would lower the price.
 */

test.describe.configure({ mode: 'serial' });

let apiContext: APIRequestContext;
let customer: Account;
let orderId: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  const inquiry = await api<{ id: string }>(apiContext, customer, 'POST', '/order/inquiryPrice', generalApplication());
  expect(inquiry.code, inquiry.message).toBe(20000);
  orderId = inquiry.data.id;
  type Progress = { quoteProgress?: { status: string }[] };
  await expect
    .poll(
      async () =>
        (
          await api<Progress>(apiContext, customer, 'GET', `/order/orderDetails?id=${orderId}`)
        ).data.quoteProgress?.every((p) => p.status === 'answered'),
      { timeout: 200_000, intervals: [500, 1000] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

for (const size of [
  { name: 'desktop', width: 1280, height: 800, prefix: '/platform' },
  { name: 'mobile', width: 375, height: 812, prefix: '/touch' },
] as const) {
  test.describe(`价格说明 ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('opens from the plan with factors, rule version and hints, without internal names', async ({ page }) => {
      await signIn(page, customer);
      await page.goto(`${size.prefix}/supportConcept?type=0&id=${orderId}`);
      const link = page.getByRole('button', { name: '人保财险价格说明' });
      await expect(link).toBeVisible({ timeout: 30_000 });
      await link.click();
      const dialog = page.getByRole('dialog', { name: '人保财险 · 价格说明' });
      const body = dialog.getByTestId('why-price');
      await expect(body).toBeVisible();
      const hull = body.locator('[data-line="1:0"]');
      await expect(hull).toContainText('机身损失险');
      await expect(hull).toContainText('年保费 = 数量 × 购价 × 基础费率 × 机型系数');
      await expect(hull).toContainText('机龄系数');
      await expect(hull).toContainText('费率规则 第1版');
      await expect(hull).toContainText('按此版本复算一致');
      // The first drone has no parachute.
      await expect(hull.getByTestId('why-price-hint').first()).toContainText(/加装降落伞 → 每年省 ¥/);
      await expect(body.locator('[data-line="2:0"]')).toContainText('每架年保费');
      await expect(body).not.toContainText('tariff-');
      await expect(body).not.toContainText('机身险机型系数');
      await docShot(page, `${size.name}-plan-why-price`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });
}

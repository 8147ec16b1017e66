import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { api, docShot, policyInForce, registerUser, signIn, toast, type Account, type Policy } from './helpers.ts';

/**
 * 续保 on the web (docs/api/renewal.md): a policy of 7 days is inside its renewal window as soon as it is
 * issued. On the desktop list the customer clicks 续保, confirms with the policy's insurer chosen and another
 * added, and lands on the new order's plan, which says 续保自 the old order; the list then shows the chain both
 * ways and no second 续保. On a phone the same from the policy's details (the page the reminders open).
 * Desktop 1280×800 and phone 375×812.
 */

test.describe.configure({ mode: 'serial' });

/**
 * The new order's 续保自 on its plan. Read-your-writes holds a read 5 s at most: on a loaded machine the first
 * read may still miss the new order (加载失败), and 重试 reads it again, as a customer would.
 */
const expectRenewalOf = async (page: Page, orderNo: string) => {
  const retry = page.getByRole('button', { name: '重试' });
  await expect(async () => {
    if (await retry.isVisible()) await retry.click();
    await expect(page.locator('.fb-plan-head').getByTestId('renewal-of')).toContainText(`续保自 ${orderNo}`, {
      timeout: 3000,
    });
  }).toPass({ timeout: 30_000 });
};

let apiContext: APIRequestContext;
let customer: Account;
const policies: Record<'desktop' | 'mobile', Policy> = {} as never;

/** Every cover for 7 days: the policy ends well within the 30 days 续保 is open before the end. */
const monthlyApplication = () => {
  const form = generalApplication() as { insuranceTypeInfoList: Record<string, unknown>[] };
  return { ...form, insuranceTypeInfoList: form.insuranceTypeInfoList.map((l) => ({ ...l, guaranteeTerm: 7 })) };
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  [policies.desktop, policies.mobile] = await Promise.all([
    policyInForce(apiContext, customer, 240_000, monthlyApplication()),
    policyInForce(apiContext, customer, 240_000, monthlyApplication()),
  ]);
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

test.describe('续保 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('from the order list: confirm with the insurers, the new order opens, the chain shows both ways', async ({
    page,
  }) => {
    const old = policies.desktop;
    await signIn(page, customer);
    await page.goto('/platform/orderInquiry');
    const row = page.locator(`[data-order="${old.orderNo}"]`);
    await row.getByTestId('order-renew').click();
    const dialog = page.locator('.fb-renew-dialog');
    await expect(dialog.getByTestId('renew-summary')).toContainText(`按保单 ${old.policyNo} 的投保信息`);
    await expect(dialog.getByTestId('renew-summary')).toContainText('（保障连续）');
    // The policy's insurer is chosen; the customer adds another.
    const checked = dialog.locator('input[type=checkbox]:checked');
    await expect(checked).toHaveCount(1);
    const other = dialog
      .locator('label.bp6-checkbox')
      .filter({ has: page.locator('input:not(:checked)') })
      .first();
    await other.click();
    await expect(checked).toHaveCount(2);
    await docShot(page, 'desktop-renewal-dialog');
    await dialog.getByTestId('renew-confirm').click();
    await expect(toast(page, '已创建续保订单')).toBeVisible();

    await expect(page).toHaveURL(/\/platform\/supportConcept\?type=0&id=/);
    await expectRenewalOf(page, old.orderNo);
    const newId = new URL(page.url()).searchParams.get('id')!;
    const renewed = await api<{ orderNo: string; quoteProgress: unknown[] }>(
      apiContext,
      customer,
      'GET',
      `/order/orderDetails?id=${newId}`,
    );
    expect(renewed.data.quoteProgress).toHaveLength(2);
    await docShot(page, 'desktop-renewal-plan');

    await page.goto('/platform/orderInquiry');
    await expect(row.getByTestId('renewed-by')).toContainText(`已续保为 ${renewed.data.orderNo}`);
    await expect(row.getByTestId('order-renew')).toHaveCount(0);
    await expect(page.locator(`[data-order="${renewed.data.orderNo}"]`).getByTestId('renewal-of')).toContainText(
      `续保自 ${old.orderNo}`,
    );
    await docShot(page, 'desktop-renewal-list');
    // 已续保为 links to the renewal.
    await row.getByTestId('renewed-by').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`id=${newId}`));
  });
});

test.describe('续保 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("from the policy's details: 续保 keeps the insurer, the new order's plan says 续保自", async ({ page }) => {
    const old = policies.mobile;
    await signIn(page, customer);
    await page.goto(`/touch/supportConcept?type=0&id=${old.orderId}&show=true`);
    await page.getByTestId('plan-renew').click();
    const dialog = page.locator('.fb-renew-dialog');
    await expect(dialog.locator('input[type=checkbox]:checked')).toHaveCount(1);
    await docShot(page, 'mobile-renewal-dialog');
    await dialog.getByTestId('renew-confirm').click();
    await expect(page).toHaveURL(/\/touch\/supportConcept\?type=0&id=/);
    await expectRenewalOf(page, old.orderNo);
    await docShot(page, 'mobile-renewal-plan');

    await page.goto('/touch/orderInquiry');
    const card = page.locator(`[data-order="${old.orderNo}"]`);
    await expect(card.getByTestId('renewed-by')).toBeVisible();
    await expect(card.getByTestId('order-renew')).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await docShot(page, 'mobile-renewal-list');
  });
});

import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { api, docShot, registerUser, signIn, toast, type Account } from './helpers.ts';

/**
 * Notifications (docs/api/notifications.md): once the insurers' quotes are in, the bell in the header
 * counts them; the bell opens 消息中心, where one is marked read (or opened, which marks it read and
 * leads to the order), then all; 通知设置 switches an SMS on. Desktop 1280×800 and mobile 375×812,
 * each with its own customer and two quoted orders.
 */

let apiContext: APIRequestContext;
const customers: Record<'desktop' | 'mobile', { account: Account; orders: string[] }> = {} as never;

/** An order of `account` with its quotes in (no purchase): the 报价完成 notification. */
const quotedOrder = async (account: Account) => {
  const form = generalApplication();
  const saved = await api<{ id: string }>(apiContext, account, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  const inquiry = await api(apiContext, account, 'POST', '/order/inquiryPrice', { ...form, id: saved.data.id });
  expect(inquiry.code, inquiry.message).toBe(20000);
  return saved.data.id;
};

const unread = async (account: Account) =>
  (await api<{ unread: number }>(apiContext, account, 'GET', '/notification/unreadCount')).data.unread;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  for (const site of ['desktop', 'mobile'] as const) {
    const account = await registerUser(apiContext, { profile: true });
    customers[site] = { account, orders: await Promise.all([quotedOrder(account), quotedOrder(account)]) };
  }
  for (const { account } of Object.values(customers))
    await expect
      .poll(() => unread(account), { timeout: 180_000, intervals: [1000], message: 'quotes in for both orders' })
      .toBe(2);
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

const items = (page: Page) => page.getByTestId('notification-item');
const badge = (page: Page) => page.getByTestId('notification-badge');

for (const site of ['desktop', 'mobile'] as const) {
  const mobile = site === 'mobile';
  const prefix = mobile ? '/touch' : '/platform';
  const shotName = (screen: string) => `${site}-notifications-${screen}`;

  test.describe(`notifications ${mobile ? '375×812' : '1280×800'}`, () => {
    test.use({ viewport: mobile ? { width: 375, height: 812 } : { width: 1280, height: 800 } });

    test('the bell counts the quotes in; the list marks one read, opens one, marks all read; SMS preferences', async ({
      page,
    }) => {
      const { account, orders } = customers[site];
      await signIn(page, account);
      await page.goto(mobile ? '/touch/index' : '/platform/orderInquiry');
      await expect(badge(page)).toHaveText('2');
      await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('消息，2条未读');
      await docShot(page, shotName('bell'));

      await page.getByTestId('notification-bell').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/notifications$`));
      await expect(page.getByRole('heading', { name: '消息中心', exact: true })).toBeVisible();
      await expect(items(page)).toHaveCount(2);
      await expect(items(page).first()).toContainText('报价完成');
      await expect(items(page).first()).toContainText('保险公司报价已全部返回');
      await docShot(page, shotName('list'));

      // 标为已读 on the first: the bell and the 未读 filter follow.
      await items(page).first().getByRole('button', { name: '标为已读' }).click();
      await expect(items(page).first()).toContainText('已读');
      await expect(badge(page)).toHaveText('1');
      await page.getByTestId('notification-unread-filter').click();
      await expect(items(page)).toHaveCount(1);
      await page.getByRole('button', { name: '全部', exact: true }).click();
      await expect(items(page)).toHaveCount(2);

      if (mobile) {
        // Opening the unread one marks it read and leads to its order.
        await items(page).nth(1).getByRole('button').first().click();
        await expect(page).toHaveURL(new RegExp(`/touch/supportConcept\\?id=(${orders.join('|')})$`));
        await expect(badge(page)).toHaveCount(0);
        await page.goto('/touch/notifications');
        await expect(items(page).filter({ hasText: '已读' })).toHaveCount(2);
      } else {
        await page.getByRole('button', { name: '全部已读' }).click();
        await expect(toast(page, '已全部标记为已读')).toBeVisible();
        await expect(badge(page)).toHaveCount(0);
        await expect(page.getByRole('button', { name: '标为已读' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: '全部已读' })).toBeDisabled();
      }

      await page.getByRole('button', { name: '通知设置' }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/notificationSettings$`));
      await expect(page.getByRole('heading', { name: '通知设置', exact: true })).toBeVisible();
      const quotesIn = page.getByRole('checkbox', { name: '报价完成短信通知', exact: true });
      const paymentDue = page.getByRole('checkbox', { name: '待支付短信通知', exact: true });
      await expect(quotesIn).not.toBeChecked();
      await expect(paymentDue).toBeChecked();
      await expect(page.getByTestId('preference-claimAssigned')).toHaveCount(0);
      await quotesIn.click({ force: true });
      await expect(toast(page, '报价完成：短信通知已开启')).toBeVisible();
      await expect(quotesIn).toBeChecked();
      await docShot(page, shotName('preferences'));
      const stored = await api<{ kind: string; sms: boolean }[]>(
        apiContext,
        account,
        'GET',
        '/notification/preferences',
      );
      expect(stored.data.find((p) => p.kind === 'quotesIn')?.sms).toBe(true);
      await page.reload();
      await expect(page.getByRole('checkbox', { name: '报价完成短信通知', exact: true })).toBeChecked();
    });
  });
}

import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminCredentials,
  api,
  PASSWORD,
  passwordLogin,
  registerUser,
  signIn,
  switchAccount,
  docShot,
  type Account,
} from './helpers.ts';

/**
 * 用户与角色 (/backoffice/users, docs/api/users.md) at 1280×800: the admin finds a customer, grants
 * 理赔人员 and 规则审核 with a reason and sees it in the role history; the customer's current session
 * still has no back office, signing in again opens the claims desk, a refreshed token carries
 * `auditor`, and the rule platform, which refused them before, opens with its full menu. A customer
 * sees 403 here.
 */

let apiContext: APIRequestContext;
let customer: Account;
let staff: Account;

test.beforeAll(async () => {
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext);
  staff = await registerUser(apiContext, { profile: true });
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

const rulesLogin = async (page: Page, phone: string) => {
  await page.goto('/rules/login');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
};

const tokenRoles = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).roles as string[];

test.describe('users and roles 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a customer sees 403 on the users screen and the server refuses the users calls', async ({ page }) => {
    await signIn(page, customer);
    await page.goto('/backoffice/users');
    await expect(page.getByTestId('backoffice-forbidden')).toBeVisible();
    expect((await api(page.request, customer, 'GET', '/backoffice/users')).code).toBe(40300);
    const grant = await api(page.request, customer, 'POST', '/backoffice/users/grantRoles', {
      mobilePhone: customer.phone,
      roles: ['admin'],
      reason: '自己授权',
    });
    expect(grant).toMatchObject({ code: 40300, message: '无权限访问' });
  });

  test('admin grants 理赔人员 and 规则审核 with a reason; the claims desk opens for the user once they sign in again', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // The user's session from before the grant.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const staffPage = await staffContext.newPage();
    await signIn(staffPage, staff);
    await staffPage.goto('/backoffice/claims');
    await expect(staffPage.getByTestId('backoffice-forbidden')).toBeVisible();
    // Nor the rule platform.
    await rulesLogin(staffPage, staff.phone);
    await expect(staffPage.getByTestId('rules-login-problem')).toHaveText('该账号没有规则平台的权限，请联系管理员');

    const { mobilePhone, password } = adminCredentials();
    const admin = await passwordLogin(page.request, mobilePhone, password);
    await signIn(page, admin);
    await page.goto('/backoffice/users');
    await expect(page.getByTestId('users-admin')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '用户与角色' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('users-row').first()).toBeVisible();

    // Found by phone prefix.
    await page.getByTestId('users-search').fill(staff.phone.slice(0, 9));
    await page.getByTestId('users-search').press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${staff.phone.slice(0, 9)}`));
    const row = page.locator(`[data-testid="users-row"][data-phone="${staff.phone}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('users-roles')).toHaveText('普通用户');

    await row.getByTestId('users-edit').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('users-history-row')).toHaveCount(1);
    await expect(dialog.getByTestId('users-history-row').first()).toHaveAttribute('data-action', 'register');
    await dialog.getByText('理赔人员').click();
    await dialog.getByText('规则审核').click();
    // No reason: refused on the screen before any call.
    await dialog.getByTestId('users-save').click();
    await expect(dialog.getByTestId('users-problem')).toHaveText('请填写原因');
    await dialog.getByTestId('users-reason').fill('新入职理赔岗，兼规则审核');
    await dialog.getByTestId('users-save').click();
    await expect(page.locator('.bp6-toast-message').getByText('授权成功')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId('users-roles')).toContainText('理赔人员');
    await expect(row.getByTestId('users-roles')).toContainText('规则审核');

    // The history says who and why; the screen tells when the user gets the roles.
    await page.getByTestId('users-search').fill('');
    await expect(page.getByTestId('users-row').nth(1)).toBeVisible();
    await page.locator(`[data-testid="users-row"][data-phone="${staff.phone}"]`).getByTestId('users-edit').click();
    const granted = page.getByRole('dialog').locator('[data-testid="users-history-row"][data-action="grant"]');
    await expect(granted).toContainText('理赔人员、规则审核');
    await expect(granted).toContainText(mobilePhone);
    await expect(granted).toContainText('新入职理赔岗，兼规则审核');
    await expect(page.getByRole('dialog')).toContainText('下次刷新登录凭证时获得新角色');
    await docShot(page, 'desktop-backoffice-users');
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();

    // The old session's token was signed before the grant: still no desk.
    await staffPage.goto('/backoffice/claims');
    await expect(staffPage.getByTestId('backoffice-forbidden')).toBeVisible();
    // Signing in again opens the claims desk for them.
    const again = await passwordLogin(staffPage.request, staff.phone, PASSWORD);
    await switchAccount(staffPage, again);
    await staffPage.goto('/backoffice/claims');
    await expect(staffPage.getByTestId('claims-desk')).toBeVisible();
    await expect(staffPage.getByRole('heading', { name: '理赔工作台' })).toBeVisible();
    // …and the old session's next refresh carries the new roles, auditor included.
    const refreshed = await staffPage.request.post('/api/v1/uav/user/refresh', {
      data: { refreshToken: staff.refreshToken },
    });
    const body = (await refreshed.json()) as { code: number; data: { accessToken: string; user: { roles: string[] } } };
    expect(body.code).toBe(20000);
    expect(tokenRoles(body.data.accessToken)).toEqual(['user', 'claims', 'auditor']);
    expect(body.data.user.roles).toEqual(['user', 'claims', 'auditor']);
    // The granted 规则审核 opens the rule platform, with the auditor's menu: every group but 规则迁移.
    await rulesLogin(staffPage, staff.phone);
    await expect(staffPage.getByTestId('rules-app')).toBeVisible();
    await expect(staffPage.getByTestId('rules-menu-group')).toHaveCount(5);
    await expect(staffPage.locator('[data-testid="rules-menu-item"][data-route*="execApplicationStart"]')).toHaveCount(
      1,
    );
    await expect(staffPage.locator('[data-testid="rules-menu-item"][data-route*="ruleTransposition"]')).toHaveCount(0);
    await staffContext.close();
  });
});

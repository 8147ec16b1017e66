import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/**
 * Accounts in the browser: register with an SMS code, log in,
 * complete the company profile (完善信息) and log out, on desktop and on mobile.
 * SMS codes are read from the dev endpoint GET /api/v1/uav/dev/sms/latest.
 */

const shotsDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
mkdirSync(shotsDir, { recursive: true });

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: `${shotsDir}${name}.png`, fullPage: false });
};

const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const randomPhone = () => `13${randomDigits(9)}`;
const creditCode = () => `9131${randomDigits(10)}MA${randomDigits(2)}`;
const PASSWORD = 'Feibao2025';

const toast = (page: Page, text: string | RegExp): Locator => page.locator('.bp6-toast').filter({ hasText: text });

/** Reads the latest SMS code sent to a phone from the dev endpoint, via the page's request context. */
const latestSmsCode = async (page: Page, phone: string): Promise<string> => {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/v1/uav/dev/sms/latest?phone=${phone}`);
        if (!res.ok()) return '';
        const body = (await res.json()) as { code: number; data?: { code?: string } };
        code = body.code === 20000 ? (body.data?.code ?? '') : '';
        return code;
      },
      { timeout: 15_000, message: `SMS code for ${phone}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
};

/** Clicks the send-code button and waits for the countdown. */
const sendCode = async (page: Page, scope: Locator | Page, phone: string) => {
  await scope.getByRole('button', { name: '获取验证码' }).click();
  await expect(toast(page, '发送验证码成功')).toBeVisible();
  await expect(scope.getByRole('button', { name: /\d+秒后重试/ })).toBeVisible();
  return latestSmsCode(page, phone);
};

test.describe('desktop 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('register → log in → complete profile → log out', async ({ page }) => {
    const phone = randomPhone();
    const name = `测试${phone.slice(-4)}`;
    const header = page.locator('header.fb-header');

    await page.goto('/');
    await expect(page).toHaveURL(/\/index\/index$/);
    await expect(page.getByRole('heading', { name: '投保更快捷' })).toBeVisible();
    await shot(page, 'desktop-01-home');

    // Register: the header link opens user information with from=register and the register dialog.
    await header.getByRole('link', { name: '注册' }).click();
    await expect(page).toHaveURL(/\/platform\/userInformation\?from=register/);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: '用户注册' })).toBeVisible();
    await dialog.locator('#f-name').fill(name);
    await dialog.locator('#f-mobilePhone').fill(phone);
    const code = await sendCode(page, dialog, phone);
    await dialog.locator('#f-identifyingCode').fill(code);
    await dialog.locator('#f-password').fill(PASSWORD);
    await dialog.locator('#f-confirmPassword').fill(PASSWORD);
    await shot(page, 'desktop-02-register-filled');
    await dialog.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '注册成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(header.getByText(name)).toBeVisible();
    await shot(page, 'desktop-03-registered');

    // Log out, then log in with the password.
    await header.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/index\/index$/);
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await header.getByRole('button', { name: '登录', exact: true }).click();
    const login = page.getByRole('dialog');
    await expect(login.getByRole('heading', { name: '用户登录' })).toBeVisible();
    // Empty submit shows the shared validation messages.
    await login.getByRole('button', { name: '登录', exact: true }).click();
    await expect(login.getByText('请输入用户名')).toBeVisible();
    await expect(login.getByText('请输入密码')).toBeVisible();
    await login.locator('#f-mobilePhone').fill(phone);
    await login.locator('#f-password').fill(PASSWORD);
    await login.getByText('记住我').click();
    await shot(page, 'desktop-04-login');
    await login.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '登录成功')).toBeVisible();
    await expect(login).toBeHidden();
    await expect(header.getByText(name)).toBeVisible();

    // Complete the profile on the user information page.
    await header.getByRole('link', { name: '用户信息' }).click();
    await expect(page).toHaveURL(/\/platform\/userInformation$/);
    const form = page.getByRole('form', { name: '完善信息' });
    await expect(form.locator('#f-mobilePhone')).toHaveValue(phone);
    await form.getByRole('button', { name: '保存信息' }).click();
    await expect(form.getByText('请填写企业名称')).toBeVisible();
    const company = `飞保测试企业${phone.slice(-4)}`;
    await form.locator('#f-enterpriseName').fill(company);
    await form.locator('#f-phone').fill(phone);
    await form.locator('#f-email').fill(`u${phone}@example.com`);
    await form.locator('#f-address').selectOption('310000');
    await form.locator('#f-unifiedSocialCreditCode').fill(creditCode());
    await form.locator('#f-insuredType').selectOption('1');
    await expect(form.locator('#f-theInsuredName')).toHaveCount(0);
    await form.getByText('非投保人').click();
    await expect(form.locator('#f-theInsuredName')).toBeVisible();
    await form.getByRole('button', { name: '保存信息' }).click();
    await expect(form.getByText('请填写被保险人名称')).toBeVisible();
    await form.locator('#f-theInsuredName').fill('被保险企业');
    await form.locator('#f-theInsuredPhone').fill('13912345678');
    await shot(page, 'desktop-05-profile-filled');
    await form.getByRole('button', { name: '保存信息' }).click();
    await expect(toast(page, '修改成功')).toBeVisible();
    await shot(page, 'desktop-06-profile-saved');
    await expect(toast(page, '修改成功')).toHaveCount(0, { timeout: 8_000 });

    // The 完善信息 dialog (880 px) shows the saved data (read-your-writes) and saves too.
    await header.getByRole('button', { name: name }).click();
    await page.getByRole('menuitem', { name: '完善信息' }).click();
    const profileDialog = page.getByRole('dialog');
    await expect(profileDialog.getByRole('heading', { name: '完善信息' })).toBeVisible();
    await expect(profileDialog.locator('#f-enterpriseName')).toHaveValue(company);
    await expect(profileDialog.locator('#f-theInsuredName')).toHaveValue('被保险企业');
    // Measured once the dialog's opening transition has ended.
    await expect
      .poll(async () => Math.round((await profileDialog.boundingBox())?.width ?? 0))
      .toBeGreaterThanOrEqual(860);
    await profileDialog.locator('#f-email').fill(`new${phone}@example.com`);
    await shot(page, 'desktop-07-profile-dialog');
    await profileDialog.getByRole('button', { name: '保存信息' }).click();
    await expect(toast(page, '修改成功')).toBeVisible();
    await expect(profileDialog).toBeHidden();

    // Log out: session storage is cleared and the home page shows.
    await header.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/index\/index$/);
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('feibao.') || k === 'insureForm'),
    );
    expect(stored).toEqual([]);
    await shot(page, 'desktop-08-logged-out');
  });
});

test.describe('mobile 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('register → log in → complete profile → log out', async ({ page }) => {
    const phone = randomPhone();
    const name = `移动${phone.slice(-4)}`;

    await page.goto('/touch/index');
    await expect(page.getByRole('heading', { name: '投保更快捷' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('100px');
    await shot(page, 'mobile-01-home');

    // Menu → 用户登录 → 注册账号.
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('menuitem', { name: '用户登录' }).click();
    await expect(page).toHaveURL(/\/touch\/user\/login/);
    await page.getByRole('link', { name: '注册账号' }).click();
    await expect(page).toHaveURL(/\/touch\/user\/register/);
    const reg = page.getByRole('form', { name: '注册' });
    await reg.getByRole('button', { name: '注册', exact: true }).click();
    await expect(reg.getByText('请填写用户名')).toBeVisible();
    await expect(reg.getByText('请填写手机号')).toBeVisible();
    await reg.locator('#f-name').fill(name);
    await reg.locator('#f-mobilePhone').fill(phone);
    const code = await sendCode(page, reg, phone);
    await reg.locator('#f-identifyingCode').fill(code);
    await reg.locator('#f-password').fill(PASSWORD);
    await reg.locator('#f-confirmPassword').fill(PASSWORD);
    await shot(page, 'mobile-02-register-filled');
    await reg.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '注册成功')).toBeVisible();
    await expect(page).toHaveURL(/\/touch\/index$/);
    await expect(page.locator('.fb-m-user')).toHaveText(name);
    await shot(page, 'mobile-03-registered');

    // Log out from the menu, then account login.
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/touch\/index$/);
    await expect(page.locator('.fb-m-user')).toHaveText('');
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('menuitem', { name: '用户登录' }).click();
    await page.getByRole('tab', { name: '账号登录' }).click();
    const acc = page.getByRole('form', { name: '账号登录' });
    await acc.locator('#f-acc-mobilePhone').fill(phone);
    await acc.locator('#f-acc-password').fill('1234');
    await acc.getByRole('button', { name: '登录' }).click();
    await expect(acc.getByText('密码长度不能少于5个字符')).toBeVisible();
    await acc.locator('#f-acc-password').fill(PASSWORD);
    await shot(page, 'mobile-04-login');
    await acc.getByRole('button', { name: '登录' }).click();
    await expect(toast(page, '登录成功')).toBeVisible();
    await expect(page).toHaveURL(/\/touch\/index$/);

    // Menu → 用户信息 → 完善信息.
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('menuitem', { name: '用户信息' }).click();
    await expect(page).toHaveURL(/\/touch\/userInformation$/);
    await expect(page.getByRole('heading', { name: '完善信息' })).toBeVisible();
    const form = page.getByRole('form', { name: '完善信息' });
    await expect(form.locator('#f-mobilePhone')).toHaveValue(phone);
    await expect(form.locator('#f-identifyingCode')).toHaveCount(0);
    await form.locator('#f-enterpriseName').fill(`移动测试企业${phone.slice(-4)}`);
    await form.locator('#f-phone').fill('123');
    await form.getByRole('button', { name: '保存信息' }).click();
    await expect(form.getByText('手机号格式错误')).toBeVisible();
    await expect(form.getByText('格式错误，请输入18位字符')).toBeVisible();
    // A re-render as the errors appear can drop fill's select-all, and the 11-character limit then keeps
    // only part of the new number: fill again until the field holds it.
    const contactPhone = form.locator('#f-phone');
    await expect(async () => {
      await contactPhone.fill(phone);
      await expect(contactPhone).toHaveValue(phone, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await form.locator('#f-email').fill(`m${phone}@example.com`);
    await form.locator('#f-unifiedSocialCreditCode').fill(creditCode());
    await form.locator('#f-insuredType').selectOption('3');
    await form.locator('#f-address').selectOption('440000');
    await shot(page, 'mobile-05-profile-filled');
    await form.getByRole('button', { name: '保存信息' }).click();
    await expect(toast(page, '修改成功')).toBeVisible();
    await shot(page, 'mobile-06-profile-saved');

    // Log out.
    await page.getByRole('button', { name: '菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/touch\/index$/);
    await page.getByRole('button', { name: '菜单' }).click();
    await expect(page.getByRole('menuitem', { name: '用户登录' })).toBeVisible();
    await shot(page, 'mobile-07-logged-out');
  });
});

test.describe('sessions', () => {
  test('guest login shows 访客 and stores the guest flag', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const header = page.locator('header.fb-header');
    await page.goto('/index/index');
    await header.getByRole('button', { name: '访客登录' }).click();
    await expect(header.getByRole('button', { name: '访客' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('feibao.guest'))).toBe('guest');
    await shot(page, 'session-guest');
    await header.getByRole('button', { name: '退出登录' }).click();
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('feibao.guest'))).toBeNull();
  });

  test('an expired session (refresh refused) opens the login dialog and keeps the address', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/index/index');
    await page.evaluate(() => {
      localStorage.setItem('feibao.accessToken', 'expired.'.repeat(6));
      localStorage.setItem('feibao.refreshToken', 'not-a-valid-refresh-token');
      localStorage.setItem(
        'feibao.userInfo',
        JSON.stringify({ name: '过期用户', mobilePhone: '13800000000', roles: [] }),
      );
    });
    await page.goto('/platform/userInformation');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: '用户登录' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('feibao.accessToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('feibao.redirect'))).toBe('/platform/userInformation');
    await shot(page, 'session-expired-desktop');
  });

  test('an expired session on mobile goes to the mobile login with backUrl', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/touch/index');
    await page.evaluate(() => {
      localStorage.setItem('feibao.accessToken', 'expired.'.repeat(6));
      localStorage.setItem('feibao.refreshToken', 'not-a-valid-refresh-token');
    });
    await page.goto('/touch/userInformation');
    await expect(page).toHaveURL(/\/touch\/user\/login\?backUrl=%2Ftouch%2FuserInformation$/);
  });

  test('mobile 完善信息 without a session registers a company account (120 s code)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const phone = randomPhone();
    const company = `企业注册${phone.slice(-4)}`;
    await page.goto('/touch/userInformation?backUrl=%2Ftouch%2FuserInformation');
    const form = page.getByRole('form', { name: '完善信息' });
    await form.getByRole('button', { name: '保存信息' }).click();
    await expect(form.getByText('请填写手机号')).toBeVisible();
    await expect(form.getByText('请填写企业名称')).toBeVisible();
    await form.locator('#f-mobilePhone').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '发送验证码成功')).toBeVisible();
    await expect(form.getByRole('button', { name: /^1[12]\d秒后重试$/ })).toBeVisible();
    const code = await latestSmsCode(page, phone);
    await form.locator('#f-identifyingCode').fill(code);
    await form.locator('#f-password').fill(PASSWORD);
    await form.locator('#f-confirmPassword').fill(PASSWORD);
    await form.locator('#f-enterpriseName').fill(company);
    await form.locator('#f-phone').fill(phone);
    await form.locator('#f-email').fill(`c${phone}@example.com`);
    await form.locator('#f-unifiedSocialCreditCode').fill(creditCode());
    await form.locator('#f-insuredType').selectOption('1');
    await shot(page, 'session-company-register');
    await form.getByRole('button', { name: '保存信息' }).click();
    await expect(toast(page, '注册成功')).toBeVisible();
    // backUrl brings us back to the profile, now in update mode with the registered data.
    await expect(page).toHaveURL(/\/touch\/userInformation$/);
    await expect(form.locator('#f-identifyingCode')).toHaveCount(0);
    await expect(form.locator('#f-enterpriseName')).toHaveValue(company);

    // A one-time code from uc/authorize logs another window in through /authorize.
    const authCode = await page.evaluate(async () => {
      const res = await fetch('/api/v1/uav/uc/authorize', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('feibao.accessToken')}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      return ((await res.json()) as { data: { code: string } }).data.code;
    });
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/authorize?code=${encodeURIComponent(authCode)}`);
    await expect(page).toHaveURL(/\/index\/index$/);
    expect(await page.evaluate(() => localStorage.getItem('feibao.accessToken'))).toBeTruthy();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('feibao.userInfo') ?? '{}').mobilePhone)).toBe(
      phone,
    );
  });
});

test.describe('routes and validation', () => {
  test('unknown routes show the 404 page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await shot(page, 'routes-404');
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/index\/index$/);
  });

  test('a bad phone shows 手机号格式不正确 (mobile SMS login)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/touch/user/login?backUrl=%2Ftouch%2Findex');
    const sms = page.getByRole('form', { name: '短信登录' });
    await sms.locator('#f-sms-mobilePhone').fill('12345');
    await sms.getByRole('button', { name: '获取验证码' }).click();
    await expect(sms.getByText('手机号格式不正确')).toBeVisible();
    await sms.locator('#f-sms-mobilePhone').fill('');
    await sms.getByRole('button', { name: '登录' }).click();
    await expect(sms.getByText('请填写手机号')).toBeVisible();
    await shot(page, 'validation-mobile-phone');
  });

  test('the authorize page without a code', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/authorize');
    await expect(page.getByText('缺少 code 参数')).toBeVisible();
  });
});

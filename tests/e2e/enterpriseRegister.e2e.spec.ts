import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { PASSWORD, creditCode, failOnCspViolations, randomPhone, registerUser, shot, toast } from './helpers.ts';

/**
 * 企业注册 on both sites (/platform/enterpriseRegister, /touch/user/enterpriseRegister): every message
 * of the form, the code that needs the contact phone first and its 60 s countdown, success (signed in,
 * then home) and failure; the header's 注册 link reopening the dialog; a login without a stored
 * redirect landing on the home page. SMS codes come from the dev endpoint.
 */

const smsCode = async (request: APIRequestContext, phone: string) => {
  let code = '';
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/v1/uav/dev/sms/latest?phone=${phone}`)).json()) as {
          code: number;
          data?: { code?: string };
        };
        code = body.code === 20000 ? (body.data?.code ?? '') : '';
        return code;
      },
      { timeout: 15_000, message: `SMS code for ${phone}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
};

const emptyMessages = [
  '请输入企业名称',
  '请输入统一社会信用代码',
  '请输入被保险人名称',
  '请选择被保险人类型',
  '请输入邮箱',
  '请输入联系电话',
  '请输入验证码',
  '请输入密码',
  '请再次输入密码',
];

/** A field's own message, under that field. */
const fieldError = (form: Locator, id: string) => form.locator(`.bp6-form-group:has(#f-${id}) .fb-field-error`);

/** Every rule of the form with its message, then the code that needs the phone first. */
const checkMessages = async (page: Page, form: Locator, prefix: string) => {
  await form.getByRole('button', { name: '注册', exact: true }).click();
  // One message under each field, in the order of the form.
  await expect(form.locator('.fb-field-error')).toHaveText(emptyMessages);
  await shot(page, `${prefix}-empty`, { hideToasts: true });

  await form.locator('#f-companyName').fill('飞保测试企业');
  await form.locator('#f-creditCode').fill('91310000ma1fl0000x');
  await form.locator('#f-insuredName').fill('飞保测试企业');
  await form.locator('#f-insuredType').selectOption('1');
  await form.locator('#f-email').fill('corp@feibao');
  await form.locator('#f-contactPhone').fill('12912345678');
  await form.locator('#f-verifyCode').fill('123');
  await form.locator('#f-password').fill('abcdef');
  await form.locator('#f-confirmPassword').fill('abcdef');
  await form.getByRole('button', { name: '注册', exact: true }).click();
  await expect(fieldError(form, 'creditCode')).toHaveText('格式错误，请输入18位字符');
  await expect(fieldError(form, 'email')).toHaveText('邮箱格式错误');
  await expect(fieldError(form, 'contactPhone')).toHaveText('手机号格式错误');
  await expect(fieldError(form, 'verifyCode')).toHaveText('请输入6位数字验证码');
  await expect(fieldError(form, 'password')).toHaveText('密码为6-18位字母加数字');
  await shot(page, `${prefix}-formats`, { hideToasts: true });

  // Passwords are compared when the form is sent.
  await form.locator('#f-creditCode').fill(creditCode());
  await form.locator('#f-email').fill('corp@feibao.test');
  await form.locator('#f-contactPhone').fill('13912345678');
  await form.locator('#f-verifyCode').fill('123456');
  await form.locator('#f-password').fill('abc123');
  await form.locator('#f-confirmPassword').fill('abc124');
  await expect(form.locator('.fb-field-error')).toHaveCount(0);
  await form.getByRole('button', { name: '注册', exact: true }).click();
  await expect(fieldError(form, 'confirmPassword')).toHaveText('两次输入的密码不一致');
  await expect(form.locator('.fb-field-error')).toHaveCount(1);

  // A code needs the contact phone first.
  await form.locator('#f-contactPhone').fill('');
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(fieldError(form, 'contactPhone')).toHaveText('请先输入联系电话');
  await form.locator('#f-contactPhone').fill('1391234567');
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(fieldError(form, 'contactPhone')).toHaveText('手机号格式错误');
};

/** Fills a valid form for `phone` (the code left to the caller). */
const fillValid = async (form: Locator, phone: string, company: string) => {
  await form.locator('#f-companyName').fill(company);
  await form.locator('#f-creditCode').fill(creditCode());
  await form.locator('#f-insuredName').fill(company);
  await form.locator('#f-insuredType').selectOption('1');
  await form.locator('#f-email').fill(`e${phone}@example.com`);
  await form.locator('#f-contactPhone').fill(phone);
  await form.locator('#f-password').fill(PASSWORD);
  await form.locator('#f-confirmPassword').fill(PASSWORD);
};

/** The profile the new account has on the server. */
const profileOf = async (page: Page) => {
  const token = await page.evaluate(() => localStorage.getItem('feibao.accessToken'));
  expect(token).toBeTruthy();
  const res = await page.request.get('/api/v1/uav/user/getUserByUserName', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: Record<string, unknown> }).data;
};

test.beforeEach(async ({ page }) => {
  await failOnCspViolations(page);
});

test.describe('desktop 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every message, the code after the contact phone, 60 s countdown, then registered and back to the page that asked', async ({
    page,
  }) => {
    // A fake clock that runs on its own: the countdown is jumped over instead of waited for.
    await page.clock.install();
    await page.goto('/index/index');
    await page.locator('header.fb-header').getByRole('link', { name: '注册' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: '用户注册' })).toBeVisible();
    await dialog.getByRole('button', { name: '企业注册' }).click();
    await expect(page).toHaveURL(/\/platform\/enterpriseRegister$/);
    await expect(dialog).toBeHidden();
    const form = page.getByRole('form', { name: '企业注册' });
    await shot(page, 'enterprise-desktop-01-page');
    await checkMessages(page, form, 'enterprise-desktop-02');

    const phone = randomPhone();
    const company = `企业注册${phone.slice(-4)}`;
    await fillValid(form, phone, company);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送')).toBeVisible();
    const countdown = form.getByRole('button', { name: /^\d+秒后重试$/ });
    await expect(countdown).toHaveText(/^(60|59|58)秒后重试$/);
    await expect(countdown).toBeDisabled();
    await shot(page, 'enterprise-desktop-03-countdown');
    await page.clock.fastForward('00:30');
    await expect(countdown).toHaveText(/^(30|29|28)秒后重试$/);
    await page.clock.fastForward('00:31');
    await expect(form.getByRole('button', { name: '重新获取' })).toBeEnabled();

    await form.locator('#f-verifyCode').fill(await smsCode(page.request, phone));
    await shot(page, 'enterprise-desktop-04-filled', { hideToasts: true });
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/uav/user/register') && r.method() === 'POST');
    await form.getByRole('button', { name: '注册', exact: true }).click();
    const request = await sent;
    // The web app names itself with its access key; the form goes out under its own field names.
    expect(request.headers()['x-access-key']).toBe('feibao-web-2026');
    expect(request.postDataJSON()).toMatchObject({ companyName: company, contactPhone: phone, insuredType: 1 });
    await expect(toast(page, '注册成功')).toBeVisible();
    // Signed in, then back where the registration was asked for (the header link stored that address):
    // the profile shows what the form registered.
    await expect(page).toHaveURL(/\/platform\/userInformation\?from=register$/);
    await expect(page.locator('header.fb-header').getByText(company)).toBeVisible();
    await expect(page.getByRole('form', { name: '完善信息' }).locator('#f-enterpriseName')).toHaveValue(company);
    await shot(page, 'enterprise-desktop-05-registered');
    expect(await profileOf(page)).toMatchObject({
      mobilePhone: phone,
      enterpriseName: company,
      registerType: 2,
      theInsured: 1,
      insuredType: 1,
      profileComplete: true,
    });
  });

  test('failure: 注册失败，请重试 with the reason the server gives, or alone when it gives none; then registered and home', async ({
    page,
  }) => {
    const taken = await registerUser(page.request);
    await page.goto('/platform/enterpriseRegister');
    const form = page.getByRole('form', { name: '企业注册' });
    await fillValid(form, taken.phone, '重复手机号企业');
    await form.locator('#f-verifyCode').fill('123456');
    await form.getByRole('button', { name: '注册', exact: true }).click();
    await expect(form.getByRole('alert').filter({ hasText: '注册失败' })).toHaveText(
      '注册失败，请重试（该手机号已注册）',
    );
    await expect(toast(page, '注册失败，请重试（该手机号已注册）')).toBeVisible();
    await expect(page).toHaveURL(/\/platform\/enterpriseRegister$/);
    expect(await page.evaluate(() => localStorage.getItem('feibao.accessToken'))).toBeNull();
    await shot(page, 'enterprise-desktop-06-phone-taken');

    // The connection lost on the way: nothing to add to the message.
    await page.route('**/api/v1/uav/user/register', (route) => route.abort('connectionreset'));
    await form.locator('#f-contactPhone').fill(randomPhone());
    await form.getByRole('button', { name: '注册', exact: true }).click();
    await expect(form.getByRole('alert').filter({ hasText: '注册失败' })).toHaveText('注册失败，请重试');

    // Back on line, with a code: registered, and with no stored redirect the login step goes home.
    await page.unroute('**/api/v1/uav/user/register');
    const phone = randomPhone();
    await form.locator('#f-contactPhone').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.locator('#f-verifyCode').fill(await smsCode(page.request, phone));
    await form.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '注册成功')).toBeVisible();
    await expect(page).toHaveURL(/\/index\/index$/);
    await expect(page.locator('header.fb-header').getByText('重复手机号企业')).toBeVisible();
  });

  test('the header 注册 link opens the dialog at user information (from=register), and again after closing it', async ({
    page,
  }) => {
    await page.goto('/platform/guide');
    const header = page.locator('header.fb-header');
    await header.getByRole('link', { name: '注册' }).click();
    await expect(page).toHaveURL(/\/platform\/userInformation\?from=register$/);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: '用户注册' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // The same link on the same page: the dialog reopens.
    await header.getByRole('link', { name: '注册' }).click();
    await expect(dialog.getByRole('heading', { name: '用户注册' })).toBeVisible();
    await shot(page, 'enterprise-desktop-07-from-register');
  });

  test('a login with no stored redirect goes home; a stored one is honoured', async ({ page }) => {
    const account = await registerUser(page.request);
    await page.goto('/platform/guide');
    const header = page.locator('header.fb-header');
    await header.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#f-mobilePhone').fill(account.phone);
    await dialog.locator('#f-password').fill(PASSWORD);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '登录成功')).toBeVisible();
    await expect(page).toHaveURL(/\/index\/index$/);
    await expect(header.getByText(account.name)).toBeVisible();

    // A page that asked for the login keeps its address: the login comes back to it.
    await header.getByRole('button', { name: '退出登录' }).click();
    await expect(header.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await page.goto('/platform/orderInquiry');
    await expect(dialog.getByRole('heading', { name: '用户登录' })).toBeVisible();
    await dialog.locator('#f-mobilePhone').fill(account.phone);
    await dialog.locator('#f-password').fill(PASSWORD);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/platform\/orderInquiry$/);
  });
});

test.describe('mobile 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('every message, the code after the contact phone, then registered and home', async ({ page }) => {
    await page.goto('/touch/user/register');
    await page.getByRole('link', { name: '企业注册' }).click();
    await expect(page).toHaveURL(/\/touch\/user\/enterpriseRegister$/);
    await expect(page.getByRole('heading', { name: '企业注册' })).toBeVisible();
    const form = page.getByRole('form', { name: '企业注册' });
    await shot(page, 'enterprise-mobile-01-page');
    await checkMessages(page, form, 'enterprise-mobile-02');

    const phone = randomPhone();
    const company = `移动企业${phone.slice(-4)}`;
    await fillValid(form, phone, company);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码已发送')).toBeVisible();
    await expect(form.getByRole('button', { name: /^\d+秒后重试$/ })).toHaveText(/^(60|59|58|57)秒后重试$/);
    await shot(page, 'enterprise-mobile-03-countdown');
    await form.locator('#f-verifyCode').fill(await smsCode(page.request, phone));
    await form.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '注册成功')).toBeVisible();
    await expect(page).toHaveURL(/\/touch\/index$/);
    await expect(page.locator('.fb-m-user')).toHaveText(company);
    await shot(page, 'enterprise-mobile-04-registered');
    expect(await profileOf(page)).toMatchObject({ mobilePhone: phone, enterpriseName: company, registerType: 2 });
  });

  test('failure shows the reason; a mobile login without a back address goes to /touch/index', async ({ page }) => {
    const taken = await registerUser(page.request);
    await page.goto('/touch/user/enterpriseRegister');
    const form = page.getByRole('form', { name: '企业注册' });
    await fillValid(form, taken.phone, '重复手机号企业');
    await form.locator('#f-verifyCode').fill('123456');
    await form.getByRole('button', { name: '注册', exact: true }).click();
    await expect(form.getByRole('alert').filter({ hasText: '注册失败' })).toHaveText(
      '注册失败，请重试（该手机号已注册）',
    );
    await form.getByRole('alert').filter({ hasText: '注册失败' }).scrollIntoViewIfNeeded();
    await shot(page, 'enterprise-mobile-05-phone-taken', { hideToasts: true });

    await form.getByRole('link', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/touch\/user\/login$/);
    await page.getByRole('tab', { name: '账号登录' }).click();
    const login = page.getByRole('form', { name: '账号登录' });
    await login.locator('#f-acc-mobilePhone').fill(taken.phone);
    await login.locator('#f-acc-password').fill(PASSWORD);
    await login.getByRole('button', { name: '登录' }).click();
    await expect(toast(page, '登录成功')).toBeVisible();
    await expect(page).toHaveURL(/\/touch\/index$/);
  });
});

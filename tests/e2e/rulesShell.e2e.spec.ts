import { expect, test, type Page } from '@playwright/test';
import { adminCredentials, api, PASSWORD, passwordLogin, registerUser, shot, toast } from './helpers.ts';

/** The rule platform's frame (/rules): login, each role's menu, tags, settings, the drawer menu on a phone. */

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };

/** A registered account holding these rule-platform roles (granted by the admin). */
const accountWith = async (page: Page, roles: string[]) => {
  const admin = await passwordLogin(page.request, adminCredentials().mobilePhone, adminCredentials().password);
  const account = await registerUser(page.request);
  const granted = await api(page.request, admin, 'POST', '/backoffice/users/grantRoles', {
    mobilePhone: account.phone,
    roles,
    reason: '规则平台',
  });
  expect(granted.code, granted.message).toBe(20000);
  return account.phone;
};

const login = async (page: Page, phone: string, password: string) => {
  await page.goto('/rules/login');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('rules-app')).toBeVisible();
};

/** The menu as drawn: each group's title and its items' titles. */
const drawnMenu = (page: Page) =>
  page.getByTestId('rules-menu-group').evaluateAll((groups) =>
    groups.map((g) => {
      const title = g.querySelector('.rp-group-name')?.textContent ?? '';
      const items = [...g.querySelectorAll('[data-testid="rules-menu-item"]')].map((i) => i.textContent?.trim() ?? '');
      return `${title}: ${items.join(' ')}`;
    }),
  );

test.describe('rule platform frame, desktop', () => {
  test.use({ viewport: DESKTOP });

  test('sends anyone signed out to the login, and refuses a customer there', async ({ page }) => {
    await page.goto('/rules/ruleList');
    await expect(page).toHaveURL(/\/rules\/login\?redirect=%2Frules%2FruleList$/);
    await expect(page.getByTestId('rules-login')).toBeVisible();
    const customer = await registerUser(page.request);
    await page.getByLabel('手机号').fill(customer.phone);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByTestId('rules-login-problem')).toHaveText('该账号没有规则平台的权限，请联系管理员');
    expect(await page.evaluate(() => localStorage.getItem('feibao.rules.token'))).toBeNull();
  });

  test('admin sees all five groups, opens routes as tags, and keeps layout settings across reloads', async ({
    page,
  }) => {
    const { mobilePhone, password } = adminCredentials();
    await page.goto('/rules/ruleList');
    await page.getByLabel('手机号').fill(mobilePhone);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    // Back where the login was asked for.
    await expect(page).toHaveURL(/\/rules\/ruleList$/);
    await expect(page.getByTestId('rules-rule-list')).toContainText('规则列表');
    expect(await drawnMenu(page)).toEqual([
      '规则管理: 规则列表 阶段转换 我的场景 新增复合规则 规则池 规则案例 规则迁移',
      '规则测试: 我的批量测试 多批次测试详情',
      '审核列表: 新建申请 审核申请 我的申请 启用与统计',
      '规则配置: 关键字管理 险种启用限制 规则类型 规则来源 规则提示语 规则风险等级',
      '系统配置: 公司规则阶段合并',
    ]);
    await expect(page.locator('.rp-breadcrumbs')).toContainText('规则管理');

    // Tags: open three routes, close one, close the others, close all.
    const sidebar = page.getByTestId('rules-sidebar');
    await sidebar.getByText('规则池', { exact: true }).click();
    await sidebar.getByText('关键字管理', { exact: true }).click();
    await expect(page).toHaveURL(/\/rules\/keywordManage$/);
    const tags = page.getByTestId('rules-tag');
    await expect(tags).toHaveText(['首页', '规则列表', '规则池', '关键字管理']);
    await shot(page, 'desktop-rules-shell', { docs: true });
    await tags.filter({ hasText: '规则池' }).getByRole('button').click();
    await expect(tags).toHaveText(['首页', '规则列表', '关键字管理']);
    await tags.filter({ hasText: '规则列表' }).click({ button: 'right' });
    await page.getByTestId('rules-tag-menu').getByText('关闭其他').click();
    await expect(tags).toHaveText(['首页', '规则列表']);
    // The context menu fades out; the actions menu shares its test id.
    await expect(page.getByTestId('rules-tag-menu')).toHaveCount(0);
    await expect(page).toHaveURL(/\/rules\/ruleList$/);
    await page.getByTestId('rules-tags-actions').click();
    await page.getByTestId('rules-tag-menu').getByText('刷新').click();
    await expect(page.getByTestId('rules-rule-list')).toBeVisible();
    await expect(page.getByTestId('rules-tag-menu')).toHaveCount(0);
    await page.getByTestId('rules-tags-actions').click();
    await page.getByTestId('rules-tag-menu').getByText('关闭所有').click();
    await expect(tags).toHaveText(['首页']);
    await expect(page).toHaveURL(/\/rules\/dashboard$/);

    // Settings: tags view off and sidebar logo off, kept after a reload; collapse the sidebar.
    await page.getByTestId('rules-settings-open').click();
    await page.getByTestId('rules-settings').getByText('开启 Tags-View').click();
    await page.getByTestId('rules-settings').getByText('侧边栏 Logo').click();
    await page.getByRole('button', { name: '#0d8050' }).click();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByTestId('rules-app')).toBeVisible();
    await expect(page.getByTestId('rules-tags')).toHaveCount(0);
    await expect(page.getByTestId('rules-sidebar-logo')).toHaveCount(0);
    expect(
      await page.getByTestId('rules-app').evaluate((el) => getComputedStyle(el).getPropertyValue('--rp-theme').trim()),
    ).toBe('#0d8050');
    await page.getByTestId('rules-sidebar-toggle').click();
    await expect(page.getByTestId('rules-app')).toHaveClass(/rp-collapsed/);
    // Collapsed, a group is an icon whose routes pop out.
    await page.locator('[data-group="ruleConfig"]').hover();
    await page.locator('.bp6-popover-content').getByText('关键字管理', { exact: true }).click();
    await expect(page).toHaveURL(/\/rules\/keywordManage$/);
    await shot(page, 'desktop-rules-shell-collapsed');
    await page.getByTestId('rules-sidebar-toggle').click();
    await expect(page.getByTestId('rules-app')).toHaveClass(/rp-expanded/);

    // Fullscreen where the browser refuses it: a warning, not a failure.
    await page.evaluate(() =>
      Object.defineProperty(document, 'fullscreenEnabled', { value: false, configurable: true }),
    );
    await page.getByTestId('rules-fullscreen').click();
    await expect(toast(page, '您的浏览器不支持全屏')).toBeVisible();
  });

  test('a tester sees only the rule tests without batch test, and their applications; other routes are 403', async ({
    page,
  }) => {
    const phone = await accountWith(page, ['test']);
    await login(page, phone, PASSWORD);
    expect(await drawnMenu(page)).toEqual(['规则测试: 我的批量测试 多批次测试详情', '审核列表: 新建申请 我的申请']);
    await page.goto('/rules/ruleList');
    await expect(page.getByTestId('rules-forbidden')).toContainText('403');
    await page.goto('/rules/batchTest/null');
    await expect(page.getByTestId('rules-forbidden')).toBeVisible();
    // Testers draft nothing: their applications are empty without asking the staff-only list.
    await page.goto('/rules/newApplication');
    await expect(page.getByTestId('rules-new-application')).toContainText('您的角色不能起草或审核规则版本');
  });

  test('a batch tester sees the batch test', async ({ page }) => {
    const phone = await accountWith(page, ['batchTest']);
    await login(page, phone, PASSWORD);
    expect(await drawnMenu(page)).toEqual(['规则测试: 批量测试', '审核列表: 新建申请 我的申请']);
    await page.getByTestId('rules-sidebar').getByText('批量测试', { exact: true }).click();
    await expect(page).toHaveURL(/\/rules\/batchTest\/null$/);
    await expect(page.getByTestId('rules-batch-test')).toContainText('批量测试');
  });

  test('an ended session opens the re-login prompt, which signs in again', async ({ page }) => {
    const phone = await accountWith(page, ['auditor']);
    await login(page, phone, PASSWORD);
    const token = await page.evaluate(() => localStorage.getItem('feibao.rules.token'));
    // The session ends elsewhere (logout from another tab); the next call is answered 50012.
    await page.request.post('/api/v1/uav/user/logout', { headers: { 'X-Token': token! }, data: {} });
    await page.reload();
    await expect(page.getByTestId('rules-relogin')).toHaveText('账号已退出或在别处登录，请重新登录');
    await page.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(/\/rules\/login\?redirect=/);
  });
});

test.describe('rule platform frame, phone', () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true });

  test('the menu is a drawer below 992 px', async ({ page }) => {
    const phone = await accountWith(page, ['admin', 'batchTest']);
    await login(page, phone, PASSWORD);
    await expect(page.getByTestId('rules-sidebar')).toHaveCount(0);
    await page.getByTestId('rules-sidebar-toggle').click();
    const drawer = page.locator('.rp-drawer');
    await expect(drawer).toBeVisible();
    expect(await drawnMenu(page)).toHaveLength(5);
    await expect(drawer.getByText('批量测试', { exact: true })).toBeVisible();
    await shot(page, 'mobile-rules-shell', { docs: true });
    await drawer.getByText('我的申请', { exact: true }).click();
    await expect(page).toHaveURL(/\/rules\/myApplication$/);
    await expect(drawer).toHaveCount(0);
    await expect(page.getByTestId('rules-my-application')).toContainText('我的申请');
    // The breadcrumb keeps to one line: home, then the page (its group is left out on a phone).
    const crumbs = page.locator('.rp-breadcrumbs');
    const home = (await crumbs.getByText('首页').boundingBox())!;
    const current = (await crumbs.getByText('我的申请').boundingBox())!;
    expect(Math.abs(current.y - home.y), 'the page name sits on the same line as 首页').toBeLessThan(4);
    await expect(crumbs.getByText('审核列表')).toBeHidden();
  });
});

import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generalApplication, trainingApplication } from '@feibao/domain/ordering/fixtures';
import { RulesRoutes } from '@feibao/domain/rules/menu';
import {
  adminCredentials,
  api,
  completeClaimForm,
  failOnCspViolations,
  passwordLogin,
  policyInForce,
  registerUser,
  rulesLogin,
  shot,
  type Account,
  type Policy,
} from './helpers.ts';
import { ACCESSIBILITY_ROUTES, type AccessibilityRow } from '../../bench/lighthouse.ts';

/**
 * Accessibility (docs/accessibility.md): every route of the desktop site (1280×800) and the mobile
 * site (375×812), and the main dialogs, scanned with axe-core (WCAG 2.0/2.1 A and AA, best practices)
 * as a visitor where the page is public and as a customer with real data where it needs one (an order
 * in force with its quotes and a claim, a draft filling every section of the insure form). A serious
 * or critical violation fails the test, printed with its rule, target and help. Dialogs must take the
 * focus when they open and give it back to what opened them when they close.
 * One browser context per size, signed in by writing the session where the app keeps it.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

type Site = 'desktop' | 'mobile';
type Who = 'visitor' | 'customer' | 'admin';
/** What the pages are filled with (made once, up front, through the API). */
type Order = { id: string; orderNo: string };
type Data = { policy: Policy; quoted: Order; draft: Order; trainingDraft: Order; claim: string };

type A11yRoute = {
  site: Site;
  /** The address; a function when it needs the data's ids (or data of its own, made when the route is scanned). */
  path: string | ((d: Data) => string | Promise<string>);
  as: Who;
  /** What shows once the page has its content: the scan waits for it. */
  ready: (page: Page) => Locator;
  /** A screenshot of the page as scanned (tests/artifacts/screenshots/a11y-<name>.png). */
  shot?: string;
};

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name, level: 1 });
const text = (value: string | RegExp) => (page: Page) => page.getByText(value).first();
const claimRow = (page: Page) => page.getByTestId('claim-row').first();
/** A premium cell still waiting for its insurer (报价中, 待核保人工报价). */
const quoteStatus = (page: Page) => page.locator('.fb-quote-status').first();

/**
 * Every route of both sites. A new page gets a line here (the lead adds the pages being built beside
 * this one: enterprise registration, invoices).
 */
const A11Y_ROUTES: A11yRoute[] = [
  // ---- desktop, signed out
  { site: 'desktop', path: '/index/index', as: 'visitor', ready: text('机身险与责任险承保公司') },
  { site: 'desktop', path: '/login/index', as: 'visitor', ready: heading('用户登录') },
  { site: 'desktop', path: '/platform/guide', as: 'visitor', ready: text('我是…') },
  { site: 'desktop', path: '/platform/orderInquiry', as: 'visitor', ready: text('请先登录') },
  { site: 'desktop', path: '/401', as: 'visitor', ready: text('401') },
  { site: 'desktop', path: '/404', as: 'visitor', ready: text('404') },
  { site: 'desktop', path: '/authorize', as: 'visitor', ready: heading('缺少 code 参数') },
  { site: 'desktop', path: '/platform/enterpriseRegister', as: 'visitor', ready: heading('企业注册') },
  // ---- desktop, a customer with an order in force, its quotes, a claim and drafts
  { site: 'desktop', path: '/index/index', as: 'customer', ready: text('机身险与责任险承保公司') },
  { site: 'desktop', path: '/platform/userInformation', as: 'customer', ready: heading('完善信息') },
  {
    site: 'desktop',
    path: (d) => `/platform/insure?type=0&id=${d.draft.id}`,
    as: 'customer',
    ready: text('飞行信息'),
    shot: 'insure',
  },
  {
    site: 'desktop',
    path: (d) => `/platform/insure?type=1&id=${d.trainingDraft.id}`,
    as: 'customer',
    ready: text('场地信息'),
  },
  {
    site: 'desktop',
    path: (d) => `/platform/supportConcept?type=0&id=${d.policy.orderId}`,
    as: 'customer',
    ready: text('保费来自本版本模拟的保险公司费率'),
    shot: 'plan',
  },
  {
    site: 'desktop',
    path: (d) => `/platform/supportConcept?type=0&id=${d.quoted.id}`,
    as: 'customer',
    ready: text('保费来自本版本模拟的保险公司费率'),
  },
  {
    site: 'desktop',
    path: async () => `/platform/supportConcept?type=0&id=${(await beingQuoted()).id}`,
    as: 'customer',
    ready: quoteStatus,
  },
  {
    site: 'desktop',
    path: '/platform/orderInquiry',
    as: 'customer',
    ready: (page) => page.getByTestId('order-apply-claim').first(),
    shot: 'order-list',
  },
  { site: 'desktop', path: '/platform/applyForCompensation', as: 'customer', ready: claimRow },
  { site: 'desktop', path: '/platform/invoice', as: 'customer', ready: heading('我的发票') },
  { site: 'desktop', path: '/settlementOfClaim/index', as: 'customer', ready: claimRow },
  {
    site: 'desktop',
    path: (d) => `/platform/report?create=true&id=${d.claim}`,
    as: 'customer',
    ready: (page) => page.getByTestId('report-head'),
  },
  {
    site: 'desktop',
    path: (d) => `/platform/report?show=true&id=${d.claim}`,
    as: 'customer',
    ready: (page) => page.getByTestId('report-head'),
  },
  // ---- mobile, signed out
  { site: 'mobile', path: '/touch/index', as: 'visitor', ready: text('机身险与责任险承保公司') },
  { site: 'mobile', path: '/touch/user/login', as: 'visitor', ready: heading('用户登录') },
  { site: 'mobile', path: '/touch/user/register', as: 'visitor', ready: heading('用户注册') },
  { site: 'mobile', path: '/touch/user/passwordReset', as: 'visitor', ready: heading('重置密码') },
  { site: 'mobile', path: '/touch/user/enterpriseRegister', as: 'visitor', ready: heading('企业注册') },
  { site: 'mobile', path: '/touch/userInformation', as: 'visitor', ready: heading('完善信息') },
  { site: 'mobile', path: '/touch/guide', as: 'visitor', ready: text('我是…') },
  { site: 'mobile', path: '/touch/insure?stepType=1', as: 'visitor', ready: text('教育培训：请选择需要的保障') },
  // ---- mobile, the customer
  { site: 'mobile', path: '/touch/index', as: 'customer', ready: text('机身险与责任险承保公司') },
  { site: 'mobile', path: '/touch/userInformation', as: 'customer', ready: heading('完善信息') },
  {
    site: 'mobile',
    path: (d) => `/touch/insure?type=0&id=${d.draft.id}`,
    as: 'customer',
    ready: text('飞行信息'),
    shot: 'insure',
  },
  {
    site: 'mobile',
    path: (d) => `/touch/insure?type=1&id=${d.trainingDraft.id}`,
    as: 'customer',
    ready: text('场地信息'),
  },
  {
    site: 'mobile',
    path: (d) => `/touch/supportConcept?type=0&id=${d.policy.orderId}`,
    as: 'customer',
    ready: text('保费来自本版本模拟的保险公司费率'),
    shot: 'plan',
  },
  {
    site: 'mobile',
    path: (d) => `/touch/supportConcept?type=0&id=${d.quoted.id}`,
    as: 'customer',
    ready: text('保费来自本版本模拟的保险公司费率'),
  },
  {
    site: 'mobile',
    path: async () => `/touch/supportConcept?type=0&id=${(await beingQuoted()).id}`,
    as: 'customer',
    ready: quoteStatus,
  },
  {
    site: 'mobile',
    path: '/touch/orderInquiry',
    as: 'customer',
    ready: (page) => page.getByTestId('order-apply-claim').first(),
    shot: 'order-list',
  },
  { site: 'mobile', path: '/touch/applyForCompensation', as: 'customer', ready: claimRow },
  { site: 'mobile', path: '/touch/invoice', as: 'customer', ready: heading('我的发票') },
  { site: 'mobile', path: '/touch/settlementOfClaim', as: 'customer', ready: claimRow },
  {
    site: 'mobile',
    path: (d) => `/touch/report?create=true&id=${d.claim}`,
    as: 'customer',
    ready: (page) => page.getByTestId('report-head'),
  },
  {
    site: 'mobile',
    path: (d) => `/touch/report?show=true&id=${d.claim}`,
    as: 'customer',
    ready: (page) => page.getByTestId('report-head'),
  },
  // ---- staff: the back office (desktop)
  { site: 'desktop', path: '/backoffice/quotes', as: 'admin', ready: heading('报价工作台') },
  { site: 'desktop', path: '/backoffice/claims', as: 'admin', ready: heading('理赔工作台') },
  { site: 'desktop', path: '/backoffice/ops', as: 'admin', ready: heading('运维控制台') },
  { site: 'desktop', path: '/backoffice/audit', as: 'admin', ready: heading('审计查询') },
  { site: 'desktop', path: (d) => `/backoffice/audit/order/${d.policy.orderId}`, as: 'admin', ready: text('变更记录') },
  { site: 'desktop', path: '/backoffice/users', as: 'admin', ready: heading('用户与角色') },
  { site: 'desktop', path: '/backoffice/invoices', as: 'admin', ready: heading('发票') },
];

/** The rule platform's routes (its own entry, /rules/…), scanned signed in as the admin. */
const RULES_ROUTES: string[] = ['dashboard', ...RulesRoutes];

const SIZES: Record<Site, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
};

// ---- the data --------------------------------------------------------------------------------

let apiContext: APIRequestContext;
let customer: Account;
let admin: Account;
let data: Promise<Data>;

const saveDraft = async (account: Account, form: Record<string, unknown>): Promise<Order> => {
  const saved = await api<Order>(apiContext, account, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  return { id: saved.data.id, orderNo: saved.data.orderNo };
};

/** An order asked for quotes: its plan page shows the insurers' answers as they come. */
const inquired = async (account: Account, patch: Record<string, unknown> = {}) => {
  const form = { ...generalApplication(), ...patch };
  const order = await saveDraft(account, form);
  const inquiry = await api(apiContext, account, 'POST', '/order/inquiryPrice', { ...form, id: order.id });
  expect(inquiry.code, inquiry.message).toBe(20000);
  // The browser holds no consistency token of this write: the read side must have it before a page asks.
  await expect
    .poll(
      async () =>
        (await api<{ state: number }>(apiContext, account, 'GET', `/order/orderDetails?id=${order.id}`)).data?.state,
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(1);
  return order;
};

/**
 * An order still being quoted (it can be revoked), made when needed: a drone above 500 000 yuan goes to
 * the insurers' underwriters, which keeps the order in that state for a few simulated working days.
 */
const beingQuoted = () =>
  inquired(customer, {
    uavInfoList: [{ ...(generalApplication().uavInfoList as Record<string, unknown>[])[0], price: 600_000 }],
  });

/** A claim on the policy with every section filled in (saved, not submitted: the report opens in create mode). */
const claimOn = async (account: Account, policy: Policy) => {
  const created = await api<string>(
    apiContext,
    account,
    'GET',
    `/claim/settlement/createClaimSettlement?orderId=${policy.orderId}&userName=${account.phone}`,
  );
  expect(created.code, created.message).toBe(20000);
  const saved = await api(apiContext, account, 'POST', '/claim/settlement/save', completeClaimForm(created.data));
  expect(saved.code, saved.message).toBe(20000);
  return created.data;
};

test.beforeAll(async () => {
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  const { mobilePhone, password } = adminCredentials();
  admin = await passwordLogin(apiContext, mobilePhone, password);
  // The policy takes a few simulated working days: the visitor pages are scanned meanwhile.
  data = (async () => {
    const [policy, quoted, draft, trainingDraft] = await Promise.all([
      policyInForce(apiContext, customer),
      inquired(customer),
      saveDraft(customer, generalApplication()),
      saveDraft(customer, trainingApplication()),
    ]);
    return { policy, quoted, draft, trainingDraft, claim: await claimOn(customer, policy) };
  })();
  data.catch(() => undefined);
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

// ---- scanning --------------------------------------------------------------------------------

/** The session of `who` in the page's storage (as a login leaves it); the next navigation uses it. */
const actAs = async (page: Page, who: Who) => {
  const account = who === 'customer' ? customer : who === 'admin' ? admin : null;
  await page.evaluate(
    (a) => {
      localStorage.clear();
      sessionStorage.clear();
      if (!a) return;
      localStorage.setItem('feibao.accessToken', a.accessToken);
      localStorage.setItem('feibao.userInfo', JSON.stringify(a.user));
    },
    // No refresh token: the two sizes' contexts (and Lighthouse) share the session, and a refresh in
    // one would rotate the token under the others. The access token outlives the spec.
    account && { accessToken: account.accessToken, user: account.user },
  );
};

type Finding = { id: string; impact: string; help: string; helpUrl: string; targets: string[]; summary: string };

/** axe on the page as it is now: every finding, the failing ones first. */
const scan = async (page: Page): Promise<Finding[]> => {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(0, 3).join(' '),
    }))
    .sort((a, b) => Number(FAILING_IMPACTS.has(b.impact)) - Number(FAILING_IMPACTS.has(a.impact)));
};

const describeFindings = (where: string, findings: Finding[]) =>
  findings
    .map(
      (f) =>
        `${where}: [${f.impact}] ${f.id} — ${f.help}\n    ${f.targets.slice(0, 6).join('\n    ')}${f.targets.length > 6 ? `\n    … ${f.targets.length - 6} more` : ''}\n    ${f.summary}\n    ${f.helpUrl}`,
    )
    .join('\n');

/** Scans and fails (softly: every route is still scanned) on a serious or critical violation. */
const expectAccessible = async (page: Page, where: string) => {
  const findings = await scan(page);
  const failing = findings.filter((f) => FAILING_IMPACTS.has(f.impact));
  const minor = findings.filter((f) => !FAILING_IMPACTS.has(f.impact));
  if (minor.length) console.log(describeFindings(where, minor));
  expect
    .soft(failing.length, `serious or critical accessibility violations\n${describeFindings(where, failing)}`)
    .toBe(0);
};

const newSitePage = async (browser: Browser, site: Site): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    viewport: SIZES[site],
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ...(site === 'mobile' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  await failOnCspViolations(page);
  await page.goto(site === 'desktop' ? '/404' : '/touch/index');
  return { context, page };
};

/**
 * No request of the page still running and no spinner left (but a premium cell's, which turns while its
 * insurer has not answered): the scan sees the settled page.
 */
const settled = async (page: Page) => {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .bp6-spinner:not(.fb-quote-status *), .fb-page-loading')).toHaveCount(0, {
    timeout: 15_000,
  });
};

for (const site of ['desktop', 'mobile'] as const) {
  test(`${site} ${SIZES[site].width}×${SIZES[site].height}: every route passes axe with no serious or critical violation`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const { context, page } = await newSitePage(browser, site);
    let who: Who | null = null;
    for (const route of A11Y_ROUTES.filter((r) => r.site === site)) {
      const path = typeof route.path === 'string' ? route.path : await route.path(await data);
      await test.step(`${route.as} ${path}`, async () => {
        if (who !== route.as) {
          await actAs(page, route.as);
          who = route.as;
        }
        await page.goto(path);
        // Soft: a page that never shows its content is reported, and the other routes are still scanned.
        const shown = await route
          .ready(page)
          .waitFor({ state: 'visible', timeout: 20_000 })
          .then(
            () => true,
            () => false,
          );
        expect.soft(shown, `${site} ${path}: the page never showed ${route.ready(page)}`).toBe(true);
        if (!shown) return;
        await settled(page);
        await expectAccessible(page, `${site} ${route.as} ${path}`);
        if (route.shot) await shot(page, `a11y-${site}-${route.shot}`);
      });
    }
    await context.close();
  });
}

/** No overlay still fading in or out: colours are measured at their final values. */
const overlaysSettled = (page: Page) =>
  expect(page.locator('[class*="-appear-active"], [class*="-enter-active"], [class*="-exit-active"]')).toHaveCount(0);

for (const site of ['desktop', 'mobile'] as const) {
  const { width, height } = SIZES[site];
  test(`rule platform ${width}×${height}: its login and every route pass axe with no serious or critical violation`, async ({
    browser,
  }) => {
    // Twenty-two routes, each settled and scanned: alone about a minute, three or more when the shared
    // platform also serves the other worker's specs on a two-core machine.
    test.setTimeout(300_000);
    const { context, page } = await newSitePage(browser, site);
    await page.goto('/rules/login');
    await expect(page.getByLabel('手机号')).toBeVisible();
    await expectAccessible(page, `rules ${site} /rules/login`);
    await rulesLogin(page);
    if (site === 'mobile') {
      // Below 992 px the menu is a drawer over the page.
      await test.step('the menu drawer', async () => {
        await page.getByTestId('rules-sidebar-toggle').click();
        await expect(page.locator('.rp-drawer')).toBeVisible();
        await overlaysSettled(page);
        await expectAccessible(page, 'rules mobile menu drawer');
        await page.keyboard.press('Escape');
        await expect(page.locator('.rp-drawer')).toHaveCount(0);
      });
    }
    for (const route of RULES_ROUTES) {
      await test.step(`/rules/${route}`, async () => {
        await page.goto(`/rules/${route}`);
        await expect(page.getByTestId('rules-app')).toBeVisible();
        await settled(page);
        await expectAccessible(page, `rules ${site} /rules/${route}`);
      });
    }
    await context.close();
  });
}

// ---- dialogs ---------------------------------------------------------------------------------

/**
 * A dialog opened by clicking `opener`: it takes the focus, passes axe while open, and gives the focus
 * back to `opener` once `close` has closed it.
 */
const checkDialog = async (
  page: Page,
  where: string,
  opener: Locator,
  dialog: Locator,
  close: (dialog: Locator) => Promise<void>,
  /** Where the focus belongs after closing when the opener itself is gone (a menu's item): the menu's button. */
  returnTo: Locator = opener,
) => {
  await test.step(where, async () => {
    await opener.click();
    await expect(dialog).toBeVisible();
    await overlaysSettled(page);
    expect
      .soft(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        `${where}: the focus moved into the open dialog`,
      )
      .toBe(true);
    await expectAccessible(page, where);
    await shot(page, `a11y-${where.replace(/\s+/g, '-')}`);
    await close(dialog);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await overlaysSettled(page);
    await expect.soft(returnTo, `${where}: the focus went back to what opened the dialog`).toBeFocused();
  });
};

const pressEscape = (dialog: Locator) => dialog.page().keyboard.press('Escape');
const button = (name: string) => (dialog: Locator) => dialog.getByRole('button', { name, exact: true }).click();

for (const site of ['desktop', 'mobile'] as const) {
  test(`${site} ${SIZES[site].width}×${SIZES[site].height}: dialogs take the focus, give it back and pass axe`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { context, page } = await newSitePage(browser, site);
    const home = site === 'desktop' ? '/index/index' : '/touch/index';
    const p = site === 'desktop' ? '/platform' : '/touch';
    const dialogNamed = (name: string) => page.getByRole('dialog', { name });

    await actAs(page, 'visitor');
    if (site === 'desktop') {
      await page.goto(home);
      const login = page.locator('header.fb-header').getByRole('button', { name: '登录', exact: true });
      await checkDialog(page, 'desktop 登录 dialog', login, dialogNamed('用户登录'), pressEscape);
      // The same dialog switched to registration, then to the password reset.
      await checkDialog(page, 'desktop 注册 dialog', login, dialogNamed('用户登录'), async (d) => {
        await d.getByRole('button', { name: '注册账号' }).click();
        await expect(dialogNamed('用户注册')).toBeVisible();
        await overlaysSettled(page);
        await expectAccessible(page, 'desktop 注册 dialog');
        await dialogNamed('用户注册').getByRole('button', { name: '去登录' }).click();
        await d.getByRole('button', { name: '忘记密码？' }).click();
        await expect(dialogNamed('重置密码')).toBeVisible();
        await expectAccessible(page, 'desktop 重置密码 dialog');
        await page.keyboard.press('Escape');
      });
    } else {
      await page.goto(home);
      const menu = page.getByRole('button', { name: '菜单' });
      await checkDialog(page, 'mobile menu drawer', menu, dialogNamed('飞保菜单'), pressEscape);
    }

    // 专属顾问联系您: the guide's specialist contact.
    await page.goto(`${p}/guide`);
    await page.getByRole('button', { name: /制造研发企业/ }).click();
    await checkDialog(
      page,
      `${site} contact dialog`,
      page.getByRole('button', { name: '产品责任' }),
      dialogNamed('专属顾问联系您'),
      button('返回'),
    );

    await actAs(page, 'customer');
    if (site === 'desktop') {
      await page.goto(home);
      const userMenu = page.locator('header.fb-header').getByRole('button', { name: customer.name });
      await userMenu.click();
      const menuItem = page.getByRole('menuitem', { name: '完善信息' });
      await expect(menuItem).toBeVisible();
      await checkDialog(page, 'desktop 完善信息 dialog', menuItem, dialogNamed('完善信息'), button('取消'), userMenu);
    }

    // 撤销询价 on the order list, on an order still being quoted.
    const quoting = await beingQuoted();
    await page.goto(`${p}/orderInquiry`);
    const row = page.locator(`[data-order="${quoting.orderNo}"]`);
    await expect(row).toBeVisible();
    await checkDialog(
      page,
      `${site} 撤销询价 dialog`,
      row.getByRole('button', { name: '撤销' }),
      dialogNamed('撤销询价'),
      button('取消'),
    );

    await context.close();
  });
}

// ---- Lighthouse ------------------------------------------------------------------------------

const execFileAsync = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

test('Lighthouse accessibility is 100 on both landing pages, insure forms and order lists', async () => {
  test.setTimeout(180_000);
  // The customer's orders are in the list by now (the drafts are saved before the policy is in force).
  await data;
  const session = { 'feibao.accessToken': customer.accessToken, 'feibao.userInfo': JSON.stringify(customer.user) };
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', 'bench/lighthouse.ts', 'accessibility', process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000'],
    {
      cwd: repoRoot,
      env: { ...process.env, LIGHTHOUSE_SESSION: JSON.stringify(session) },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const rows = JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as AccessibilityRow[];
  expect(rows.map((r) => r.route)).toEqual(ACCESSIBILITY_ROUTES.map((r) => r.path));
  for (const row of rows) {
    const failing = row.failing
      .map((a) => `  ${a.id} — ${a.title}\n    ${a.items.slice(0, 6).join('\n    ')}`)
      .join('\n');
    console.log(
      `Lighthouse accessibility ${row.score} on ${row.route} (${row.preset})${failing ? `\n${failing}` : ''}`,
    );
    expect.soft(row.score, `Lighthouse accessibility on ${row.route} (${row.preset})\n${failing}`).toBe(100);
  }
});

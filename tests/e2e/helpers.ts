import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generalApplication } from '@feibao/domain/ordering/fixtures';

/** Shared helpers of the ordering e2e tests: accounts through the API, toasts, screenshots. */

export const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
export const randomPhone = () => `13${randomDigits(9)}`;
export const creditCode = () => `9131${randomDigits(10)}MA${randomDigits(2)}`;
export const PASSWORD = 'Feibao2025';

export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.bp6-toast').filter({ hasText: text });

const artifactsDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const docsDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
mkdirSync(artifactsDir, { recursive: true });

/**
 * A screenshot in the test artifacts; with docs=true and E2E_DOC_SCREENSHOTS=1 also under
 * docs/screenshots (the committed ones listed in docs/screenshots.md).
 */
export const shot = async (
  page: Page,
  name: string,
  opts: { docs?: boolean; fullPage?: boolean; hideToasts?: boolean } = {},
) => {
  // Hidden through the element's style object, which the page's Content-Security-Policy allows
  // (an inline <style>, even Playwright's screenshot `style`, is refused by it).
  const toasts = page.locator('.bp6-toast-container');
  const setVisibility = (value: string) =>
    toasts.evaluateAll((elements, v) => {
      for (const element of elements) (element as HTMLElement).style.visibility = v;
    }, value);
  if (opts.hideToasts) await setVisibility('hidden');
  await page.screenshot({ path: `${artifactsDir}${name}.png`, fullPage: opts.fullPage ?? false });
  if (opts.docs && process.env.E2E_DOC_SCREENSHOTS === '1') {
    mkdirSync(docsDir, { recursive: true });
    await page.screenshot({ path: `${docsDir}${name}.png`, fullPage: opts.fullPage ?? false });
  }
  if (opts.hideToasts) await setVisibility('');
};

/** A documentation screenshot without the toasts of the steps before it. */
export const docShot = (page: Page, name: string) => shot(page, name, { docs: true, hideToasts: true });

type Env<T> = { code: number; message: string; data: T };

const smsCode = async (request: APIRequestContext, phone: string): Promise<string> => {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/uav/dev/sms/latest?phone=${phone}`);
        if (!res.ok()) return '';
        const body = (await res.json()) as Env<{ code?: string }>;
        code = body.code === 20000 ? (body.data?.code ?? '') : '';
        return code;
      },
      { timeout: 15_000, message: `SMS code for ${phone}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
};

export type Account = {
  phone: string;
  name: string;
  accessToken: string;
  refreshToken: string | null;
  user: unknown;
  guest?: boolean;
};

/** A guest session (no credentials), as the header's 访客登录 makes one. */
export const guestAccount = async (request: APIRequestContext): Promise<Account> => {
  const res = await request.post('/api/v1/uav/user/guest', { data: {} });
  const body = (await res.json()) as Env<{ accessToken: string; refreshToken?: string; user?: unknown }>;
  expect(body.code, body.message).toBe(20000);
  return {
    phone: '',
    name: '访客',
    accessToken: body.data.accessToken,
    refreshToken: body.data.refreshToken ?? null,
    user: body.data.user,
    guest: true,
  };
};

/** Registers a person through the API (SMS code from the dev endpoint); profile=true completes the company profile. */
export const registerUser = async (request: APIRequestContext, opts: { profile?: boolean } = {}): Promise<Account> => {
  const phone = randomPhone();
  const name = `投保${phone.slice(-4)}`;
  const send = await request.get(`/api/v1/uav/user/phone?phone=${phone}&purpose=register`);
  expect(((await send.json()) as Env<unknown>).code).toBe(20000);
  const identifyingCode = await smsCode(request, phone);
  const res = await request.post('/api/v1/uav/user/register', {
    data: { registerType: 1, name, mobilePhone: phone, password: PASSWORD, confirmPassword: PASSWORD, identifyingCode },
  });
  const body = (await res.json()) as Env<{ accessToken: string; refreshToken?: string; user?: unknown }>;
  expect(body.code, body.message).toBe(20000);
  const account: Account = {
    phone,
    name,
    accessToken: body.data.accessToken,
    refreshToken: body.data.refreshToken ?? null,
    user: body.data.user ?? { name, mobilePhone: phone, roles: ['user'] },
  };
  if (opts.profile) {
    const upd = await request.post('/api/v1/uav/user/update', {
      headers: { Authorization: `Bearer ${account.accessToken}` },
      data: {
        enterpriseName: `飞保测试企业${phone.slice(-4)}`,
        phone,
        email: `u${phone}@example.com`,
        address: '310000',
        unifiedSocialCreditCode: creditCode(),
        insuredType: 1,
        theInsured: 1,
      },
    });
    const u = (await upd.json()) as Env<unknown>;
    expect(u.code, u.message).toBe(20000);
  }
  return account;
};

const watchedForCsp = new WeakSet<Page>();
/**
 * The edge serves the app under a strict Content-Security-Policy (services/edge/src/securityHeaders.ts):
 * anything it blocks (an inline script, an eval, a foreign style) fails the test that loaded the page,
 * instead of passing unseen. Chromium logs violations outside the page's console, so the page reports them.
 */
export const failOnCspViolations = async (page: Page) => {
  if (watchedForCsp.has(page)) return;
  watchedForCsp.add(page);
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `[csp] ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    ),
  );
  page.on('console', (message) => {
    if (message.text().startsWith('[csp] ')) expect.soft(message.text(), 'Content-Security-Policy violation').toBe('');
  });
};

/** Puts the account's session in the browser's storage (as a login would) before the app loads. */
export const signIn = async (page: Page, account: Account) => {
  await failOnCspViolations(page);
  await page.addInitScript(
    ([token, refresh, user, guest]) => {
      if (sessionStorage.getItem('e2e.signedIn')) return;
      sessionStorage.setItem('e2e.signedIn', '1');
      localStorage.setItem('feibao.accessToken', token as string);
      if (refresh) localStorage.setItem('feibao.refreshToken', refresh as string);
      localStorage.setItem('feibao.userInfo', JSON.stringify(user));
      if (guest) localStorage.setItem('feibao.guest', 'guest');
    },
    [account.accessToken, account.refreshToken, account.user, Boolean(account.guest)] as const,
  );
};

/** Calls the API as the account. */
/**
 * 投保前阅读确认 (docs/api/disclosure.md) through the API, as the cover plan's dialog does: the texts a buyer from
 * this insurer reads, confirmed at their versions in force. 投保 is refused until this is done.
 */
export const confirmTermsByApi = async (
  request: APIRequestContext,
  account: Account,
  orderId: string,
  insurerId: number,
) => {
  type Texts = { texts: { kind: string; coverId: number | null; version: number }[] };
  const terms = await api<Texts>(
    request,
    account,
    'GET',
    `/order/purchaseTerms?id=${orderId}&insuranceCompanyId=${insurerId}`,
  );
  expect(terms.code, terms.message).toBe(20000);
  const texts = terms.data.texts.map(({ kind, coverId, version }) => ({ kind, coverId, version }));
  const confirmed = await api(request, account, 'POST', '/order/purchaseTerms/confirm', {
    id: orderId,
    insuranceCompanyId: insurerId,
    texts,
  });
  expect(confirmed.code, confirmed.message).toBe(20000);
};

/**
 * After 投保 on the cover plan: the texts open in a dialog (a full-screen drawer on a phone); the required tick,
 * then 确认投保, which records the confirmation and buys (docs/api/disclosure.md).
 */
export const readAndConfirmTerms = async (page: Page) => {
  const terms = page.getByTestId('terms-list');
  await expect(terms).toBeVisible();
  // Blueprint's indicator lies over the input: the label is what a person clicks.
  const agree = page.getByTestId('terms-agree');
  await agree.locator('xpath=ancestor::label[1]').click();
  await expect(agree).toBeChecked();
  await page.getByTestId('terms-confirm').click();
};

export const api = async <T>(
  request: APIRequestContext,
  account: Account,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) => {
  const res =
    method === 'GET'
      ? await request.get(`/api/v1/uav${path}`, { headers: { Authorization: `Bearer ${account.accessToken}` } })
      : await request.post(`/api/v1/uav${path}`, { headers: { Authorization: `Bearer ${account.accessToken}` }, data });
  return (await res.json()) as Env<T>;
};

/** Replaces the session in an open page (after signIn): the next navigation runs as `account`. */
export const switchAccount = async (page: Page, account: Account) => {
  await page.evaluate(
    ([token, refresh, user]) => {
      localStorage.clear();
      sessionStorage.setItem('e2e.signedIn', '1');
      localStorage.setItem('feibao.accessToken', token as string);
      if (refresh) localStorage.setItem('feibao.refreshToken', refresh as string);
      localStorage.setItem('feibao.userInfo', JSON.stringify(user));
    },
    [account.accessToken, account.refreshToken, account.user] as const,
  );
};

/** Signs in with a password through the API (the dev admin, for instance). */
export const passwordLogin = async (
  request: APIRequestContext,
  mobilePhone: string,
  password: string,
): Promise<Account> => {
  const res = await request.post('/api/v1/uav/user/login', { data: { mobilePhone, password } });
  const body = (await res.json()) as Env<{ accessToken: string; refreshToken?: string; user?: { name?: string } }>;
  expect(body.code, body.message).toBe(20000);
  return {
    phone: mobilePhone,
    name: body.data.user?.name ?? mobilePhone,
    accessToken: body.data.accessToken,
    refreshToken: body.data.refreshToken ?? null,
    user: body.data.user ?? { mobilePhone, roles: ['user', 'admin'] },
  };
};

/** The platform's admin: `scripts/test.mjs` seeds one and passes E2E_ADMIN_MOBILE / E2E_ADMIN_PASSWORD. */
export const adminCredentials = (): { mobilePhone: string; password: string } => {
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set (scripts/test.mjs sets it with the admin it seeds)');
  return { mobilePhone: process.env.E2E_ADMIN_MOBILE ?? '19900000000', password };
};

export type Policy = { orderId: string; orderNo: string; policyNo: string | null };

/**
 * An order of `account` brought into force through the real flow: draft, inquiry, quotes from the
 * simulated insurers, insure with the first insurer that quoted, payment at the dev cashier, underwriting. Takes a few simulated
 * working days (QUOTE_DAY_SECONDS, 10 s in development): start several at once.
 */
export const policyInForce = async (
  request: APIRequestContext,
  account: Account,
  timeout = 150_000,
  form: Record<string, unknown> = generalApplication(),
): Promise<Policy> => {
  const saved = await api<{ id: string; orderNo: string }>(request, account, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  const inquiry = await api<{ id: string }>(request, account, 'POST', '/order/inquiryPrice', {
    ...form,
    id: saved.data.id,
  });
  expect(inquiry.code, inquiry.message).toBe(20000);
  type Details = { state: number; policyNo: string | null; quoteProgress?: { insuranceCompanyId: number }[] };
  const details = () => api<Details>(request, account, 'GET', `/order/orderDetails?id=${saved.data.id}`);
  let quoted: Details | null = null;
  await expect
    .poll(
      async () => {
        const d = (await details()).data;
        if (d?.state === 2) quoted = d;
        return d?.state;
      },
      { timeout, intervals: [500, 1000], message: `order ${saved.data.orderNo} quoted` },
    )
    .toBe(2);
  const insurer = (quoted as Details | null)?.quoteProgress?.[0]?.insuranceCompanyId;
  await confirmTermsByApi(request, account, saved.data.id, Number(insurer));
  const insured = await api<{ payment: { cashierUrl: string | null } | null }>(
    request,
    account,
    'GET',
    `/order/insure?id=${saved.data.id}&insuranceCompanyId=${insurer}`,
  );
  expect(insured.code, insured.message).toBe(20000);
  // Paid at the dev gateway's cashier (docs/api/payments.md); the insurer underwrites once it is confirmed.
  const token = insured.data.payment?.cashierUrl?.split('/pay/')[1];
  const paid = await api(request, account, 'POST', '/dev/pay/confirm', { token });
  expect(paid.code, paid.message).toBe(20000);
  let policyNo: string | null = null;
  await expect
    .poll(
      async () => {
        const d = (await details()).data;
        policyNo = d?.policyNo ?? null;
        return d?.state;
      },
      { timeout, intervals: [500, 1000], message: `order ${saved.data.orderNo} in force` },
    )
    .toBe(5);
  return { orderId: saved.data.id, orderNo: saved.data.orderNo, policyNo };
};

/** The insured drone of `generalApplication()` that claims name. */
export const CLAIM_DRONE = '1581F5FHD23A';

const pad2 = (n: number) => String(n).padStart(2, '0');
/** Shanghai wall time `hoursAgo` before now, as the report's datetime-local picker writes it (yyyy-MM-ddTHH:mm). */
export const shanghaiPickerTime = (hoursAgo: number) => {
  const d = new Date(Date.now() + 8 * 3600_000 - hoursAgo * 3600_000);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}T${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
};

/** A complete claim form for the API: what a customer would have filled in (one damaged insured drone). */
export const completeClaimForm = (id: string) => ({
  id,
  accidentTime: `${shanghaiPickerTime(3).replace('T', ' ')}:00`,
  accidentAddressProvince: '310000',
  accidentAddressCity: '310100',
  accidentAddress: '上海市浦东新区张江路1号',
  uavAccidentType: '2',
  governmentIntervention: '0',
  otherPerpetrators: '0',
  accidentTypeRemark: '巡检途中信号丢失坠落',
  uavLossType: '1',
  settlementUavInfoList: [{ deviceNumber: CLAIM_DRONE }],
  injuryInfoList: [],
  propertyInfoList: [],
});

/** Signs in to the rule platform (/rules) through its login screen, forgetting any rule session first. */
export const rulesLogin = async (
  page: Page,
  phone = adminCredentials().mobilePhone,
  password = adminCredentials().password,
) => {
  await failOnCspViolations(page);
  await page.goto('/rules/login');
  await page.evaluate(() => {
    localStorage.removeItem('feibao.rules.token');
    localStorage.removeItem('feibao.rules.refreshToken');
  });
  await page.goto('/rules/login');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('rules-app')).toBeVisible();
};

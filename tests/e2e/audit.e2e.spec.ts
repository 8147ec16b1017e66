import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  adminCredentials,
  api,
  completeClaimForm,
  passwordLogin,
  policyInForce,
  registerUser,
  signIn,
  docShot,
  type Account,
  type Policy,
} from './helpers.ts';

/**
 * The audit (/backoffice/audit, docs/api/audit.md) at 1280×800: a customer's policy and the claim on it,
 * which an admin amended with an explanation, are found by the policy number; the claim's timeline
 * shows the amendment and why, filters to admin changes, exports them as CSV, and leads to the
 * order's own timeline. A customer sees 403 and the server refuses the audit calls.
 */

let apiContext: APIRequestContext;
let customer: Account;
let policy: Policy;
let claimId: string;
const EXPLANATION = '客户来电更正出险地址';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  policy = await policyInForce(apiContext, customer);
  const created = await api<string>(
    apiContext,
    customer,
    'GET',
    `/claim/settlement/createClaimSettlement?orderId=${policy.orderId}`,
  );
  expect(created.code, created.message).toBe(20000);
  claimId = created.data;
  const submitted = await api(apiContext, customer, 'POST', '/claim/settlement/submit', completeClaimForm(claimId));
  expect(submitted.code, submitted.message).toBe(20000);

  const { mobilePhone, password } = adminCredentials();
  const admin = await passwordLogin(apiContext, mobilePhone, password);
  const amended = { ...completeClaimForm(claimId), accidentAddress: '上海市浦东新区张江路2号' };
  const contrast = await api<{ version: number; rows: { path: string }[] }>(
    apiContext,
    admin,
    'POST',
    '/claim/settlement/contrast',
    amended,
  );
  expect(contrast.code, contrast.message).toBe(20000);
  const list = contrast.data.rows.map((r) => ({ path: r.path, remark: EXPLANATION }));
  const saved = await api(apiContext, admin, 'POST', '/claim/settlement/saveLog', {
    id: claimId,
    version: contrast.data.version,
    form: amended,
    list,
  });
  expect(saved.code, saved.message).toBe(20000);
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

test.describe('audit 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a customer sees 403 on the audit and the server refuses the audit calls', async ({ page }) => {
    await signIn(page, customer);
    await page.goto('/backoffice/audit');
    await expect(page.getByTestId('backoffice-forbidden')).toBeVisible();
    const search = await api(page.request, customer, 'GET', `/backoffice/audit/search?q=${policy.policyNo}`);
    expect(search).toMatchObject({ code: 40300, message: '无权限访问' });
    const history = await api(
      page.request,
      customer,
      'GET',
      `/backoffice/audit/history?kind=order&id=${policy.orderId}`,
    );
    expect(history.code).toBe(40300);
  });

  test('admin: search by policy number → claim timeline with the explained amendment → filter → CSV → the order', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { mobilePhone, password } = adminCredentials();
    const admin = await passwordLogin(page.request, mobilePhone, password);
    await signIn(page, admin);

    // The back-office menu leads to the audit.
    await page.goto('/backoffice/claims');
    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '审计查询' }).click();
    await expect(page).toHaveURL(/\/backoffice\/audit$/);
    await page.getByTestId('audit-query').fill(policy.policyNo!.toLowerCase());
    await page.getByTestId('audit-submit').click();
    await expect(page).toHaveURL(/\?q=/);
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(2);
    await expect(
      page.locator(`[data-testid="audit-row"][data-kind="order"][data-id="${policy.orderId}"]`),
    ).toContainText(policy.orderNo);
    const claimRow = page.locator(`[data-testid="audit-row"][data-kind="claim"][data-id="${claimId}"]`);
    await expect(claimRow).toContainText(customer.phone);
    await expect(claimRow).toContainText(`飞保测试企业${customer.phone.slice(-4)}`);
    await docShot(page, 'desktop-backoffice-audit');

    // The claim's timeline: its facts, every event, the amendment with its explanation.
    await claimRow.click();
    await expect(page).toHaveURL(new RegExp(`/backoffice/audit/claim/${claimId}$`));
    await expect(page.getByTestId('audit-subject')).toContainText(policy.policyNo!);
    const events = page.getByTestId('history-event');
    await expect(events.first()).toBeVisible();
    const amendment = page.locator('[data-testid="history-event"][data-operate-type="管理员修改"]');
    await expect(amendment).toHaveCount(1);
    await expect(amendment.getByTestId('history-change').filter({ hasText: '详细地址' })).toContainText(EXPLANATION);
    await expect(amendment).toContainText(mobilePhone);
    const all = await events.count();
    expect(all).toBeGreaterThan(2);

    // Only the admin's changes, kept in the address.
    await page
      .getByTestId('audit-filter')
      .getByRole('radio', { name: /^管理员修改/ })
      .click();
    await expect(page).toHaveURL(/change=admin/);
    await expect(events).toHaveCount(1);
    await expect(events.first()).toHaveAttribute('data-operate-type', '管理员修改');
    await docShot(page, 'desktop-backoffice-audit-timeline');

    // The CSV is what the filter shows: a BOM, Chinese headers, the explanation.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^claim-LP\d{14}-audit\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF操作时间,操作人,变更类型,模块,字段,操作类型,详情,说明\r\n')).toBe(true);
    expect(csv).toContain(EXPLANATION);
    expect(
      csv
        .trim()
        .split('\r\n')
        .slice(1)
        .every((line) => line.split(',')[2] === '管理员修改'),
    ).toBe(true);

    // Back to every kind, then the order the claim was made on: its policy was underwritten.
    await page.getByTestId('audit-filter').getByRole('radio', { name: /^全部/ }).click();
    await expect(events).toHaveCount(all);
    await page.getByTestId('audit-order-link').click();
    await expect(page).toHaveURL(new RegExp(`/backoffice/audit/order/${policy.orderId}$`));
    await expect(page.getByTestId('audit-number')).toHaveText(policy.orderNo);
    await expect(page.locator('[data-testid="history-event"][data-operate-type="承保"]')).toContainText(
      policy.policyNo!,
    );
    await expect(page.locator('[data-testid="history-event"][data-operate-type="创建"]')).toContainText(customer.phone);
    await expect(page.getByTestId('audit-related-claim')).toHaveCount(1);
  });
});

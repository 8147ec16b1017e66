import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  adminCredentials,
  api,
  PASSWORD,
  passwordLogin,
  registerUser,
  shot,
  signIn,
  type Account,
  rulesLogin,
} from './helpers.ts';

/**
 * The rule platform's whole story (docs/api/rules-versions.md): an underwriter doubles 太平洋产险's yearly premium for
 * the 100万 third-party limit in the editor, runs a batch test of the draft and applies with that
 * run; an auditor, on a phone (drawer menu), approves and enables it; a customer's next inquiry to
 * 太平洋产险 is priced by the new version, on the desktop and on the phone, while the inquiry made
 * before still shows the old premium.
 */

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };
const RULE = 'tariff-3';
const CPIC = 3;
const LIABILITY_LINE = '2:0';
const QUOTED = 150_000;

const inquire = async (request: APIRequestContext, customer: Account) => {
  const form = { ...generalApplication(), insuranceCompanyList: [{ id: CPIC, name: '太平洋产险' }] };
  const saved = await api<{ id: string }>(request, customer, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  const inquiry = await api(request, customer, 'POST', '/order/inquiryPrice', { ...form, id: saved.data.id });
  expect(inquiry.code, inquiry.message).toBe(20000);
  return saved.data.id;
};

const yuan = (text: string | null) => Number((/[\d,]+\.\d{2}/.exec(text ?? '')?.[0] ?? 'NaN').replace(/,/g, ''));

/** The liability line's premium from 太平洋产险 on the customer's plan page (desktop table). */
const linePremium = async (page: Page, orderId: string) => {
  await page.goto(`/platform/supportConcept?type=0&id=${orderId}`);
  const cell = page.locator(`tr[data-line="${LIABILITY_LINE}"] td[data-insurer="${CPIC}"] .fb-premium strong`);
  await expect(cell).toBeVisible({ timeout: QUOTED });
  return yuan(await cell.textContent());
};

const step = async (page: Page, reason: string, button: string) => {
  const dialog = page.locator('.rp-step-dialog');
  await dialog.getByLabel(/^(提交说明|审核意见|启用原因)/).fill(reason);
  await dialog.getByRole('button', { name: `确定${button}` }).click();
  await expect(dialog).toHaveCount(0);
};

test('a rate change goes from the editor through a batch test and review to the next inquiry', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize(DESKTOP);
  const { mobilePhone, password } = adminCredentials();
  const admin = await passwordLogin(page.request, mobilePhone, password);
  const grant = async (account: Account, roles: string[]) => {
    const granted = await api(page.request, admin, 'POST', '/backoffice/users/grantRoles', {
      mobilePhone: account.phone,
      roles,
      reason: '规则平台',
    });
    expect(granted.code, granted.message).toBe(20000);
  };
  const underwriter = await registerUser(page.request);
  await grant(underwriter, ['auditor', 'batchTest']);
  const approver = await registerUser(page.request);
  await grant(approver, ['auditor']);
  const customer = await registerUser(page.request, { profile: true });
  const before = await inquire(page.request, customer);

  // The underwriter edits the 100万 row of 三者险责任限额 in tariff-3's enabled version.
  await rulesLogin(page, underwriter.phone, PASSWORD);
  await page.goto(`/rules/complexRuleAdd?ruleId=${RULE}&version=1`);
  await expect(page.getByTestId('rules-editor-rule')).toContainText(RULE);
  await page.getByLabel('筛选节点').fill('三者险责任限额');
  await page.getByTestId('rules-editor-node').filter({ hasText: '三者险责任限额' }).click();
  const cell = page.getByLabel('第2行 每架年保费');
  await expect(cell).toHaveValue('540');
  await cell.fill('1080');
  await page.getByTestId('rules-editor-save').click();
  await page.getByLabel('修改原因').fill('太平洋三者险100万限额费率上调一倍');
  await page.getByTestId('rules-reason-save').click();
  const saved = page.getByTestId('rules-editor-saved');
  await expect(saved).toContainText('草稿');
  const version = Number(/版本(\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
  expect(version).toBeGreaterThan(1);

  // A case the change must not break: the standard application, no referral, automatically priced.
  const caseName = `上调验证${Date.now().toString(36)}`;
  // The rule app's own session: it was signed in after the roles were granted.
  const token = await page.evaluate(() => localStorage.getItem('feibao.rules.token'));
  const created = await page.request.post('/api/v1/rules/cases/create', {
    headers: { 'X-Token': token ?? '' },
    data: { name: caseName, form: generalApplication(), expected: { referral: false, premiums: {}, tolerance: 1 } },
  });
  expect(((await created.json()) as { code: number }).code).toBe(20000);

  // The batch test of the draft, from the screen.
  await page.goto('/rules/batchTest/null');
  const start = page.getByTestId('rules-batch-test');
  await start.getByLabel('规则', { exact: true }).selectOption(RULE);
  await start.getByLabel('版本').fill(String(version));
  await start.getByLabel('筛选案例').fill(caseName);
  await start.getByText(caseName).click();
  await start.getByTestId('rules-batch-start').click();
  await expect(page.getByTestId('rules-batch-detail').getByTestId('rules-run-head')).toContainText('已完成', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('rules-batch-detail').getByTestId('rules-run-head')).toContainText('通过 1，未通过 0');

  // Applies for review: the finished run is linked by itself, so no override is asked.
  await page.goto('/rules/newApplication');
  const draftRow = page.locator(`[data-testid="rules-my-drafts-row"][data-rule="${RULE}"][data-version="${version}"]`);
  await draftRow.getByRole('button', { name: '提交审核' }).click();
  await expect(page.locator('#rules-submit-run')).toContainText('通过 1，未通过 0');
  await expect(page.getByLabel(/忽略未通过案例的原因|未做批量测试的原因/)).toHaveCount(0);
  await shot(page, 'desktop-rules-story-submit', { docs: true });
  await step(page, '批量测试通过，申请启用', '提交审核');
  await expect(draftRow).toHaveCount(0);

  // The inquiry made before is answered by version 1 before anything is enabled.
  await expect
    .poll(
      async () =>
        (await api<{ state: number }>(page.request, customer, 'GET', `/order/orderDetails?id=${before}`)).data?.state,
      { timeout: QUOTED, intervals: [1000] },
    )
    .toBe(2);

  // The auditor, on a phone, opens 审核申请 from the drawer, approves and enables.
  await page.setViewportSize(MOBILE);
  await rulesLogin(page, approver.phone, PASSWORD);
  await page.getByTestId('rules-sidebar-toggle').click();
  await page.locator('.rp-drawer').getByText('审核申请', { exact: true }).click();
  const inReview = page.locator(`[data-testid="rules-in-review-row"][data-rule="${RULE}"][data-version="${version}"]`);
  await expect(inReview).toBeVisible();
  await inReview.getByRole('button', { name: '通过' }).click();
  await step(page, '已核对批量测试', '通过');
  const toEnable = page.locator(`[data-testid="rules-to-enable-row"][data-rule="${RULE}"][data-version="${version}"]`);
  await toEnable.getByRole('button', { name: '启用' }).click();
  await step(page, '按申请启用', '启用');
  await expect(toEnable).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await shot(page, 'mobile-rules-story-review', { docs: true });

  // The customer's next inquiry is priced by the new version; the earlier one keeps its premium.
  await page.setViewportSize(DESKTOP);
  await signIn(page, customer);
  const old = await linePremium(page, before);
  const after = await inquire(page.request, customer);
  const changed = await linePremium(page, after);
  expect(changed).toBeCloseTo(old * 2, 1);
  const total = yuan(await page.locator(`tr[data-line="total"] td[data-insurer="${CPIC}"]`).textContent());
  expect(total).toBeGreaterThan(changed);
  await shot(page, 'desktop-rules-story-plan', { docs: true });
  expect(await linePremium(page, before)).toBe(old);

  // The same plan on a phone shows the same total.
  await page.setViewportSize(MOBILE);
  await page.goto(`/touch/supportConcept?type=0&id=${after}`);
  const card = page.locator(`.fb-m-total-card[data-insurer="${CPIC}"]`);
  await expect(card).toBeVisible({ timeout: QUOTED });
  await expect.poll(async () => yuan(await card.textContent())).toBe(total);
  await shot(page, 'mobile-rules-story-plan', { docs: true });
});

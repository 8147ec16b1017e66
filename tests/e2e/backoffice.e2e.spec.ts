import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminCredentials,
  api,
  completeClaimForm,
  passwordLogin,
  policyInForce,
  registerUser,
  signIn,
  switchAccount,
  docShot,
  type Account,
  type Policy,
} from './helpers.ts';

/**
 * The claims desk (/backoffice/claims, docs/api/claims.md "Staff steps") at 1280×800: a customer's claim, filed and
 * submitted through the API, is found by the admin in 待受理, assigned, accepted, assessed on the
 * hull line, closed with a reason; the customer's report then shows the payable and 已结案. A
 * customer opening the desk sees 403 and the server refuses the staff calls.
 */

const HULL_COVER = 1;

type ClaimInfo = {
  id: string;
  claimSettlementNo: string;
  claimState: number;
  assessment: { payableAmount: number } | null;
};

let apiContext: APIRequestContext;
let customer: Account;
let policy: Policy;
let claim: ClaimInfo;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  policy = await policyInForce(apiContext, customer);
  const created = await api<string>(
    apiContext,
    customer,
    'GET',
    `/claim/settlement/createClaimSettlement?orderId=${policy.orderId}&userName=${customer.phone}`,
  );
  expect(created.code, created.message).toBe(20000);
  const submitted = await api(
    apiContext,
    customer,
    'POST',
    '/claim/settlement/submit',
    completeClaimForm(created.data),
  );
  expect(submitted.code, submitted.message).toBe(20000);
  const details = await api<ClaimInfo>(apiContext, customer, 'GET', `/claim/settlement/details?id=${created.data}`);
  expect(details.code, details.message).toBe(20000);
  claim = details.data;
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

const toastMessage = (page: Page, text: string) => page.locator('.bp6-toast-message').getByText(text, { exact: true });

test.describe('claims desk 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a customer sees 403 on the desk, has no desk link, and the server refuses the staff calls', async ({
    page,
  }) => {
    await signIn(page, customer);
    await page.goto('/backoffice/claims');
    await expect(page.getByTestId('backoffice-forbidden')).toBeVisible();
    await expect(page.getByRole('link', { name: '后台' })).toHaveCount(0);
    const assign = await api(page.request, customer, 'POST', '/claim/settlement/assign', {
      id: claim.id,
      assignee: customer.phone,
    });
    expect(assign.code).toBe(40300);
    const accept = await api(page.request, customer, 'POST', '/claim/settlement/accept', { id: claim.id, reason: '' });
    expect(accept.code).toBe(40300);
  });

  test('admin: 待受理 → assign → accept → assess the hull line → close; the customer sees the payable and 已结案', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { mobilePhone, password } = adminCredentials();
    const admin = await passwordLogin(page.request, mobilePhone, password);
    await signIn(page, admin);

    // The header's 后台 tab opens the back office; its menu leads to the desk, on 待受理.
    await page.goto('/index/index');
    await page.getByRole('link', { name: '后台' }).click();
    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '理赔工作台' }).click();
    await expect(page).toHaveURL(/\/backoffice\/claims/);
    await expect(page.getByRole('tab', { name: '待受理' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('desk-row').first()).toBeVisible();
    await page.getByTestId('desk-search').fill(claim.claimSettlementNo);
    await page.getByTestId('desk-search').press('Enter');
    const row = page.locator(`[data-testid="desk-row"][data-claim="${claim.claimSettlementNo}"]`);
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-state', '3');
    await expect(row.getByTestId('desk-sla-age')).toHaveText(/\d+ 个工作日/);
    await expect(row.getByTestId('desk-due')).not.toHaveText('—');
    await expect(row.getByTestId('desk-assignee')).toHaveText('未分派');
    await row.getByTestId('desk-open').click();
    const panel = page.getByTestId('desk-panel');
    await expect(panel).toHaveAttribute('data-claim', claim.claimSettlementNo);
    await expect(panel.getByTestId('evidence-checklist')).toBeVisible();

    // Assign to me: the row and the panel name the admin, and 我的 lists it.
    await panel.getByTestId('desk-assign-me').click();
    await expect(toastMessage(page, '分派成功')).toBeVisible();
    await expect(panel.getByTestId('desk-panel-assignee')).toHaveText(`${mobilePhone}（我）`);
    await expect(row.getByTestId('desk-assignee')).toHaveText(`${mobilePhone}（我）`);
    await page.getByRole('tab', { name: '我的' }).click();
    await expect(page.locator(`[data-testid="desk-row"][data-claim="${claim.claimSettlementNo}"]`)).toHaveCount(1);

    // Accept (the reason is optional).
    await panel.getByTestId('desk-action-accept').click();
    await page.getByTestId('desk-reason').fill('材料齐全，予以受理');
    await page.getByTestId('desk-dialog-ok').click();
    await expect(toastMessage(page, '受理成功')).toBeVisible();
    await expect(panel).toHaveAttribute('data-state', '4');
    await expect(panel.getByTestId('desk-panel-state')).toHaveText('处理中');

    // Assess the hull line at 20000 yuan: the server computes deductible and payable.
    await panel.getByTestId('desk-action-assess').click();
    const dialog = page.locator('.fb-desk-assess-dialog');
    await dialog.getByTestId('desk-assess-ok').click();
    await expect(dialog.getByTestId('desk-assess-problem')).toHaveText('请至少填写一个险种的损失金额');
    const hull = dialog.locator(`[data-testid="desk-assess-line"][data-cover="${HULL_COVER}"]`).first();
    await expect(hull.getByTestId('desk-assess-kind')).toHaveValue('drone');
    await hull.getByTestId('desk-assess-amount').fill('20000');
    await dialog.getByTestId('desk-assess-ok').click();
    await expect(toastMessage(page, '定损成功')).toBeVisible();
    await expect(panel.getByTestId('desk-assessment')).toBeVisible();
    await expect(panel.getByTestId('desk-payable')).toHaveText(/^¥[\d,]+\.\d{2}$/);
    await page.getByRole('tab', { name: '处理中' }).click();
    await expect(page.getByTestId('desk-row').first()).toBeVisible();
    await docShot(page, 'desktop-backoffice-claims-desk');

    // Close: the reason is required.
    await panel.getByTestId('desk-action-close').click();
    await page.getByTestId('desk-dialog-ok').click();
    await expect(page.locator('.fb-desk-dialog')).toContainText('请填写结案原因');
    await page.getByTestId('desk-reason').fill('定损完成，同意赔付');
    await page.getByTestId('desk-dialog-ok').click();
    await expect(toastMessage(page, '结案成功')).toBeVisible();
    await expect(panel.getByTestId('desk-panel-state')).toHaveText('已结案');
    await expect(panel.getByTestId('desk-action-reopen')).toBeVisible();
    await expect(panel.getByTestId('desk-action-close')).toHaveCount(0);

    // The customer's report: 已结案 and the payable in the progress timeline.
    const closed = await api<ClaimInfo>(page.request, customer, 'GET', `/claim/settlement/details?id=${claim.id}`);
    expect(closed.data.claimState).toBe(5);
    const payable = closed.data.assessment?.payableAmount ?? Number.NaN;
    expect(payable).toBeGreaterThan(0);
    await switchAccount(page, customer);
    await page.goto(`/platform/report?id=${claim.id}&show=true`);
    await expect(page.getByTestId('report-state')).toHaveText('已结案');
    await expect(page.getByTestId('progress-payable')).toHaveText(
      `${payable.toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 元`,
    );
  });
});

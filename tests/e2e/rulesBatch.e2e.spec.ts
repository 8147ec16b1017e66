import { expect, test, type Page } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { adminCredentials, api, PASSWORD, passwordLogin, registerUser, shot } from './helpers.ts';

/**
 * 规则测试: the admin keeps two cases (one expecting a referral, one not), a batch
 * tester runs tariff-1 version 1 against both and sees one pass and one fail, then the two cases'
 * results with the engine's trace.
 */

const DESKTOP = { width: 1280, height: 800 };
const RULES = '/api/v1/rules';

const login = async (page: Page, phone: string, password: string) => {
  await page.goto('/rules/login');
  await page.evaluate(() => localStorage.removeItem('feibao.rules.token'));
  await page.goto('/rules/login');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('rules-app')).toBeVisible();
};

test.use({ viewport: DESKTOP });

test('a batch tester runs two cases and reads pass, fail and the trace', async ({ page }) => {
  const admin = await passwordLogin(page.request, adminCredentials().mobilePhone, adminCredentials().password);
  const headers = { Authorization: `Bearer ${admin.accessToken}` };
  const post = async (path: string, data: unknown) => (await (await page.request.post(`${RULES}${path}`, { headers, data })).json()) as { code: number; message: string; data: { caseId: string } };

  const tester = await registerUser(page.request);
  const granted = await api(page.request, admin, 'POST', '/backoffice/users/grantRoles', { mobilePhone: tester.phone, roles: ['batchTest', 'test'], reason: '批量测试' });
  expect(granted.code, granted.message).toBe(20000);
  const stamp = Date.now().toString(36);
  const exact = await post('/cases/create', { name: `e2e准确${stamp}`, form: generalApplication(), expected: { referral: false, premiums: {}, tolerance: 1 } });
  expect(exact.code, exact.message).toBe(20000);
  const off = await post('/cases/create', { name: `e2e偏差${stamp}`, form: generalApplication(), expected: { referral: true, premiums: {}, tolerance: 1 } });
  expect(off.code, off.message).toBe(20000);

  await login(page, adminCredentials().mobilePhone, adminCredentials().password);
  await page.goto('/rules/ruleCase');
  await expect(page.getByTestId('rules-cases')).toContainText(`e2e准确${stamp}`);
  await shot(page, 'desktop-rules-cases', { docs: true });

  await login(page, tester.phone, PASSWORD);
  await page.goto('/rules/batchTest/null');
  const start = page.getByTestId('rules-batch-test');
  await start.getByLabel('规则', { exact: true }).selectOption('tariff-1');
  await start.getByLabel('筛选案例').fill(stamp);
  await start.getByText(`e2e准确${stamp}`).click();
  await start.getByText(`e2e偏差${stamp}`).click();
  await start.getByTestId('rules-batch-start').click();

  await expect(page).toHaveURL(/\/rules\/multipleBatchTestDetail\?left=/);
  const detail = page.getByTestId('rules-batch-detail');
  await expect(detail.getByTestId('rules-run-head')).toContainText('已完成', { timeout: 30_000 });
  await expect(detail.getByTestId('rules-run-head')).toContainText('通过 1，未通过 1');
  // Exactly one of the two expects the referral answer the seeded rules give.
  await expect(detail.locator('[data-testid="rules-result-row"][data-pass="false"]')).toHaveCount(1);
  await detail.locator('[data-testid="rules-result-row"][data-pass="true"]').getByRole('button', { name: '执行轨迹' }).click();
  await expect(detail).toContainText('tariff-1');
  await shot(page, 'desktop-rules-batch-detail', { docs: true });

  await page.goto('/rules/myBatchTestList');
  await expect(page.getByTestId('rules-run-row').first()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('rules-run-rate').first()).toHaveText('50.0%');
  await shot(page, 'desktop-rules-my-batch-tests', { docs: true });
});

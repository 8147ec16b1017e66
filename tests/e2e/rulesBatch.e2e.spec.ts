import { expect, test } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { adminCredentials, api, PASSWORD, passwordLogin, registerUser, shot, rulesLogin } from './helpers.ts';

/**
 * 规则测试: the admin keeps two cases (one expecting a referral, one not), a batch
 * tester runs tariff-1 version 1 against both and sees one pass and one fail, then the two cases'
 * results with the engine's trace.
 */

const DESKTOP = { width: 1280, height: 800 };
const RULES = '/api/v1/rules';

test.use({ viewport: DESKTOP });

test('a batch tester runs two cases and reads pass, fail and the trace', async ({ page }) => {
  const admin = await passwordLogin(page.request, adminCredentials().mobilePhone, adminCredentials().password);
  const headers = { Authorization: `Bearer ${admin.accessToken}` };
  const post = async (path: string, data: unknown) =>
    (await (await page.request.post(`${RULES}${path}`, { headers, data })).json()) as {
      code: number;
      message: string;
      data: { caseId: string };
    };

  const tester = await registerUser(page.request);
  const granted = await api(page.request, admin, 'POST', '/backoffice/users/grantRoles', {
    mobilePhone: tester.phone,
    roles: ['batchTest', 'test'],
    reason: '批量测试',
  });
  expect(granted.code, granted.message).toBe(20000);
  const stamp = Date.now().toString(36);
  const exact = await post('/cases/create', {
    name: `e2e准确${stamp}`,
    form: generalApplication(),
    expected: { referral: false, premiums: {}, tolerance: 1 },
  });
  expect(exact.code, exact.message).toBe(20000);
  const off = await post('/cases/create', {
    name: `e2e偏差${stamp}`,
    form: generalApplication(),
    expected: { referral: true, premiums: {}, tolerance: 1 },
  });
  expect(off.code, off.message).toBe(20000);

  await rulesLogin(page, adminCredentials().mobilePhone, adminCredentials().password);
  await page.goto('/rules/ruleCase');
  await expect(page.getByTestId('rules-cases')).toContainText(`e2e准确${stamp}`);
  await shot(page, 'desktop-rules-cases', { docs: true });

  await rulesLogin(page, tester.phone, PASSWORD);
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
  await detail
    .locator('[data-testid="rules-result-row"][data-pass="true"]')
    .getByRole('button', { name: '执行轨迹' })
    .click();
  await expect(detail).toContainText('tariff-1');
  await shot(page, 'desktop-rules-batch-detail', { docs: true });

  await page.goto('/rules/myBatchTestList');
  await expect(page.getByTestId('rules-run-row').first()).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('rules-run-rate').first()).toHaveText('50.0%');
  await shot(page, 'desktop-rules-my-batch-tests', { docs: true });
});

/**
 * 多批次测试详情 side by side (?left=&right=): the same two cases run against tariff-1 version 1
 * and a draft whose hull premium is 10 % dearer; the comparison shows per case both runs'
 * premiums and the difference, filters the changed cases and opens both traces.
 */
test('a batch tester compares two runs of the same cases case by case', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await passwordLogin(page.request, adminCredentials().mobilePhone, adminCredentials().password);
  const headers = { Authorization: `Bearer ${admin.accessToken}` };
  type Answer<T> = { code: number; message: string; data: T };
  const call = async <T>(method: 'GET' | 'POST', path: string, as: Record<string, string>, data?: unknown) => {
    const response = await (method === 'GET'
      ? page.request.get(`${RULES}${path}`, { headers: as })
      : page.request.post(`${RULES}${path}`, { headers: as, data }));
    return (await response.json()) as Answer<T>;
  };

  const v1 = await call<{ content: unknown }>('GET', '/version?ruleId=tariff-1&version=1', headers);
  expect(v1.code, v1.message).toBe(20000);
  const content = JSON.stringify(v1.data.content);
  expect(content).toContain('round($.hullPremium, 2)');
  const dearer = JSON.parse(content.replace('round($.hullPremium, 2)', 'round($.hullPremium * 1.1, 2)')) as unknown;
  const draft = await call<{ version: number }>('POST', '/version/draft', headers, {
    ruleId: 'tariff-1',
    content: dearer,
    reason: '机身险上浮10%（对比测试）',
  });
  expect(draft.code, draft.message).toBe(20000);

  const stamp = Date.now().toString(36);
  const caseIds: string[] = [];
  for (const name of [`对比甲${stamp}`, `对比乙${stamp}`]) {
    const created = await call<{ caseId: string }>('POST', '/cases/create', headers, {
      name,
      form: generalApplication(),
      expected: { referral: false, premiums: {}, tolerance: 1 },
    });
    expect(created.code, created.message).toBe(20000);
    caseIds.push(created.data.caseId);
  }

  const tester = await registerUser(page.request);
  const granted = await api(page.request, admin, 'POST', '/backoffice/users/grantRoles', {
    mobilePhone: tester.phone,
    roles: ['batchTest', 'test'],
    reason: '对比测试',
  });
  expect(granted.code, granted.message).toBe(20000);
  // Roles travel in the access token: the tester signs in again to carry the new ones.
  const asTester = {
    Authorization: `Bearer ${(await passwordLogin(page.request, tester.phone, PASSWORD)).accessToken}`,
  };
  const runIds: string[] = [];
  for (const version of [1, draft.data.version]) {
    const started = await call<{ runId: string }>('POST', '/batchTests/start', asTester, {
      ruleId: 'tariff-1',
      version,
      caseIds,
    });
    expect(started.code, started.message).toBe(20000);
    runIds.push(started.data.runId);
  }
  for (const runId of runIds)
    await expect
      .poll(
        async () => (await call<{ status: string }>('GET', `/batchTests/detail?runId=${runId}`, asTester)).data?.status,
        { timeout: 60_000 },
      )
      .toBe('done');

  await rulesLogin(page, tester.phone, PASSWORD);
  await page.goto(`/rules/multipleBatchTestDetail?${new URLSearchParams({ left: runIds[0]!, right: runIds[1]! })}`);
  const detail = page.getByTestId('rules-batch-detail');
  await expect(detail).toContainText('批次A');
  await expect(detail).toContainText('批次B');
  await expect(detail).toContainText(`版本${draft.data.version}`);
  const rows = detail.getByTestId('rules-compare-row');
  await expect(rows).toHaveCount(2);
  for (const name of [`对比甲${stamp}`, `对比乙${stamp}`]) {
    const row = rows.filter({ hasText: name });
    // 人保 is dearer by a tenth of its hull premium.
    await expect(row.getByTestId('rules-compare-delta')).toContainText(/人保财险 \+\d+\.\d{2}/);
    await expect(row).toHaveAttribute('data-changed', 'true');
  }

  await detail.getByLabel('筛选').selectOption({ label: '只看无变化' });
  await expect(rows).toHaveCount(0);
  await detail.getByLabel('筛选').selectOption({ label: '只看有变化' });
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('button', { name: '执行轨迹' }).click();
  await expect(detail.getByTestId('rules-compare-traces')).toContainText('机身险保费');
  await shot(page, 'desktop-rules-batch-compare', { docs: true });
});

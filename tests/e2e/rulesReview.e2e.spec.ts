import { expect, test, type Page } from '@playwright/test';
import { adminCredentials, api, PASSWORD, passwordLogin, registerUser, shot, toast, rulesLogin } from './helpers.ts';

/**
 * The rule list and the review group (/rules): an admin copies the enabled referral rule into a
 * draft with a changed value and submits it; an auditor approves and enables it; the admin may not
 * approve their own version.
 */

const DESKTOP = { width: 1280, height: 800 };

/** Confirms the open step dialog with a reason. */
const confirmStep = async (page: Page, button: string, reason: string, untested?: string) => {
  const dialog = page.locator('.rp-step-dialog');
  await dialog.getByLabel(/^(提交说明|审核意见|驳回意见|启用原因|停用原因)/).fill(reason);
  // A submission without a batch test says why.
  if (untested) await dialog.getByLabel(/^未做批量测试的原因/).fill(untested);
  await dialog.getByRole('button', { name: `确定${button}` }).click();
  await expect(dialog).toHaveCount(0);
};

test.use({ viewport: DESKTOP });

test('a referral change goes from draft through review to enabled', async ({ page }) => {
  const admin = adminCredentials();
  await rulesLogin(page, admin.mobilePhone, admin.password);

  // 规则列表: open referral, copy its enabled version.
  await page.goto('/rules/ruleList');
  await expect(page.getByTestId('rules-rule-list')).toBeVisible();
  await page.getByLabel('搜索规则').fill('人工核保规则');
  await expect(page.getByTestId('rules-row')).toHaveCount(1);
  const referralRow = page.locator('[data-testid="rules-row"][data-rule="referral"]');
  const enabledBefore = (await referralRow.getByTestId('rules-enabled-version').textContent()) ?? '';
  expect(enabledBefore).toMatch(/^版本\d+$/);
  await referralRow.click();
  const drawer = page.getByTestId('rules-rule-drawer');
  const enabledCard = drawer
    .getByTestId('rules-version')
    .filter({ has: page.getByTestId('rules-status').filter({ hasText: '已启用' }) });
  await expect(enabledCard).toHaveCount(1);
  await expect(enabledCard.getByTestId('rules-history')).toContainText('启用');
  await enabledCard.getByRole('button', { name: '查看内容' }).click();
  await expect(enabledCard.getByTestId('rules-content')).toContainText('"decisionTableNode"');
  await enabledCard.getByRole('button', { name: '复制为新草稿' }).click();

  const dialog = page.locator('.rp-draft-dialog');
  const editor = dialog.getByLabel('规则内容（JDM）');
  await expect(editor).toHaveValue(/最大起飞重量（kg）/);
  const original = await editor.inputValue();
  await shot(page, 'desktop-rules-draft-dialog');
  await dialog.getByLabel('修改原因').fill('阈值列名改为中文单位');
  // A model the engine cannot load is refused by the server, and the dialog stays open.
  await editor.fill('{"nodes": [], "edges": []}');
  await dialog.getByRole('button', { name: '保存草稿' }).click();
  await expect(dialog.getByTestId('rules-draft-problem')).toHaveText('规则无法加载：规则节点数量不正确');
  await editor.fill(original.replace('最大起飞重量（kg）', '最大起飞重量（千克）'));
  await dialog.getByRole('button', { name: '保存草稿' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, /已保存草稿（版本\d+）/)).toBeVisible();

  // 新建申请: the draft, submitted for review.
  await page.goto('/rules/newApplication');
  const draftRow = page.locator('[data-testid="rules-my-drafts-row"][data-rule="referral"]');
  await expect(draftRow).toHaveCount(1);
  const version = Number(await draftRow.getAttribute('data-version'));
  await expect(draftRow).toContainText('阈值列名改为中文单位');
  await draftRow.getByRole('button', { name: '提交审核' }).click();
  await confirmStep(page, '提交审核', '请审核', '仅改列名，结果不变');
  // Gone from the drafts (other browser tests may have left the admin other drafts).
  await expect(
    page.locator(`[data-testid="rules-my-drafts-row"][data-rule="referral"][data-version="${version}"]`),
  ).toHaveCount(0);

  // 审核申请: the admin's own version may not be approved by them.
  await page.goto('/rules/execApplicationStart');
  const ownRow = page.locator(`[data-testid="rules-in-review-row"][data-rule="referral"][data-version="${version}"]`);
  await expect(ownRow).toContainText(admin.mobilePhone);
  await expect(ownRow.getByRole('button', { name: '通过' })).toBeDisabled();
  await expect(ownRow.getByTestId('rules-self-approval')).toHaveText('不能审批自己提交的规则版本');
  await expect(ownRow.getByRole('button', { name: '驳回' })).toBeEnabled();
  await shot(page, 'desktop-rules-review', { docs: true });

  // An auditor (granted by the admin) approves and enables it.
  const adminAccount = await passwordLogin(page.request, admin.mobilePhone, admin.password);
  const auditor = await registerUser(page.request);
  const granted = await api(page.request, adminAccount, 'POST', '/backoffice/users/grantRoles', {
    mobilePhone: auditor.phone,
    roles: ['auditor'],
    reason: '规则审核',
  });
  expect(granted.code, granted.message).toBe(20000);
  await rulesLogin(page, auditor.phone, PASSWORD);
  await page.goto('/rules/execApplicationStart');
  const reviewRow = page.locator(
    `[data-testid="rules-in-review-row"][data-rule="referral"][data-version="${version}"]`,
  );
  await expect(async () => {
    await page.reload();
    await expect(reviewRow).toBeVisible({ timeout: 2000 });
  }).toPass();
  await reviewRow.getByRole('button', { name: '通过' }).click();
  await confirmStep(page, '通过', '列名修改无影响，同意');
  await expect(reviewRow).toHaveCount(0);
  const enableRow = page.locator(
    `[data-testid="rules-to-enable-row"][data-rule="referral"][data-version="${version}"]`,
  );
  await enableRow.getByRole('button', { name: '启用' }).click();
  await confirmStep(page, '启用', '上线');
  await expect(enableRow).toHaveCount(0);

  await page.goto('/rules/ruleList');
  await expect(referralRow.getByTestId('rules-enabled-version')).toHaveText(`版本${version}`);
  await expect(referralRow).toContainText('已启用');
  await shot(page, 'desktop-rules-list');
  await page.goto('/rules/ruleApplication');
  await expect(page.locator('[data-testid="rules-stat"][data-status="enabled"]')).not.toContainText(/^0/);
  await expect(page.getByTestId('rules-stats-by-rule')).toContainText('人工核保规则');

  // The admin's 我的申请: enabled, with the auditor's comment.
  await rulesLogin(page, admin.mobilePhone, admin.password);
  await page.goto('/rules/myApplication');
  const mine = page.locator(`[data-testid="rules-my-versions-row"][data-rule="referral"][data-version="${version}"]`);
  await expect(mine).toContainText('已启用');
  await expect(mine).toContainText(`通过（${auditor.phone}`);
  await expect(mine).toContainText('列名修改无影响，同意');
});

import { expect, test } from '@playwright/test';
import { adminCredentials, shot, rulesLogin } from './helpers.ts';

/**
 * 规则配置 (/rules/keywordManage and its four sibling dictionaries): an admin finds the seeded
 * risk levels, creates a keyword, edits it and disables it; the filter then shows it as disabled.
 */

const DESKTOP = { width: 1280, height: 800 };

test.use({ viewport: DESKTOP });

test('an admin creates a keyword and disables it', async ({ page }) => {
  const admin = adminCredentials();
  await rulesLogin(page, admin.mobilePhone, admin.password);

  await page.goto('/rules/ruleRisk');
  const risks = page.getByTestId('rules-config-ruleRisk');
  await expect(risks.getByTestId('rules-config-row')).toHaveCount(3);
  await expect(risks.locator('[data-code="high"]')).toContainText('拒保');

  await page.goto('/rules/keywordManage');
  const screen = page.getByTestId('rules-config-keyword');
  await expect(screen.getByRole('heading', { name: '关键字管理' })).toBeVisible();
  const code = `e2e.${Date.now().toString(36)}`;
  await screen.getByTestId('rules-config-new').click();
  const dialog = page.locator('.rp-step-dialog');
  await dialog.getByLabel('编码').fill(code);
  // Missing name: refused before sending.
  await dialog.getByTestId('rules-config-save').click();
  await expect(dialog.getByTestId('rules-config-problem')).toHaveText('名称不能为空');
  await dialog.getByLabel('名称').fill('飞行高度');
  await dialog.getByLabel('分类').fill('飞行');
  await dialog.getByLabel('说明').fill('单位：米');
  await dialog.getByTestId('rules-config-save').click();
  await expect(dialog).toHaveCount(0);

  const row = screen.locator(`[data-testid="rules-config-row"][data-code="${code}"]`);
  await expect(row).toContainText('飞行高度');
  await expect(row.getByTestId('rules-config-status')).toHaveText('已启用');

  // A second entry with the same code is refused by the server.
  await screen.getByTestId('rules-config-new').click();
  await dialog.getByLabel('编码').fill(code);
  await dialog.getByLabel('名称').fill('重复');
  await dialog.getByTestId('rules-config-save').click();
  await expect(dialog.getByTestId('rules-config-problem')).toHaveText('编码已存在');
  await dialog.getByRole('button', { name: '取消' }).click();

  await row.getByRole('button', { name: `编辑 ${code}` }).click();
  await expect(dialog.getByLabel('编码')).toBeDisabled();
  await dialog.getByLabel('名称').fill('最大飞行高度');
  await dialog.getByTestId('rules-config-save').click();
  await expect(row).toContainText('最大飞行高度');

  await row.getByRole('button', { name: `停用 ${code}` }).click();
  await expect(row.getByTestId('rules-config-status')).toHaveText('已停用');
  await screen.getByLabel('搜索配置').fill('飞行');
  await screen.getByLabel('启用状态').selectOption('false');
  await expect(screen.getByTestId('rules-config-row')).toHaveCount(1);
  await screen.getByLabel('启用状态').selectOption('all');
  await screen.getByLabel('搜索配置').fill('');
  await expect(row).toBeVisible();
  // The screenshot shows the list, not the step messages above it (they close by themselves after 5 s).
  await expect(page.locator('.bp6-toast')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, 'desktop-rules-config', { docs: true });
});

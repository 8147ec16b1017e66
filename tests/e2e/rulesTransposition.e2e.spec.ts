import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { adminCredentials, shot, rulesLogin } from './helpers.ts';

/**
 * 规则迁移 (/rules/ruleTransposition): an admin exports two rules as JSON, imports the file back
 * (each rule a new draft, linked to 规则列表), and copies an insurer's rules to another; the page
 * also fits a phone.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

test.use({ viewport: DESKTOP });

test('an admin exports, imports and copies rules', async ({ page }, testInfo) => {
  const admin = adminCredentials();
  await rulesLogin(page, admin.mobilePhone, admin.password);
  await page.goto('/rules/ruleTransposition');
  const screen = page.getByTestId('rules-transposition');
  await expect(screen.getByRole('heading', { name: '规则迁移' })).toBeVisible();

  const exporting = screen.getByTestId('rules-transposition-export');
  // Blueprint draws the box over the input: the label is what a user clicks.
  await exporting.locator('label', { hasText: '（referral）' }).click();
  await exporting.locator('label', { hasText: '（tariff-1）' }).click();
  await expect(exporting.getByText('已选2条')).toBeVisible();
  const downloaded = page.waitForEvent('download');
  await exporting.getByTestId('rules-transposition-export-run').click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^规则导出-\d{4}-\d{2}-\d{2}\.json$/);
  const file = testInfo.outputPath('rules.json');
  await download.saveAs(file);
  const exported = JSON.parse(await readFile(file, 'utf8')) as { rules: { ruleId: string }[] };
  expect(exported.rules.map((r) => r.ruleId)).toEqual(['referral', 'tariff-1']);

  const importing = screen.getByTestId('rules-transposition-import');
  await importing.getByTestId('rules-transposition-import-run').click();
  await expect(importing.locator('.bp6-callout')).toHaveText('请选择要导入的文件');
  await importing.getByLabel('导入文件').setInputFiles(file);
  await importing.getByLabel('原因').fill('e2e 迁移');
  await importing.getByTestId('rules-transposition-import-run').click();
  const imported = importing.getByTestId('rules-transposition-result');
  await expect(imported).toHaveCount(2);
  await expect(imported.filter({ hasText: 'tariff-1' })).toContainText('已生成草稿');
  await expect(imported.filter({ hasText: 'tariff-1' }).getByRole('link')).toHaveAttribute(
    'href',
    '/rules/ruleList?ruleId=tariff-1',
  );

  const copying = screen.getByTestId('rules-transposition-copy');
  await copying.getByLabel('从保险公司').selectOption({ label: '人保财险' });
  await copying.getByLabel('复制到').selectOption({ label: '人保财险' });
  await copying.getByLabel('原因').fill('e2e 复制');
  await copying.getByTestId('rules-transposition-copy-run').click();
  await expect(copying.locator('.bp6-callout')).toHaveText('源保险公司与目标保险公司不能相同');
  await copying.getByLabel('复制到').selectOption({ label: '太平洋产险' });
  await copying.getByTestId('rules-transposition-copy-run').click();
  await expect(copying.locator('[data-rule="tariff-3"]')).toContainText('已生成草稿');
  // The three confirmations would cover the title in the picture.
  await page.locator('.bp6-toast').evaluateAll((toasts) => {
    for (const t of toasts) t.remove();
  });
  await shot(page, 'desktop-rules-transposition', { docs: true });

  await page.setViewportSize(PHONE);
  await expect(screen.getByTestId('rules-transposition-copy')).toBeVisible();
  // The page's own cards fit the phone (the frame's header is the layout's, checked by its own tests).
  const right = await screen.evaluate((el) =>
    Math.max(...[...el.querySelectorAll('.rp-card')].map((c) => c.getBoundingClientRect().right)),
  );
  expect(right).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'phone-rules-transposition', { fullPage: true });
});

import { expect, test, type Page } from '@playwright/test';
import { seededRules } from '@feibao/domain/rules/seed/seededRules';
import { shot, rulesLogin } from './helpers.ts';

/**
 * 新增复合规则: the admin opens tariff-1 version 1 in the editor, doubles the yearly premium of
 * the 100万 third-party liability limit, sees 试算 price the line at twice the premium, saves the
 * model as a draft with a reason and finds the draft in 规则列表. The editor also works at 375 px,
 * its grid scrolling inside its card.
 */

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 812 };
const TABLE = '三者险责任限额';

/** The row of the 100万 limit and its yearly premium per drone in the seeded version 1. */
const limitRow = () => {
  const node = seededRules()
    .find((r) => r.ruleId === 'tariff-1')!
    .content.nodes.find((n) => n.name === TABLE)!;
  const rows = (node.content as { rules: Record<string, string>[] }).rules;
  const index = rows.findIndex((r) => r.i0 === '100');
  return { index, perUnit: Number(rows[index]!.o0) };
};

const premiumOf = async (page: Page) => {
  const text = await page.getByTestId('rules-try-output').textContent();
  return (JSON.parse(text ?? '{}') as { premium: number }).premium;
};

const openTable = async (page: Page) => {
  await page.getByLabel('筛选节点').fill(TABLE);
  await page.getByTestId('rules-editor-node').filter({ hasText: TABLE }).click();
  await expect(page.getByTestId('rules-editor-node-card').getByLabel('节点名称')).toHaveValue(TABLE);
};

const pickLiabilitySample = async (page: Page) => {
  const select = page.getByLabel('样例输入');
  const value = await select
    .locator('option', { hasText: '费率输入：无人机第三者责任险' })
    .first()
    .getAttribute('value');
  await select.selectOption(value!);
};

test('the admin edits a rate cell of tariff-1, tries it and saves a draft', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await rulesLogin(page);
  await page.goto('/rules/complexRuleAdd?ruleId=tariff-1&version=1');
  await expect(page.getByTestId('rules-editor-rule')).toContainText('tariff-1');
  await expect(page.getByTestId('rules-editor-branch-note')).toBeVisible();

  await pickLiabilitySample(page);
  await page.getByTestId('rules-try-run').click();
  await expect(page.getByTestId('rules-try-output')).toContainText('"quoted"');
  const before = await premiumOf(page);

  await openTable(page);
  const { index, perUnit } = limitRow();
  const cell = page.getByLabel(`第${index + 1}行 每架年保费`);
  await expect(cell).toHaveValue(String(perUnit));
  await cell.fill(String(perUnit * 2));
  await page.getByTestId('rules-try-run').click();
  await expect.poll(() => premiumOf(page)).toBe(Math.round(before * 200) / 100);
  await expect(page.getByTestId('rules-try-trace')).toContainText(TABLE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'desktop-rules-editor', { docs: true });

  await page.getByTestId('rules-editor-save').click();
  await page.getByTestId('rules-reason-save').click();
  await expect(page.getByTestId('rules-reason-problem')).toHaveText('请填写修改原因');
  await page.getByLabel('修改原因').fill('e2e：三者险100万限额保费翻倍');
  await page.getByTestId('rules-reason-save').click();
  const saved = page.getByTestId('rules-editor-saved');
  await expect(saved).toContainText('草稿');
  const version = Number(/版本(\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
  expect(version).toBeGreaterThan(1);

  await saved.getByRole('button', { name: '去规则列表' }).click();
  await expect(page).toHaveURL(/\/rules\/ruleList$/);
  await page.locator('[data-testid="rules-row"][data-rule="tariff-1"]').click();
  const card = page
    .getByTestId('rules-rule-drawer')
    .locator(`[data-testid="rules-version"][data-version="${version}"]`);
  await expect(card.getByTestId('rules-status')).toHaveText('草稿');
  await expect(card.getByTestId('rules-history')).toContainText('e2e：三者险100万限额保费翻倍');
});

test('the editor fits a phone: the grid scrolls inside its card', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await rulesLogin(page);
  await page.goto('/rules/complexRuleAdd?ruleId=tariff-1&version=1');
  await expect(page.getByTestId('rules-editor-rule')).toContainText('tariff-1');
  await openTable(page);
  await expect(page.getByTestId('rules-editor-grid')).toBeVisible();
  const grid = await page
    .getByTestId('rules-editor-grid')
    .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(grid.scroll).toBeGreaterThan(grid.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await page.getByTestId('rules-editor-node-card').scrollIntoViewIfNeeded();
  await shot(page, 'mobile-rules-editor', { docs: true });

  await page.goto('/rules/complexRuleAdd');
  await expect(page.getByTestId('rules-editor-new')).toBeVisible();
  await page.getByTestId('rules-new-save').click();
  await expect(page.getByTestId('rules-editor-new')).toContainText('规则名称不能为空');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
});

test('the admin defines a new rule and drafts its first version from the starting model', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await rulesLogin(page);
  await page.goto('/rules/complexRuleAdd');
  const form = page.getByTestId('rules-editor-new');
  const ruleId = `e2e-${Date.now().toString(36)}`;
  await form.getByLabel('规则编号').fill('E2E');
  await form.getByTestId('rules-new-save').click();
  await expect(form).toContainText('规则编号须以小写字母开头');
  await form.getByLabel('规则编号').fill(ruleId);
  await form.locator('#rules-new-name').fill('e2e 多架转人工');
  await form.getByLabel('阶段').selectOption('referral');
  await form.getByLabel('保险公司').selectOption('1');
  await form.getByText('农业/植保').click();
  await form.getByLabel('新建原因').fill('e2e 新建规则');
  await form.getByTestId('rules-new-save').click();
  await expect(page).toHaveURL(new RegExp(`ruleId=${ruleId}$`));
  await expect(page.getByTestId('rules-editor-rule')).toContainText(ruleId);

  const card = page.getByTestId('rules-editor-node-card');
  await card.getByLabel('条件 字段').fill('quantity');
  await card.getByLabel('result 名称').fill('结论');
  await card.getByLabel('第1行 条件').fill('> 1');
  await card.getByLabel('第1行 结论').fill('"多架"');
  await card.getByRole('button', { name: '添加行' }).click();
  await card.getByLabel('第2行 结论').fill('"单架"');
  await page.getByTestId('rules-try-run').click();
  await expect(page.getByTestId('rules-try-output')).toContainText('"result": "多架"');

  await page.getByTestId('rules-editor-save').click();
  await page.getByLabel('修改原因').fill('e2e 第一个版本');
  await page.getByTestId('rules-reason-save').click();
  await expect(page.getByTestId('rules-editor-saved')).toContainText('已保存为版本1（草稿）');
});

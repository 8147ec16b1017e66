import { expect, test, type Page } from '@playwright/test';
import { adminCredentials, passwordLogin, shot, rulesLogin } from './helpers.ts';

/**
 * The stage screens: an admin moves a rule up in 阶段转换, sets a limit in 险种启用限制, saves
 * and restores an insurer's order in 公司规则阶段合并, reads 我的场景 and adds a piece to 规则池;
 * each screen is also looked at on a phone.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

/** Every change asks why: fill the reason and save. */
const saveWithReason = async (page: Page, reason: string) => {
  const dialog = page.locator('.rp-step-dialog');
  await dialog.getByTestId('rules-reason').fill(reason);
  await dialog.getByTestId('rules-reason-save').click();
  await expect(dialog).toBeHidden();
};

/** A documentation picture: from the top, without the toasts of the last save. */
const docShot = async (page: Page, name: string) => {
  for (const close of await page.locator('.bp6-toast .bp6-button').all()) await close.click().catch(() => undefined);
  await expect(page.locator('.bp6-toast')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name, { docs: true });
};

/** The same screen on a phone: nothing wider than the viewport but the limits grid, which scrolls in its card. */
const onPhone = async (page: Page, name: string) => {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the phone`).toBeLessThanOrEqual(1);
  await shot(page, `mobile-${name}`);
  await page.setViewportSize(DESKTOP);
};

test.use({ viewport: DESKTOP });

test('an admin orders stages, sets limits and reads scenes and the pool', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const ruleId = `scene-e2e-${stamp}`;
  const admin = await passwordLogin(page.request, adminCredentials().mobilePhone, adminCredentials().password);
  const defined = await page.request.post('/api/v1/rules/define', {
    headers: { Authorization: `Bearer ${admin.accessToken}` },
    data: { ruleId, name: 'e2e 场景规则', stage: 'eligibility', reason: 'e2e' },
  });
  expect((await defined.json()).code).toBe(20000);
  await rulesLogin(page);

  // 阶段转换: the second rating rule goes first.
  await page.goto('/rules/stageTransform');
  const stages = page.getByTestId('rules-stages');
  await expect(stages.getByTestId('rules-stage-column')).toHaveCount(4);
  const rating = stages.locator('[data-testid="rules-stage-column"][data-stage="rating"]');
  const rules = rating.getByTestId('rules-stage-rule');
  await expect(rules.nth(1)).toBeVisible();
  const second = (await rules.nth(1).getAttribute('data-rule'))!;
  await docShot(page, 'desktop-rules-stages');
  await rating.getByRole('button', { name: `上移 ${second}` }).click();
  await saveWithReason(page, 'e2e 调整费率规则顺序');
  await expect(rules.first()).toHaveAttribute('data-rule', second);
  await onPhone(page, 'rules-stages');

  // 险种启用限制: a take-off weight bound on 中华联合's hull cover (harmless to other tests' quotes).
  await page.goto('/rules/insuranceEnableLimit');
  const limits = page.getByTestId('rules-limits');
  const cell = limits.locator('[data-testid="rules-limit-cell"][data-code="7-1"]');
  await cell.click();
  const dialog = page.locator('.rp-step-dialog');
  await dialog.getByLabel('最大起飞重量上限（kg）').fill('500');
  await saveWithReason(page, 'e2e 起飞重量上限');
  await expect(cell).toContainText('起飞重量≤500kg');
  await expect(cell).toContainText('开办');
  await docShot(page, 'desktop-rules-limits');
  await onPhone(page, 'rules-limits');

  // 公司规则阶段合并: 中华联合 runs 核保转人工 before 准入, then back to the default.
  await page.goto('/rules/companyRuleStageMerge');
  const card = page.locator('[data-testid="rules-plan-card"][data-insurer="7"]');
  await expect(card.getByTestId('rules-plan-current')).toContainText('准入 → 核保转人工 → 费率 → 限额');
  await card.getByRole('button', { name: '中华联合 下移准入' }).click();
  await card.getByTestId('rules-plan-save').click();
  await expect(page.getByTestId('rules-plan-preview')).toHaveText('核保转人工 → 准入 → 费率 → 限额');
  await saveWithReason(page, 'e2e 调整阶段顺序');
  await expect(card.getByTestId('rules-plan-current')).toContainText('核保转人工 → 准入 → 费率 → 限额');
  await expect(card).toContainText('已调整');
  await docShot(page, 'desktop-rules-stage-merge');
  await onPhone(page, 'rules-stage-merge');
  await card.getByRole('button', { name: '恢复默认' }).click();
  await saveWithReason(page, 'e2e 恢复默认');
  await expect(card.getByTestId('rules-plan-current')).toContainText('准入 → 核保转人工 → 费率 → 限额');

  // 我的场景: every scene, the seeded rules shown as 通用; the admin's own rule (no version, so it
  // never runs) first, then narrowed to 物流.
  await page.goto('/rules/mySceneList');
  const scenes = page.getByTestId('rules-scenes');
  await expect(scenes.getByTestId('rules-scene-card')).toHaveCount(10);
  const sceneCard = (scene: string) => scenes.locator(`[data-testid="rules-scene-card"][data-scene="${scene}"]`);
  await expect(sceneCard('农业/植保').locator('[data-rule="referral"]')).toContainText('通用');
  await expect(sceneCard('教育培训').locator(`[data-rule="${ruleId}"]`)).toContainText('我的');
  await scenes.getByText('只看我的').click();
  await expect(sceneCard('消防').locator(`[data-rule="${ruleId}"]`)).toBeVisible();
  // No browser test drafts the limits rule: it is nobody's here, whatever ran before.
  await expect(sceneCard('消防').locator('[data-rule="limits"]')).toHaveCount(0);
  await sceneCard('消防')
    .getByRole('button', { name: `编辑 ${ruleId} 的场景` })
    .click();
  // Blueprint draws the box over the input: click the label.
  await dialog.getByText('物流', { exact: true }).click();
  await expect(dialog.getByLabel('物流')).toBeChecked();
  await saveWithReason(page, 'e2e 只用于物流');
  await expect(sceneCard('物流').locator(`[data-rule="${ruleId}"]`)).toBeVisible();
  await expect(sceneCard('消防').locator(`[data-rule="${ruleId}"]`)).toHaveCount(0);
  await scenes.getByText('只看我的').click();
  await docShot(page, 'desktop-rules-scenes');
  await onPhone(page, 'rules-scenes');

  // 规则池: a new shared piece, linked to the editor.
  await page.goto('/rules/rulePool');
  const pool = page.getByTestId('rules-pool');
  await pool.getByTestId('rules-pool-new').click();
  await dialog.getByLabel('规则编号').fill(`pool-e2e-${stamp}`);
  await dialog.getByLabel('名称').fill('高价机型判定');
  await dialog.getByLabel('说明').fill('无人机单价是否超过50万元');
  await saveWithReason(page, 'e2e 新建共享规则');
  const row = pool.locator(`[data-testid="rules-pool-row"][data-rule="pool-e2e-${stamp}"]`);
  await expect(row).toContainText('高价机型判定');
  await expect(row.getByTestId('rules-pool-users')).toContainText('未被引用');
  await expect(pool.getByTestId('rules-pool-created').getByRole('link', { name: '去编写它的模型' })).toHaveAttribute(
    'href',
    `/rules/complexRuleAdd?ruleId=pool-e2e-${stamp}`,
  );
  await docShot(page, 'desktop-rules-pool');
  await onPhone(page, 'rules-pool');
});

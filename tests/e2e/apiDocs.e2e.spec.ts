import { expect, test } from '@playwright/test';
import { docShot, failOnCspViolations } from './helpers.ts';

/**
 * The API reference page (docs/api/openapi.md): the viewer runs under the platform's CSP (its
 * script and CSS are files of this origin) and shows the generated document's operations.
 */
test('the API reference page renders the OpenAPI document under the CSP', async ({ page }) => {
  await failOnCspViolations(page);
  await page.goto('/api/docs');
  // The viewer parses the whole generated document (every feature's calls) before it shows anything.
  await expect(page.getByText('飞保 FeiBao API').first()).toBeVisible({ timeout: 30_000 });
  // Every feature's tag is listed, folded; opening one shows its calls.
  for (const tag of ['order', 'payment', 'verify', 'notification', 'sso-platform'])
    await expect(page.locator('h3.opblock-tag', { hasText: tag }).first()).toBeVisible();
  await page.locator('h3.opblock-tag[data-tag="order"]').click();
  await expect(page.getByText('/api/v1/uav/order/orderDetails').first()).toBeVisible();
  await page.locator('h3.opblock-tag[data-tag="sso-platform"]').click();
  await expect(page.getByText('/sso-platform/authencation/oauth2/login/user').first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await docShot(page, 'desktop-api-docs');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByText('飞保 FeiBao API').first()).toBeVisible();
  await docShot(page, 'mobile-api-docs');
});

import { expect, test } from '@playwright/test';
import { failOnCspViolations } from './helpers.ts';

/**
 * The API reference page (docs/api/README.md): the viewer runs under the platform's CSP (its
 * script and CSS are files of this origin) and shows the generated document's operations.
 */
test('the API reference page renders the OpenAPI document under the CSP', async ({ page }) => {
  await failOnCspViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByText('飞保 FeiBao API').first()).toBeVisible();
  await expect(page.getByText('/api/v1/uav/order/orderDetails').first()).toBeVisible();
  await expect(page.getByText('/sso-platform/authencation/oauth2/login/user').first()).toBeVisible();
});

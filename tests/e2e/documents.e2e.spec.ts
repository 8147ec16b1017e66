import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { api, docShot, policyInForce, registerUser, signIn, type Account, type Policy } from './helpers.ts';

/**
 * 电子保单 and 投保证明 (docs/api/documents.md): the owner downloads the policy from the order list and
 * from the order details (the file is named 电子保单-<policyNo>.pdf), adds a certificate holder in the
 * dialog, downloads the certificate and withdraws it after confirming — at 1280×800 and 375×812.
 */

const HOLDER_CODE = '91350100M000100Y43';

let apiContext: APIRequestContext;
let customer: Account;
let policy: Policy;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  policy = await policyInForce(apiContext, customer);
  await expect
    .poll(
      async () =>
        (await api<{ policy: unknown }>(apiContext, customer, 'GET', `/order/certificate/list?id=${policy.orderId}`))
          .data?.policy ?? null,
      { timeout: 60_000, message: 'the electronic policy is issued' },
    )
    .not.toBeNull();
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

const downloadName = async (page: Page, click: () => Promise<void>) => {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download.suggestedFilename();
};

for (const size of [
  { name: 'desktop', site: 'platform', viewport: { width: 1280, height: 800 } },
  { name: 'mobile', site: 'touch', viewport: { width: 375, height: 812 } },
] as const) {
  test.describe(`电子保单 ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test('downloads the policy from the list and the details; adds, downloads and withdraws a certificate', async ({
      page,
    }) => {
      const fileName = `电子保单-${policy.policyNo}.pdf`;
      await signIn(page, customer);
      await page.goto(`/${size.site}/orderInquiry`);
      const row = page.locator(`[data-order="${policy.orderNo}"]`);
      await expect(row.getByTestId('download-policy')).toBeVisible();
      expect(await downloadName(page, () => row.getByTestId('download-policy').click())).toBe(fileName);

      await page.goto(`/${size.site}/supportConcept?type=0&id=${policy.orderId}&show=true`);
      const section = page.getByTestId('policy-documents');
      await expect(section).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      expect(await downloadName(page, () => section.getByTestId('download-policy').click())).toBe(fileName);
      await docShot(page, `${size.name}-policy-documents`);

      const holder = `张江建设${size.name}`;
      await section.getByTestId('certificate-add').click();
      const dialog = page.locator('.fb-certificate-dialog');
      await expect(dialog).toBeVisible();
      await dialog.locator('#f-name').fill(holder);
      await dialog.locator('#f-idNumber').fill('123');
      await dialog.getByTestId('certificate-submit').click();
      await expect(dialog.getByRole('alert')).toHaveText('统一社会信用代码或身份证号格式不正确');
      await dialog.locator('#f-idNumber').fill(HOLDER_CODE);
      await dialog.locator('#f-purpose').fill('张江科学城航测项目');
      await docShot(page, `${size.name}-certificate-add`);
      await dialog.getByTestId('certificate-submit').click();
      await expect(dialog).toBeHidden();

      const certificate = section.locator(`[data-certificate="${holder}"]`);
      await expect(certificate).toContainText('有效', { timeout: 30_000 });
      await expect(certificate).toContainText('913501********0Y43');
      await docShot(page, `${size.name}-certificates`);
      const certName = await downloadName(page, () => certificate.getByRole('button', { name: '下载' }).click());
      expect(certName).toMatch(new RegExp(`^投保证明-ZM-${policy.policyNo}-\\d{3}\\.pdf$`));

      await certificate.getByRole('button', { name: '撤销' }).click();
      const confirm = page.locator('.bp6-alert');
      await expect(confirm).toContainText(holder);
      await confirm.getByRole('button', { name: '撤销' }).click();
      await expect(certificate).toContainText('已撤销');
      await expect(certificate.getByRole('button', { name: '下载' })).toHaveCount(0);
    });
  });
}

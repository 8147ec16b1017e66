import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { createEventStore, type EventStore } from '@feibao/platform/eventStore';
import type { PolicyEndorsed } from '@feibao/domain/ordering/order.events';
import { endorseRemovingDrone } from '../support/endorsements.ts';
import {
  adminCredentials,
  api,
  completeClaimForm,
  docShot,
  passwordLogin,
  policyInForce,
  registerUser,
  signIn,
  type Account,
  type Policy,
} from './helpers.ts';

/**
 * What a 批改 changes once approved (docs/api/documents.md "Versions"), in the browser at 1280×800 and
 * 375×812: the order page's 版本记录 with the 批单 and each version's 电子保单 to download, verification of the
 * first version saying a newer one exists, the claim opened after it naming 保单版本 第2版 for the customer
 * and on the staff desk, and the audit timeline's 批改 row. The 批改 itself (PolicyEndorsed) is appended as
 * the endorsement flow records it, on a policy bought through the real flow.
 */

const REMOVED = '1581F5FHD23B';
type Version = {
  version: number;
  endorsementNo: string | null;
  policy: { fileName: string; verificationCode: string } | null;
  endorsement: { fileName: string; verificationCode: string } | null;
};

let apiContext: APIRequestContext;
let customer: Account;
let policy: Policy;
let endorsed: PolicyEndorsed['data'];
let versions: Version[];
let claimId: string;

const shanghaiToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  customer = await registerUser(apiContext, { profile: true });
  policy = await policyInForce(apiContext, customer);
  const listing = () =>
    api<{ policy: unknown; versions: Version[] }>(
      apiContext,
      customer,
      'GET',
      `/order/certificate/list?id=${policy.orderId}`,
    );
  await expect.poll(async () => (await listing()).data?.policy ?? null, { timeout: 60_000 }).not.toBeNull();

  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (scripts/test.mjs passes the database the platform uses)');
  const store: EventStore = createEventStore(url);
  try {
    endorsed = await endorseRemovingDrone(store, policy.orderId, {
      removeDevice: REMOVED,
      effectiveDate: shanghaiToday(),
    });
  } finally {
    await store.close();
  }
  await expect
    .poll(
      async () => {
        const v = (await listing()).data?.versions ?? [];
        return v.length === 2 && !!v[0]?.policy && !!v[0]?.endorsement;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  versions = (await listing()).data.versions;

  const created = await api<string>(
    apiContext,
    customer,
    'GET',
    `/claim/settlement/createClaimSettlement?orderId=${policy.orderId}&userName=${customer.phone}`,
  );
  expect(created.code, created.message).toBe(20000);
  claimId = created.data;
  const submitted = await api(apiContext, customer, 'POST', '/claim/settlement/submit', completeClaimForm(claimId));
  expect(submitted.code, submitted.message).toBe(20000);
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
  test.describe(`批改 ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test('版本记录 on the order page, downloads of the 批单 and both versions; the claim names 第2版', async ({
      page,
    }) => {
      await signIn(page, customer);
      await page.goto(`/${size.site}/supportConcept?type=0&id=${policy.orderId}&show=true`);
      const section = page.getByTestId('policy-versions');
      await expect(section).toBeVisible({ timeout: 20_000 });
      await section.scrollIntoViewIfNeeded();
      const current = section.locator('[data-version="2"]');
      await expect(current).toContainText('第2版');
      await expect(current).toContainText('当前');
      await expect(current).toContainText(endorsed.endorsementNo);
      await expect(section.locator('[data-version="1"]')).toContainText('首次出单');
      expect(await downloadName(page, () => section.getByTestId('download-endorsement-2').click())).toBe(
        `批单-${endorsed.endorsementNo}.pdf`,
      );
      expect(await downloadName(page, () => section.getByTestId('download-policy-1').click())).toBe(
        `电子保单-${policy.policyNo}.pdf`,
      );
      // The current version is what the 电子保单 button downloads.
      expect(
        await downloadName(page, () =>
          page.getByTestId('policy-documents').getByTestId('download-policy').first().click(),
        ),
      ).toBe(`电子保单-${policy.policyNo}-第2版.pdf`);
      await section.scrollIntoViewIfNeeded();
      await docShot(page, `${size.name}-policy-versions`);

      await page.goto(`/${size.site}/report?id=${claimId}&show=true`);
      await expect(page.getByTestId('report-head')).toBeVisible();
      await expect(page.locator('#report-policyVersion')).toHaveValue(
        `第2版（${REMOVED} 于 ${endorsed.effectiveDate} 减除）`,
      );
    });

    test('verification: the first version says 已批改，当前为第2版; the 批单 verifies itself', async ({ page }) => {
      const first = versions.find((v) => v.version === 1)!;
      await page.goto(`/verify/${first.policy!.verificationCode}`);
      await expect(page.getByTestId('verify-status')).toHaveText('有效', { timeout: 20_000 });
      await expect(page.getByTestId('verify-version')).toHaveText('已批改，当前为第2版');
      await docShot(page, `${size.name}-verify-endorsed-policy`);
      await page.goto(`/verify/${versions[0]!.endorsement!.verificationCode}`);
      await expect(page.getByTestId('verify-status')).toHaveText('有效');
      await expect(page.getByTestId('verify-version')).toHaveText('批单，批改后为第2版');
      await expect(page.locator('.fb-verify-fields')).toContainText(endorsed.endorsementNo);
    });
  });
}

test.describe('批改 for staff 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the audit timeline shows the 批改 and who approved it, with the versions; the claims desk names 保单版本', async ({
    page,
  }) => {
    const { mobilePhone, password } = adminCredentials();
    const admin = await passwordLogin(apiContext, mobilePhone, password);
    await signIn(page, admin);
    await page.goto(`/backoffice/audit/order/${policy.orderId}`);
    const row = page.locator('[data-testid="history-event"][data-operate-type="批改"]');
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(row).toContainText(`批改为第2版，批单号${endorsed.endorsementNo}`);
    await expect(row).toContainText(`审批人：${endorsed.approvedBy}`);
    await expect(row).toContainText(REMOVED);
    // Staff see the versions too, and download the 批单.
    const staffVersions = page.getByTestId('policy-versions');
    await expect(staffVersions.locator('[data-version="2"]')).toContainText(endorsed.endorsementNo);
    expect(await downloadName(page, () => staffVersions.getByTestId('download-endorsement-2').click())).toBe(
      `批单-${endorsed.endorsementNo}.pdf`,
    );
    await docShot(page, 'desktop-backoffice-audit-versions');
    await row.scrollIntoViewIfNeeded();
    await docShot(page, 'desktop-backoffice-audit-endorsement');

    await page.goto('/backoffice/claims');
    const details = await api<{ claimSettlementNo: string }>(
      apiContext,
      customer,
      'GET',
      `/claim/settlement/details?id=${claimId}`,
    );
    await page.getByTestId('desk-search').fill(details.data.claimSettlementNo);
    await page.getByTestId('desk-search').press('Enter');
    const deskRow = page.locator(`[data-testid="desk-row"][data-claim="${details.data.claimSettlementNo}"]`);
    await expect(deskRow).toHaveCount(1);
    await deskRow.getByTestId('desk-open').click();
    await expect(page.getByTestId('desk-panel-policy-version')).toContainText('第2版');
    await docShot(page, 'desktop-backoffice-claim-policy-version');
  });
});

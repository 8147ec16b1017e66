import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { adminCredentials, api, docShot, passwordLogin, registerUser, signIn, toast, type Account } from './helpers.ts';

/**
 * 信息披露 on the web (docs/api/disclosure.md): the public page without a login, the texts read and confirmed
 * before 投保 (a dialog on the desktop with the required tick, a full-screen drawer on a phone), the admin's
 * editor publishing a new version with its reason, and the audit screen's 投保过程记录. 1280×800 and 375×812.
 */

test.describe.configure({ mode: 'serial' });

type Quoted = { orderId: string; orderNo: string };
let apiContext: APIRequestContext;
let customer: Account;
let phoneCustomer: Account;
let admin: Account;
let desktopOrder: Quoted;
let phoneOrder: Quoted;

const quotedOrder = async (account: Account): Promise<Quoted> => {
  const form = generalApplication();
  const saved = await api<{ id: string; orderNo: string }>(apiContext, account, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  const inquiry = await api(apiContext, account, 'POST', '/order/inquiryPrice', { ...form, id: saved.data.id });
  expect(inquiry.code, inquiry.message).toBe(20000);
  const state = async () =>
    (await api<{ state: number }>(apiContext, account, 'GET', `/order/orderDetails?id=${saved.data.id}`)).data?.state;
  await expect.poll(state, { timeout: 150_000, intervals: [500, 1000] }).toBe(2);
  return { orderId: saved.data.id, orderNo: saved.data.orderNo };
};

/** 投保 on the plan opens the texts; 确认投保 without the tick is refused on the spot. */
const openTerms = async (page: Page, prefix: string, order: Quoted) => {
  await page.goto(`${prefix}/supportConcept?type=0&id=${order.orderId}`);
  const insure = page.getByRole('button', { name: '向人保财险投保' });
  await expect(insure).toBeEnabled({ timeout: 60_000 });
  await insure.click();
  const terms = page.getByTestId('terms-list');
  await expect(terms).toBeVisible();
  await expect(terms).toContainText('客户告知书');
  await expect(terms).toContainText('投保须知');
  await expect(terms).toContainText('无人机机身损失险免责条款');
  await expect(terms).toContainText('无人机第三者责任险免责条款');
  await page.getByTestId('terms-confirm').click();
  await expect(page.getByRole('alert').filter({ hasText: '请先勾选' })).toBeVisible();
  // Blueprint's indicator lies over the input: the label is what a person clicks.
  const agree = page.getByTestId('terms-agree');
  await agree.locator('xpath=ancestor::label[1]').click();
  await expect(agree).toBeChecked();
};

test.beforeAll(async () => {
  test.setTimeout(360_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  [customer, phoneCustomer] = await Promise.all([
    registerUser(apiContext, { profile: true }),
    registerUser(apiContext, { profile: true }),
  ]);
  const { mobilePhone, password } = adminCredentials();
  admin = await passwordLogin(apiContext, mobilePhone, password);
  [desktopOrder, phoneOrder] = await Promise.all([quotedOrder(customer), quotedOrder(phoneCustomer)]);
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the public 信息披露 page, from the footer, without a login', async ({ page }) => {
    await page.goto('/platform/guide');
    await page.getByTestId('footer-disclosure').click();
    await expect(page).toHaveURL(/\/platform\/disclosure$/);
    await expect(page.getByTestId('disclosure-broker')).toContainText('飞保保险经纪有限公司');
    await expect(page.getByTestId('disclosure-broker')).toContainText('经营保险经纪业务许可证');
    await expect(page.getByTestId('disclosure-products')).toContainText('条款注册号');
    await page.getByRole('button', { name: '平安产险', exact: true }).click();
    await expect(page.getByTestId('disclosure-products')).toContainText('平安产险无人驾驶航空器机身损失保险条款');
    await page.getByTestId('disclosure-text-customerNotice').getByRole('button').first().click();
    await expect(page.getByTestId('disclosure-text-customerNotice')).toContainText('投诉渠道');
    await expect(page.getByTestId('disclosure-complaint')).toContainText('400-800-1234');
    await docShot(page, 'disclosure-public-desktop');
  });

  test('投保 opens the texts; the tick is required; 确认投保 records it and buys', async ({ page }) => {
    await signIn(page, customer);
    await openTerms(page, '/platform', desktopOrder);
    await docShot(page, 'disclosure-terms-dialog-desktop');
    await page.getByTestId('terms-confirm').click();
    await expect(toast(page, '投保成功')).toBeVisible();
    await expect(page.locator('.fb-state-tag').first()).toHaveText('已投保');
  });

  test('the admin publishes a new version of a 免责条款 with its reason; older versions stay listed', async ({
    page,
  }) => {
    await signIn(page, admin);
    await page.goto('/backoffice/disclosure');
    await page.getByRole('menuitem', { name: /附加盗抢险/ }).click();
    const editor = page.getByTestId('disclosure-editor');
    await expect(editor).toContainText('附加盗抢险免责条款');
    const body = page.locator('#disclosure-body');
    await body.fill(`${await body.inputValue()}\n\n补充：车辆内无人看管时被盗，不属于保险责任。`);
    await page.locator('#disclosure-reason').fill('补充无人看管情形的说明');
    await docShot(page, 'disclosure-admin-desktop');
    await page.getByTestId('disclosure-publish').click();
    await expect(toast(page, /已发布第\d+版/)).toBeVisible();
    await expect(page.getByTestId('disclosure-versions')).toContainText('补充无人看管情形的说明');
    await expect(page.getByTestId('disclosure-versions')).toContainText('平台上线初始版本');
  });

  test('the audit screen shows the order’s 投保过程记录 and exports it as a PDF', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(`/backoffice/audit/order/${desktopOrder.orderId}`);
    const record = page.getByTestId('purchase-record');
    await expect(record.getByTestId('purchase-step-termsConfirmed')).toContainText('客户告知书 第');
    await expect(record.getByTestId('purchase-step-termsShown')).toBeVisible();
    await expect(record.getByTestId('purchase-step-purchased')).toContainText('人保财险');
    await expect(record.getByTestId('purchase-step-termsConfirmed')).toContainText('IP ');
    await record.scrollIntoViewIfNeeded();
    await docShot(page, 'disclosure-purchase-record-desktop');
    const download = page.waitForEvent('download');
    await page.getByTestId('purchase-record-pdf').click();
    expect((await download).suggestedFilename()).toBe(`投保过程记录-${desktopOrder.orderNo}.pdf`);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the public page on a phone', async ({ page }) => {
    await page.goto('/touch/disclosure');
    await expect(page.getByTestId('disclosure-broker')).toContainText('飞保保险经纪有限公司');
    await expect(page.getByTestId('disclosure-texts')).toContainText('投保须知');
    await docShot(page, 'disclosure-public-mobile');
  });

  test('投保 opens the texts in a full-screen drawer', async ({ page }) => {
    await signIn(page, phoneCustomer);
    await openTerms(page, '/touch', phoneOrder);
    await docShot(page, 'disclosure-terms-drawer-mobile');
    await page.getByTestId('terms-confirm').click();
    await expect(toast(page, '投保成功')).toBeVisible();
  });

  test('the admin’s texts page at phone width: the list above the editor, nothing cut off', async ({ page }) => {
    await signIn(page, admin);
    await page.goto('/backoffice/disclosure');
    const editor = page.getByTestId('disclosure-editor');
    await expect(editor).toContainText('客户告知书');
    const list = page.getByRole('menuitem', { name: /投保须知/ });
    const [listBox, editorBox] = [await list.boundingBox(), await editor.boundingBox()];
    expect(editorBox!.y).toBeGreaterThan(listBox!.y);
    expect(editorBox!.x + editorBox!.width).toBeLessThanOrEqual(375);
    await docShot(page, 'disclosure-admin-mobile');
  });
});

import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import {
  adminCredentials,
  api,
  CLAIM_DRONE,
  completeClaimForm,
  passwordLogin,
  policyInForce,
  registerUser,
  shanghaiPickerTime,
  signIn,
  docShot,
  type Account,
  type Policy,
} from './helpers.ts';

/**
 * Claims in the browser (docs/api/claims.md): from an in-force policy on the order list →
 * 申请理赔 → the report in create mode, every section, photos (upload, a renamed executable refused,
 * classify, delete), save, submit, the claim list, the 30000 dialog, read-only modes, withdraw; an
 * admin's amendment with explanations and the operation log; every claim-form message in its case.
 * Desktop 1280×800 (/platform) and mobile 375×812 (/touch). Policies come into force through the
 * real ordering flow at the platform's quote time scale (QUOTE_DAY_SECONDS), all at once up front.
 */

const DRONE = CLAIM_DRONE;
const VALID_ID_CARD = '11010519491231002X';

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, prefix: '/platform' },
  { name: 'mobile', viewport: { width: 375, height: 812 }, prefix: '/touch' },
] as const;
type SizeName = (typeof sizes)[number]['name'];

// ---- test data ---------------------------------------------------------------------------

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A real (decodable) RGB PNG: a colour gradient, tinted so two pictures differ. */
const pngPicture = (tint: number, width = 320, height = 240) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set([(x + tint) & 0xff, y & 0xff, (tint * 3 + x - y) & 0xff], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
/** An executable's first bytes (a PE header) under an image name. */
const renamedExecutable = () =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0x41)]);

type ClaimInfo = { id: string; claimSettlementNo: string; claimState: number; policyNo: string };

const claimApi = <T>(req: APIRequestContext, account: Account, method: 'GET' | 'POST', path: string, data?: unknown) =>
  api<T>(req, account, method, `/claim/settlement${path}`, data);

/** A new claim on the policy; with `reuse`, the policy's unfinished claim (30000) will do. */
const createClaim = async (req: APIRequestContext, account: Account, policy: Policy, reuse = false) => {
  const created = await claimApi<string>(
    req,
    account,
    'GET',
    `/createClaimSettlement?orderId=${policy.orderId}&userName=${account.phone}`,
  );
  if (reuse && created.code === 30000) return created.data;
  expect(created.code, created.message).toBe(20000);
  return created.data;
};

const claimDetails = async (req: APIRequestContext, account: Account, id: string) => {
  const d = await claimApi<ClaimInfo>(req, account, 'GET', `/details?id=${id}`);
  expect(d.code, d.message).toBe(20000);
  return d.data;
};

const uploadViaApi = async (
  req: APIRequestContext,
  account: Account,
  claimId: string,
  name: string,
  buffer: Buffer,
) => {
  const res = await req.post('/api/v1/uav/claim/settlement/uploadBatch', {
    headers: { Authorization: `Bearer ${account.accessToken}` },
    multipart: { id: claimId, files: { name, mimeType: 'image/png', buffer } },
  });
  const body = (await res.json()) as { code: number; message: string };
  expect(body.code, body.message).toBe(20000);
};

/** Per size: a customer with three policies in force — the end-to-end flow, the admin's amendment, the message checks. */
type SizeSetup = { customer: Account; flow: Policy; amend: Policy; checks: Policy };
const setups = {} as Record<SizeName, SizeSetup>;
let apiContext: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  apiContext = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000' });
  await Promise.all(
    sizes.map(async (size) => {
      const customer = await registerUser(apiContext, { profile: true });
      const [flow, amend, checks] = await Promise.all([0, 1, 2].map(() => policyInForce(apiContext, customer)));
      setups[size.name] = { customer, flow: flow!, amend: amend!, checks: checks! };
    }),
  );
});

test.afterAll(async () => {
  await apiContext?.dispose();
});

// ---- page helpers ------------------------------------------------------------------------

/** A toast whose message is exactly `text`. */
const toastMessage = (page: Page, text: string) => page.locator('.bp6-toast-message').getByText(text, { exact: true });

/** Ticks a Blueprint checkbox through its label (as a user clicks it). */
const tick = async (box: Locator) => {
  if (!(await box.isChecked())) await box.locator('xpath=ancestor::label[1]').click();
  await expect(box).toBeChecked();
};

const tiles = (page: Page) => page.locator('[data-testid^="picture-tile-"]');
const tileIds = async (page: Page) =>
  tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-picture-id') ?? ''));

/** Waits until every thumbnail is processed and shown. */
const expectThumbnails = async (page: Page, count: number) => {
  await expect(tiles(page)).toHaveCount(count, { timeout: 20_000 });
  await expect(tiles(page).locator('img')).toHaveCount(count, { timeout: 30_000 });
};

const confirmImages = async (page: Page, question: string) => {
  await expect(page.getByTestId('images-confirm-text')).toHaveText(question);
  await page.getByTestId('images-confirm-ok').click();
};

/** The report of a claim, loaded. */
const openReport = async (page: Page, prefix: string, query: string) => {
  await page.goto(`${prefix}/report?${query}`);
  await expect(page.getByTestId('report-head')).toBeVisible();
};

const longPress = async (page: Page, target: Locator, ms = 1100) => {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('long-press target not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(ms);
  await page.mouse.up();
};

for (const size of sizes) {
  const mobile = size.name === 'mobile';
  const p = size.prefix;

  test.describe(`${size.name} ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test('order → 申请理赔 → fill every section → photos → save → submit → list; 30000 dialog; read-only; withdraw', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const { customer, flow } = setups[size.name];
      await signIn(page, customer);

      // The order list of an in-force policy offers 申请理赔.
      await page.goto(`${p}/orderInquiry`);
      const order = page.locator(`[data-order="${flow.orderNo}"]`);
      await order.getByTestId('order-apply-claim').click();
      await expect(toastMessage(page, '申请理赔成功')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${p}/report\\?create=true&id=[0-9a-f-]{36}`));
      const claimId = new URL(page.url()).searchParams.get('id')!;
      await expect(page.getByTestId('report-state')).toHaveText('填写中');
      await expect(page.locator('#report-policyNo')).not.toHaveValue('');

      // 事故基本信息
      const when = shanghaiPickerTime(2);
      await page.locator('#report-accidentTime').fill(when);
      await page.locator('#report-uavAccidentType').selectOption('3');
      await page.locator('#report-province').selectOption('310000');
      await page.locator('#report-city').fill('310100');
      await page.locator('#report-address').fill('上海市浦东新区张江路100号');
      await page
        .locator('label.bp6-radio')
        .filter({ has: page.locator('input[name="report-government"][value="1"]') })
        .click();
      await tick(page.locator('#report-otherPerpetrators'));
      await page.locator('#report-perpetrator').fill('某物流无人机公司');
      await page.locator('#report-accidentTypeRemark').fill('巡检时与对方无人机相撞后坠落，砸伤路人并损坏围墙。');

      // 损失类型: the remarks appear only once their type is ticked.
      await tick(page.locator('#report-uavLossType'));
      await expect(page.locator('#report-injuryLossTypeRemark')).toHaveCount(0);
      await tick(page.getByTestId('checks-injuryLossType').getByRole('checkbox', { name: '第三者', exact: true }));
      await page.locator('#report-injuryLossTypeRemark').fill('路人手臂擦伤');
      await expect(page.locator('#report-propertyLossTypeRemark')).toHaveCount(0);
      await tick(
        page.getByTestId('checks-propertyLossType').getByRole('checkbox', { name: '第三者财产', exact: true }),
      );
      await page.locator('#report-propertyLossTypeRemark').fill('小区围墙破损');

      // 无人机: a tab from the policy's drone, filled from getSettlementUavInfo.
      await page.locator('#report-add-drone').selectOption(DRONE);
      await page.getByTestId('drone-add-button').click();
      const panel = page.getByTestId(`drone-panel-${DRONE}`);
      await expect(panel).toBeVisible();
      await expect(page.locator(`#drone-${DRONE}-manufacturer`)).toHaveValue('大疆 DJI');
      await expect(page.locator(`#drone-${DRONE}-model`)).toHaveValue('Matrice 350 RTK');
      await expect(page.locator(`#drone-${DRONE}-deviceType`)).toHaveValue('多旋翼');
      await expect(page.getByTestId('report-drones').getByTestId('device-codes')).toContainText(DRONE);
      await expect(panel.getByTestId('drone-flight-data')).toContainText('飞行数据（模拟）');

      // 人伤 and 财产
      await page.getByTestId('injury-add').click();
      await page.locator('#injury-0-type').selectOption('4');
      await page.locator('#injury-0-name').fill('路人甲');
      await page.locator('#injury-0-idCard').fill(VALID_ID_CARD);
      await expect(page.getByTestId('injury-idcard-error')).toHaveCount(0);
      await page.locator('#injury-0-amount').fill('1.5');
      await page.getByTestId('property-add').click();
      await page.locator('#property-0-name').fill('小区围墙');
      await page.locator('#property-0-owner').fill('某物业公司');
      await page.locator('#property-0-amount').fill('0.8');
      // The drone section's top just below the sticky header.
      await page
        .getByTestId('report-drones')
        .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
      await docShot(page, `${size.name}-claim-report-create`);

      // Photos: two real pictures and an executable renamed .png (refused before it is sent).
      await page.getByTestId('picture-file-input').setInputFiles([
        { name: 'scene-1.png', mimeType: 'image/png', buffer: pngPicture(10) },
        { name: 'tool.png', mimeType: 'image/png', buffer: renamedExecutable() },
        { name: 'scene-2.png', mimeType: 'image/png', buffer: pngPicture(120) },
      ]);
      await expect(toastMessage(page, '请上传图片格式')).toBeVisible();
      await expect(page.getByTestId('upload-progress-1')).toHaveAttribute('data-status', 'failed');
      await expect(toastMessage(page, '上传成功')).toBeVisible({ timeout: 20_000 });
      await expectThumbnails(page, 2);
      const [first, second] = await tileIds(page);
      await expect(page.getByTestId('image-type-99')).toBeVisible();

      // Classify the first picture as 远景 (事故现场 › 现场全景).
      if (mobile) {
        await page.getByTestId(`picture-tile-${first}`).locator('button').click();
        await expect(page.getByTestId(`picture-tile-${first}`)).toHaveAttribute('data-ticked', 'true');
        await page.getByTestId('picture-classify').click();
        const popup = page.getByTestId('classify-dialog');
        await expect(popup).toBeVisible();
        await expect(page.getByTestId('classify-position')).toHaveText('1 / 1');
        await popup.getByTestId('classify-dialog-category').selectOption('101010');
        await docShot(page, `${size.name}-claim-classify-popup`);
        await popup.getByTestId('classify-submit').click();
      } else {
        await page.getByTestId(`picture-check-${first}`).click();
        await page.getByTestId('classify-category').selectOption('101010');
        await page.getByTestId('picture-classify').click();
      }
      await confirmImages(page, '确认将选中项提交分类？');
      await expect(toastMessage(page, '分类成功')).toBeVisible();
      await expect(page.getByTestId(`picture-tile-${first}`)).toContainText('远景');

      // Delete the second: desktop ticks and confirms, mobile long-presses.
      if (mobile) {
        await longPress(page, page.getByTestId(`picture-tile-${second}`).locator('button'));
        await confirmImages(page, '确认删除该图片？');
      } else {
        await page.getByTestId(`picture-check-${second}`).click();
        await page.getByTestId('picture-delete').click();
        await confirmImages(page, '确认删除选中的图片？');
      }
      await expect(toastMessage(page, '删除成功')).toBeVisible();
      await expect(tiles(page)).toHaveCount(1);
      await page.getByTestId('images-section').scrollIntoViewIfNeeded();
      await docShot(page, `${size.name}-claim-images`);

      // 暂存, then 提交 → the claim list shows it submitted.
      await page.getByTestId('report-save').click();
      await expect(toastMessage(page, '暂存成功')).toBeVisible();
      await expect(page.getByTestId('report-state')).toHaveText('已暂存');
      await expect(page.locator('#report-perpetrator')).toHaveValue('某物流无人机公司');
      await page.getByTestId('report-submit').click();
      await expect(toastMessage(page, '提交成功')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${p}/applyForCompensation`));
      const claim = await claimDetails(page.request, customer, claimId);
      expect(claim.claimState).toBe(3);
      const row = page.locator(`[data-testid="claim-row"][data-claim="${claim.claimSettlementNo}"]`);
      await expect(row.getByTestId('claim-state')).toHaveText('已提交');
      await expect(row).toContainText('碰撞后坠毁');
      await docShot(page, `${size.name}-claim-list`);

      // A second 申请理赔 on the same policy: the 30000 dialog leads to the unfinished claim.
      await page.goto(`${p}/orderInquiry`);
      await order.getByTestId('order-apply-claim').click();
      await expect(page.getByTestId('open-claim-message')).toHaveText(
        '已存在未结案的理赔单，暂不能再次申请理赔, 是否跳转?',
      );
      await docShot(page, `${size.name}-claim-open-dialog`);
      await page.getByRole('button', { name: '跳转' }).click();
      await expect(page).toHaveURL(new RegExp(`${p}/report\\?id=${claimId}&claimState=3`));
      // Submitted: read-only for the customer.
      await expect(page.getByTestId('report-mode')).toContainText('只读');
      await expect(page.getByTestId('report-state')).toHaveText('已提交');
      await expect(page.locator('#report-address')).toBeDisabled();
      await expect(page.getByTestId('report-save')).toHaveCount(0);
      await expect(page.getByTestId('report-submit')).toHaveCount(0);
      await expect(page.getByTestId('claim-progress')).toBeVisible();
      await page.getByTestId('claim-progress').scrollIntoViewIfNeeded();
      await docShot(page, `${size.name}-claim-progress`);

      // From the list, 查看 opens it read-only too; show=true is read-only whatever the state.
      await page.goto(`${p}/applyForCompensation`);
      await row.getByTestId('claim-view').click();
      await expect(page).toHaveURL(new RegExp(`id=${claimId}&claimState=3$`));
      await expect(page.getByTestId('report-mode')).toContainText('只读');
      await expect(page.getByTestId('report-submit')).toHaveCount(0);

      // Withdraw from the list.
      await page.goto(`${p}/applyForCompensation`);
      await row.getByTestId('claim-withdraw').click();
      await expect(page.getByTestId('withdraw-claim-message')).toBeVisible();
      await page.getByRole('button', { name: '确认撤销' }).click();
      await expect(toastMessage(page, '撤销成功')).toBeVisible();
      await expect(row.getByTestId('claim-state')).toHaveText('已撤回');
      await expect(row.getByTestId('claim-withdraw')).toHaveCount(0);
    });

    test('show=true opens an editable claim read-only', async ({ page }) => {
      const { customer, checks } = setups[size.name];
      await signIn(page, customer);
      const id = await checksClaim(page.request, size.name, customer, checks);
      await openReport(page, p, `id=${id}&show=true`);
      await expect(page.getByTestId('report-mode')).toContainText('只读');
      await expect(page.locator('#report-address')).toBeDisabled();
      for (const testId of ['report-save', 'report-submit', 'report-edit', 'picture-upload', 'injury-add', 'drone-add'])
        await expect(page.getByTestId(testId)).toHaveCount(0);
      // The same claim without show=true is the claimant's to edit.
      await openReport(page, p, `id=${id}&claimState=1&create=true`);
      await expect(page.getByTestId('report-save')).toBeVisible();
      await expect(page.locator('#report-address')).toBeEnabled();
    });

    test('admin: 编辑 → change → explanation required → saved, submitted, in the operation log', async ({ page }) => {
      const { customer, amend } = setups[size.name];
      // The customer's submitted claim.
      const id = await createClaim(page.request, customer, amend);
      const submitted = await claimApi(page.request, customer, 'POST', '/submit', completeClaimForm(id));
      expect(submitted.code, submitted.message).toBe(20000);
      const claim = await claimDetails(page.request, customer, id);

      const { mobilePhone, password } = adminCredentials();
      const admin = await passwordLogin(page.request, mobilePhone, password);
      await signIn(page, admin);
      // Staff see every claim: find this one by its policy number.
      await page.goto(`${p}/applyForCompensation`);
      await page.getByLabel('保单号').fill(claim.policyNo);
      await page.getByRole('button', { name: '查询' }).click();
      const row = page.locator(`[data-testid="claim-row"][data-claim="${claim.claimSettlementNo}"]`);
      await row.getByTestId('claim-view').click();
      await expect(page.getByTestId('report-state')).toHaveText('已提交');
      await expect(page.getByTestId('operation-log')).toBeVisible();

      await page.getByTestId('report-edit').click();
      await expect(page.getByTestId('report-mode')).toContainText('编辑模式');
      await page.locator('#report-address').fill('上海市浦东新区张江路2号');
      await page.getByTestId('report-submit').click();
      const dialog = page.getByTestId('amend-dialog');
      const change = dialog.getByTestId('amend-row-accidentAddress');
      await expect(change).toContainText('详细地址');
      await expect(change).toContainText('上海市浦东新区张江路1号');
      await expect(change).toContainText('上海市浦东新区张江路2号');
      // An empty explanation is refused.
      await page.getByTestId('amend-confirm').click();
      await expect(page.getByTestId('amend-error-accidentAddress')).toHaveText('请填写修改说明');
      await docShot(page, `${size.name}-claim-explanation-dialog`);
      await page.getByTestId('amend-explanation-accidentAddress').fill('客户来电更正门牌号');
      await page.getByTestId('amend-confirm').click();
      await expect(toastMessage(page, '保存修改成功')).toBeVisible();
      await expect(toastMessage(page, '提交成功')).toBeVisible();
      await expect(dialog).toBeHidden();

      const log = page.getByTestId('operation-log');
      const explained = log.getByTestId('log-row').filter({ hasText: '客户来电更正门牌号' });
      await expect(explained).toBeVisible();
      await explained.scrollIntoViewIfNeeded();
      await docShot(page, `${size.name}-claim-operation-log`);
      await log.getByText('时间线').click();
      await expect(log.getByTestId('history-timeline')).toContainText('客户来电更正门牌号');
      await log.getByTestId('history-timeline').getByText('客户来电更正门牌号').scrollIntoViewIfNeeded();
      await docShot(page, `${size.name}-claim-history-timeline`);
      expect((await claimDetails(page.request, customer, id)).claimState).toBe(3);
    });

    test('请上传图片格式: an executable renamed .png is refused', async ({ page }) => {
      const { customer, checks } = setups[size.name];
      await signIn(page, customer);
      const id = await checksClaim(page.request, size.name, customer, checks);
      await openReport(page, p, `id=${id}&claimState=1&create=true`);
      await page
        .getByTestId('picture-file-input')
        .setInputFiles({ name: 'setup.png', mimeType: 'image/png', buffer: renamedExecutable() });
      await expect(toastMessage(page, '请上传图片格式')).toBeVisible();
      await expect(page.getByTestId('upload-progress-0')).toHaveAttribute('data-status', 'failed');
      await expect(page.getByTestId('upload-progress-0')).toContainText('请上传图片格式');
      // The server judges by content too.
      const res = await page.request.post('/api/v1/uav/claim/settlement/uploadBatch', {
        headers: { Authorization: `Bearer ${customer.accessToken}` },
        multipart: { id, files: { name: 'setup.png', mimeType: 'image/png', buffer: renamedExecutable() } },
      });
      expect(((await res.json()) as { message: string }).message).toBe('请上传图片格式');
    });

    if (mobile) {
      test('mobile classify popup: 请选择分类 without a category, 请选择被分类的图片 without a picture', async ({
        page,
      }) => {
        const { customer, checks } = setups[size.name];
        await signIn(page, customer);
        const id = await checksClaim(page.request, size.name, customer, checks);
        await openReport(page, p, `id=${id}&claimState=1&create=true`);
        await expectThumbnails(page, 1);
        const [picture] = await tileIds(page);
        // A picture ticked, no category.
        await page.getByTestId(`picture-tile-${picture}`).locator('button').click();
        await page.getByTestId('picture-classify').click();
        await page.getByTestId('classify-submit').click();
        await expect(toastMessage(page, '请选择分类')).toBeVisible();
        // A category, the picture unticked.
        await page.getByTestId('classify-tick').click();
        await expect(page.getByTestId('classify-tick')).toHaveText('选择');
        await page.getByTestId('classify-dialog-category').selectOption('301010');
        await page.getByTestId('classify-submit').click();
        await expect(toastMessage(page, '请选择被分类的图片')).toBeVisible();
        await page.getByTestId('classify-cancel').click();
        await expect(page.getByTestId('classify-dialog')).toBeHidden();
      });
    } else {
      test('desktop: 请勾选被分类的图片 and 请勾选删除的图片 with nothing ticked', async ({ page }) => {
        const { customer, checks } = setups[size.name];
        await signIn(page, customer);
        const id = await checksClaim(page.request, size.name, customer, checks);
        await openReport(page, p, `id=${id}&claimState=1&create=true`);
        await expectThumbnails(page, 1);
        await page.getByTestId('picture-classify').click();
        await expect(toastMessage(page, '请选择分类')).toBeVisible();
        await page.getByTestId('classify-category').selectOption('301010');
        await page.getByTestId('picture-classify').click();
        await expect(toastMessage(page, '请勾选被分类的图片')).toBeVisible();
        await page.getByTestId('picture-delete').click();
        await expect(toastMessage(page, '请勾选删除的图片')).toBeVisible();
        await expect(page.getByTestId('images-confirm-text')).toHaveCount(0);
      });
    }

    test('accident time: the picker allows 1990-01-01 to now; earlier is refused', async ({ page }) => {
      const { customer, checks } = setups[size.name];
      await signIn(page, customer);
      const id = await checksClaim(page.request, size.name, customer, checks);
      await openReport(page, p, `id=${id}&claimState=1&create=true`);
      const time = page.locator('#report-accidentTime');
      await expect(time).toHaveAttribute('min', '1990-01-01T00:00');
      await expect(time).toHaveAttribute('max', new RegExp(`^${shanghaiPickerTime(0).slice(0, 10)}T`));
      await time.fill('1989-12-31T10:00');
      await page.getByTestId('report-save').click();
      await expect(toastMessage(page, '出险时间不能早于1990-01-01')).toBeVisible();
      // The server refuses it as well.
      const saved = await claimApi(page.request, customer, 'POST', '/save', {
        ...completeClaimForm(id),
        accidentTime: '1989-12-31 10:00:00',
      });
      expect(saved.message).toBe('出险时间不能早于1990-01-01');
    });

    test('身份证格式错误!: an injured person with a wrong ID number', async ({ page }) => {
      const { customer, checks } = setups[size.name];
      await signIn(page, customer);
      const id = await checksClaim(page.request, size.name, customer, checks);
      await openReport(page, p, `id=${id}&claimState=1&create=true`);
      await page.getByTestId('injury-add').click();
      await page.locator('#injury-0-name').fill('路人乙');
      await page.locator('#injury-0-idCard').fill('110105194912310021');
      await expect(page.getByTestId('injury-idcard-error')).toHaveText('身份证格式错误!');
      await page.getByTestId('report-save').click();
      await expect(toastMessage(page, '身份证格式错误!')).toBeVisible();
      await page.locator('#injury-0-idCard').fill(VALID_ID_CARD);
      await expect(page.getByTestId('injury-idcard-error')).toHaveCount(0);
    });
  });
}

/** The editable claim of the message checks: created once per size, with one picture uploaded. */
const checksClaims: Partial<Record<SizeName, Promise<string>>> = {};
const checksClaim = (req: APIRequestContext, size: SizeName, customer: Account, policy: Policy) => {
  checksClaims[size] ??= (async () => {
    const id = await createClaim(req, customer, policy, true);
    await uploadViaApi(req, customer, id, 'evidence.png', pngPicture(200));
    return id;
  })();
  return checksClaims[size]!;
};

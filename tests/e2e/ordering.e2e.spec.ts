import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { orderFormMessages as m } from '@feibao/domain/ordering/form';
import {
  api,
  guestAccount,
  readAndConfirmTerms,
  registerUser,
  shot,
  signIn,
  switchAccount,
  type Account,
} from './helpers.ts';

/**
 * Ordering in the browser (docs/api/ordering.md): guide → form → draft → inquiry → live quotes →
 * insure → order list, the education package with its price range, revoke and reset on
 * the plan page, and every validation message, on desktop (1280×800) and mobile (375×812).
 * Quotes come from the simulated insurers (QUOTE_DAY_SECONDS, 10 s a working day by default).
 */

const QUOTE_TIMEOUT = Number(process.env.E2E_QUOTE_TIMEOUT_MS ?? 90_000);

/**
 * Every test registers its own accounts, so the file's tests may share out over both workers: run
 * as one unit, this file (about three minutes) fell to the worker that had just finished the
 * accessibility scan, and the shared phase waited for the two in turn (tests/e2e/playwright.config.ts).
 */
test.describe.configure({ mode: 'parallel' });

/** Ticks or unticks a Blueprint checkbox through its label (as a user clicks it). */
const setBox = async (page: Page, name: string, on: boolean) => {
  const box = page.getByRole('checkbox', { name });
  if ((await box.isChecked()) !== on) await page.locator('label.bp6-checkbox').filter({ has: box }).click();
  await expect(box).toBeChecked({ checked: on });
};
/** Clicks a checkbox's label whatever its state (for a refused tick). */
const clickBox = (page: Page, name: string) =>
  page
    .locator('label.bp6-checkbox')
    .filter({ has: page.getByRole('checkbox', { name }) })
    .click();

/** A toast whose message is exactly `text`. */
const toastMessage = (page: Page, text: string) => page.locator('.bp6-toast-message').getByText(text, { exact: true });

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, prefix: '/platform' },
  { name: 'mobile', viewport: { width: 375, height: 812 }, prefix: '/touch' },
] as const;

/** An order created through the API (draft + inquiry). */
const orderViaApi = async (page: Page, account: Account, patch: Record<string, unknown> = {}) => {
  const form = { ...generalApplication(), ...patch };
  const saved = await api<{ id: string; orderNo: string }>(page.request, account, 'POST', '/order/save', form);
  expect(saved.code, saved.message).toBe(20000);
  const inquiry = await api<{ id: string }>(page.request, account, 'POST', '/order/inquiryPrice', {
    ...form,
    id: saved.data.id,
  });
  expect(inquiry.code, inquiry.message).toBe(20000);
  // The browser does not hold this write's consistency token: wait until the read side has it.
  await expect
    .poll(
      async () =>
        (await api<{ state: number }>(page.request, account, 'GET', `/order/orderDetails?id=${inquiry.data.id}`)).data
          ?.state,
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(1);
  return { id: inquiry.data.id, orderNo: saved.data.orderNo };
};

/** A drone above 500 000 yuan goes to an underwriter: the order stays in state 1 (being quoted). */
const manualDrone = () => {
  const drones = generalApplication().uavInfoList as Record<string, unknown>[];
  return [{ ...drones[0], price: 600_000 }];
};

for (const size of sizes) {
  const mobile = size.name === 'mobile';
  const p = size.prefix;

  test.describe(`${size.name} ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test('manufacturer contact: a valid request is recorded, then home', async ({ page }) => {
      await page.goto(`${p}/guide`);
      await page.getByRole('button', { name: /制造研发企业/ }).click();
      await page.getByRole('button', { name: '产品责任' }).click();
      const contact = page.getByRole('dialog');
      await contact.locator('#contact-phone').fill('13800001111');
      await contact.locator('#contact-mailbox').fill('ops@feibao.test');
      await contact.getByRole('button', { name: '提交' }).click();
      await expect(page.getByText('提交成功')).toBeVisible();
      await expect(page).toHaveURL(mobile ? /\/touch\/index$/ : /\/index\/index$/);
    });

    test('guide → type 0 form → draft → inquiry → live quotes → insure → order list', async ({ page }) => {
      const account = await registerUser(page.request, { profile: true });
      await signIn(page, account);

      // Guide: 我是… → manufacturer risks open the specialist dialog.
      await page.goto(`${p}/guide`);
      await expect(page.getByRole('heading', { name: '我是…' })).toBeVisible();
      await shot(page, `${size.name}-guide-step0`, { docs: true });
      await page.getByRole('button', { name: /制造研发企业/ }).click();
      await page.getByRole('button', { name: '产品责任' }).click();
      const contact = page.getByRole('dialog');
      await expect(contact.getByRole('heading', { name: '专属顾问联系您' })).toBeVisible();
      // 880 px wide on desktop (once the opening animation is over).
      if (!mobile) await expect.poll(async () => Math.round((await contact.boundingBox())?.width ?? 0)).toBe(880);
      await contact.getByRole('button', { name: '提交' }).click();
      await expect(contact.getByText('请输入联系电话')).toBeVisible();
      await contact.locator('#contact-phone').fill('13800001111');
      await contact.locator('#contact-mailbox').fill('not-an-email');
      await contact.getByRole('button', { name: '提交' }).click();
      await expect(contact.getByText('邮箱格式错误')).toBeVisible();
      await shot(page, `${size.name}-guide-contact`, { docs: true });
      await contact.getByRole('button', { name: '返回' }).click();
      await expect(contact).toBeHidden();

      // Operating enterprise → inspection scenario → the form with the field prefilled.
      await page.getByRole('button', { name: '上一步' }).click();
      await page.getByRole('button', { name: /运营企业/ }).click();
      await shot(page, `${size.name}-guide-step1`, { docs: true });
      await page.getByRole('button', { name: '巡检测绘' }).click();
      await expect(page).toHaveURL(new RegExp(`${p}/insure\\?type=0&jumpFrom=guide&text=`));
      await expect(page.locator('#flying-applicationField')).toHaveValue('巡检/测绘');

      // Covers: the lines, deductibles and sums insured follow as we type.
      await setBox(page, '无人机机身损失险', true);
      await setBox(page, '无人机第三者责任险', true);
      await page.locator('#line-2-amount').selectOption('100');
      await expect(page.locator('[data-cover="2"]')).toContainText('单次赔付限额50万');
      await page.locator('#line-2-amount').selectOption('50');
      await expect(page.locator('[data-cover="2"]')).toContainText('人伤0免赔');
      await expect(page.locator('[data-cover="1"]')).toContainText('免赔10%或1000元');
      // Cover 4 is exclusive: it clears and disables the other main covers.
      await setBox(page, '无人机综合险', true);
      await expect(page.getByRole('checkbox', { name: '无人机机身损失险' })).not.toBeChecked();
      await expect(page.getByRole('checkbox', { name: '无人机机身损失险' })).toBeDisabled();
      await setBox(page, '无人机综合险', false);
      await setBox(page, '无人机机身损失险', true);
      await setBox(page, '无人机第三者责任险', true);
      await page.locator('#line-2-amount').selectOption('100');

      await setBox(page, '人保财险', true);
      await setBox(page, '平安产险', true);

      // Drone: the quantity comes from the device codes (a trailing comma ignored), the hull sum from quantity × price.
      await page.locator('#drone-0-name').fill('测绘一号');
      await page.locator('#drone-0-deviceNumber').fill('E2E-SN-001,E2E-SN-002,');
      await expect(page.locator('#drone-0-quantity')).toHaveValue('2');
      await expect(page.locator('#drone-0-quantity')).toBeDisabled();
      await page.locator('#drone-0-price').fill('50000');
      await expect(page.locator('#line-1-amount')).toHaveText('10');
      await page.locator('#drone-0-manufacturer').selectOption('大疆 DJI');
      await page.locator('#drone-0-model').selectOption('Matrice 350 RTK');
      await expect(page.locator('#drone-0-productionYear')).toHaveAttribute('min', '1990-01-01');
      await page.locator('#drone-0-productionYear').fill('2024-05-01');
      await expect(page.locator('#drone-0-rotorCount')).toBeDisabled();
      await page.locator('#drone-0-deviceType').selectOption('多旋翼');
      await page.locator('#drone-0-rotorCount').selectOption('4');
      await page.locator('#drone-0-maxFlyingWeight').fill('9.2');
      // A second drone tab adds to the sum; removing it takes it away again.
      await page.getByRole('button', { name: '添加无人机' }).click();
      await page.locator('#drone-1-quantity').fill('1');
      await page.locator('#drone-1-price').fill('30000');
      await expect(page.locator('#line-1-amount')).toHaveText('13');
      await page.getByRole('button', { name: '删除此无人机' }).click();
      await expect(page.locator('#line-1-amount')).toHaveText('10');
      // Pilots and devices can be added.
      await page.getByRole('button', { name: '添加飞手' }).click();
      await page.locator('#pilot-0-name').fill('王飞');
      await page.locator('#pilot-0-technicalLevel').selectOption('高级');
      await page.getByRole('button', { name: '添加设备' }).click();
      await page.locator('#device-0-name').selectOption('光电吊舱');
      await page.locator('#device-0-price').fill('8000');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${size.name}-insure-type0`, { docs: true });

      // Draft save: a user with a profile sees a dialog, then the form with the order id.
      await page.getByRole('button', { name: '暂存' }).click();
      await expect(toastMessage(page, '暂存成功')).toBeVisible();
      const saved = page.getByRole('dialog');
      await expect(saved.getByRole('heading', { name: '暂存成功' })).toBeVisible();
      await saved.getByRole('button', { name: '继续编辑' }).click();
      await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);
      await expect(page.locator('#drone-0-deviceNumber')).toHaveValue('E2E-SN-001,E2E-SN-002');
      await expect(page.locator('#line-1-amount')).toHaveText('10');

      // Inquiry → the plan page; quotes arrive by themselves.
      await page.getByRole('button', { name: '询价', exact: true }).click();
      await expect(toastMessage(page, '询价成功')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${p}/supportConcept\\?type=0&id=`));
      await expect(page.getByText('部分险种需保险公司人工核保')).toBeVisible();
      const insurePicc = page.getByRole('button', { name: '向人保财险投保' });
      await expect(insurePicc).toBeVisible();
      await shot(page, `${size.name}-plan-quoting`, { docs: true });
      await expect(insurePicc).toBeEnabled({ timeout: QUOTE_TIMEOUT });
      await expect(page.getByRole('button', { name: '向平安产险投保' })).toBeEnabled({ timeout: QUOTE_TIMEOUT });
      await expect(page.locator('.fb-state-tag').first()).toHaveText('报价完成');
      await shot(page, `${size.name}-plan-quoted`, { docs: true });

      // The collapsible read-only copy of the form.
      await page.getByRole('button', { name: '投保详情' }).click();
      await expect(page.locator('fieldset.fb-insure-form #drone-0-price')).toBeDisabled();
      await expect(page.locator('fieldset.fb-insure-form #drone-0-deviceNumber')).toHaveValue('E2E-SN-001,E2E-SN-002');
      await page.getByRole('button', { name: '投保详情' }).click();

      await insurePicc.click();
      await readAndConfirmTerms(page);
      await expect(page.locator('.bp6-toast-message').filter({ hasText: '投保成功' })).toBeVisible();
      await expect(page.locator('.fb-state-tag').first()).toHaveText('已投保');
      await expect(insurePicc).toBeDisabled();

      // The order list shows the new state.
      await page.goto(`${p}/orderInquiry`);
      const row = page.locator('[data-order]').first();
      await expect(row).toContainText('已投保');
      await expect(row).toContainText('人保财险');
      await expect(row).toContainText('E2E-SN-001');
      await shot(page, `${size.name}-order-list`, { docs: true });
      // Insured orders open their plan read-only.
      await row.getByRole('button', { name: '保障方案' }).click();
      await expect(page).toHaveURL(/show=true/);
      await expect(page.getByRole('button', { name: '向人保财险投保' })).toHaveCount(0);
    });

    test('education package: six covers, price range, inquiry', async ({ page }) => {
      const account = await registerUser(page.request, { profile: true });
      await signIn(page, account);
      await page.goto(`${p}/guide`);
      await page.getByRole('button', { name: /场景应用/ }).click();
      await page.getByRole('button', { name: '教育培训' }).click();
      await expect(page.getByRole('heading', { name: '教育培训：请选择需要的保障' })).toBeVisible();
      for (const name of [
        '无人机机身损失险',
        '无人机第三者责任险',
        '教员/员工团体意外险',
        '学员团体意外险',
        '场地/公众责任险',
        '培训责任险',
      ])
        await expect(page.getByRole('checkbox', { name })).toBeChecked();
      await shot(page, `${size.name}-guide-step2`, { docs: true });
      await page.getByRole('button', { name: '下一步' }).click();
      await expect(page).toHaveURL(/insure\?type=1&insuranceType=1,2,100,101,102,103&jumpFrom=guide&text=/);

      // Education training locks the flight profile.
      await expect(page.locator('#flying-applicationField')).toHaveValue('教育培训');
      await expect(page.locator('#flying-mainTerrain')).toHaveValue('城市');
      await expect(page.locator('#flying-mainTerrain')).toBeDisabled();
      await expect(page.locator('#flying-taskMode')).toHaveValue('全程人工操纵');
      await expect(page.locator('[data-cover="103"]')).toContainText('含二次考试费用，赔付上限2000元');
      await expect(page.locator('[data-cover="100"]')).toContainText('含意外医疗和住院津贴');

      await page
        .locator('label.bp6-radio')
        .filter({ has: page.locator('input[name="flying-synchronization"][value="1"]') })
        .click();
      await page.locator('#drone-0-deviceNumber').fill('T-001,T-002,T-003');
      await expect(page.locator('#drone-0-quantity')).toHaveValue('3');
      await page.locator('#drone-0-price').fill('24000');
      await page.locator('#drone-0-maxFlyingWeight').fill('1.05');
      await page.locator('#line-2-amount').selectOption('50');
      await page.locator('#line-100-amount').selectOption('30');
      await page.locator('#line-101-amount').selectOption('10');
      await page.locator('#line-101-term').selectOption('90');
      await page.locator('#line-102-amount').selectOption('200');
      await page.locator('#f-staffCount').fill('6');
      await page.locator('#f-studentCount').fill('40');
      await page.locator('#site-siteSize').fill('3000');
      await page.locator('#site-insureSite').fill('上海市浦东新区飞行训练基地');
      await page.getByRole('button', { name: '添加设施' }).click();
      await page.locator('#facility-0-name').selectOption('教室');
      await page.locator('#facility-0-count').fill('4');

      // The price range refreshes after edits.
      const range = page.getByTestId('price-range');
      await expect(range).toContainText(/参考保费：¥[\d,.]+ ~ ¥[\d,.]+/);
      const first = (await range.textContent()) ?? '';
      await page.locator('#f-studentCount').fill('80');
      await expect(range).not.toHaveText(first);
      await expect(range).toContainText(/参考保费：¥[\d,.]+ ~ ¥[\d,.]+/);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${size.name}-insure-type1`, { docs: true });

      await page.getByRole('button', { name: '询价', exact: true }).click();
      await expect(toastMessage(page, '询价成功')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${p}/supportConcept\\?type=1&id=`));
      // Every insurer prices the package; at least one answers in full.
      await expect(page.getByRole('button', { name: /^向.+投保$/ })).toHaveCount(7);
      await expect(page.locator('.fb-premium').first()).toBeVisible({ timeout: QUOTE_TIMEOUT });
      await expect(page.getByText('不承保').first()).toBeVisible({ timeout: QUOTE_TIMEOUT });
      await shot(page, `${size.name}-plan-type1`, { docs: true });
    });

    test('plan page: revoke (reason required) and reset; order list revoke', async ({ page }) => {
      const account = await registerUser(page.request, { profile: true });
      await signIn(page, account);

      // An underwriter must look at this drone: it stays being quoted.
      const held = await orderViaApi(page, account, {
        uavInfoList: manualDrone(),
        insuranceTypeInfoList: [{ insuranceTypeId: 1 }],
      });
      await page.goto(`${p}/supportConcept?type=0&id=${held.id}`);
      await expect(page.locator('.fb-state-tag')).toHaveText('报价中');
      await page.getByRole('button', { name: '撤销询价' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: '确认撤销' }).click();
      await expect(dialog.getByText('撤销原因不能为空')).toBeVisible();
      await dialog.locator('#revoke-reason').selectOption('其他');
      await expect(dialog.getByText('请填写撤销原因')).toBeVisible();
      await dialog.locator('#revoke-remark').fill('改日再投');
      await shot(page, `${size.name}-plan-revoke`, { docs: true });
      await dialog.getByRole('button', { name: '确认撤销' }).click();
      await expect(toastMessage(page, '撤销成功')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${p}/orderInquiry`));
      const revokedRow = page.locator(`[data-order="${held.orderNo}"]`);
      await expect(revokedRow).toContainText('待询价');
      await revokedRow.getByRole('button', { name: '保障方案' }).click();
      await expect(toastMessage(page, '待询价状态无保障方案')).toBeVisible();

      // Reset plan: back to awaiting inquiry. Delete a row first.
      const order = await orderViaApi(page, account);
      await page.goto(`${p}/supportConcept?type=0&id=${order.id}`);
      const lines = page.locator('[data-line]:not([data-line="total"])');
      await expect(lines).toHaveCount(4);
      await page.getByRole('button', { name: '删除无人机第三者责任险 巡检固定翼' }).click();
      await expect(toastMessage(page, '删除成功')).toBeVisible();
      await expect(lines).toHaveCount(3);
      await page.getByRole('button', { name: '重置方案' }).click();
      await expect(toastMessage(page, '重置成功')).toBeVisible();
      await expect(page.getByText('待询价状态无保障方案')).toBeVisible();

      // Revoking from the order list really revokes.
      const listed = await orderViaApi(page, account, {
        uavInfoList: manualDrone(),
        insuranceTypeInfoList: [{ insuranceTypeId: 1 }],
      });
      // Created outside the browser, so the list may not show it at once: reload until it does.
      await page.goto(`${p}/orderInquiry`);
      const row = page.locator(`[data-order="${listed.orderNo}"]`);
      await expect(async () => {
        await page.reload();
        await expect(row).toContainText('报价中', { timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      await row.getByRole('button', { name: '撤销' }).click();
      await page.getByRole('dialog').locator('#revoke-reason').selectOption('需求变更');
      await page.getByRole('dialog').getByRole('button', { name: '确认撤销' }).click();
      await expect(toastMessage(page, '撤销成功')).toBeVisible();
      await expect(row).toContainText('待询价');
      const details = await api<{ state: number; revokeReason: string }>(
        page.request,
        account,
        'GET',
        `/order/orderDetails?id=${listed.id}`,
      );
      expect(details.data.state).toBe(0);
      expect(details.data.revokeReason).toBe('需求变更');
      // Edit is offered in state 0; re-inquiry copies the order as a new one.
      await row.getByRole('button', { name: '重新询价' }).click();
      await expect(page).toHaveURL(/reInquiry=true/);
      await expect(page.getByText('再次询价：将以本订单信息生成新的订单。')).toBeVisible();
    });

    test('a guest draft goes to user information; an inquiry without a profile asks for it (30000)', async ({
      page,
    }) => {
      const fillMinimal = async () => {
        await setBox(page, '无人机机身损失险', true);
        await page.locator('#drone-0-quantity').fill('1');
        await page.locator('#drone-0-price').fill('20000');
        await setBox(page, '人保财险', true);
        await page.locator('#flying-applicationField').selectOption('物流');
      };
      // A guest may save a draft, then completes the user information.
      const guest = await guestAccount(page.request);
      await signIn(page, guest);
      await page.goto(`${p}/insure?type=0`);
      await fillMinimal();
      await page.getByRole('button', { name: '暂存' }).click();
      await expect(toastMessage(page, '暂存成功')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${p}/userInformation`));

      // A registered user without a company profile: inquiry answers 30000 → the profile.
      const bare = await registerUser(page.request);
      await switchAccount(page, bare);
      await page.goto(`${p}/insure?type=0`);
      await expect(page.locator('.fb-header-user, .fb-m-user').first()).toContainText(bare.name);
      await fillMinimal();
      await page.getByRole('button', { name: '询价', exact: true }).click();
      await expect(toastMessage(page, '请完善用户信息')).toBeVisible();
      if (mobile) await expect(page).toHaveURL(/\/touch\/userInformation\?backUrl=/);
      else await expect(page.getByRole('dialog').getByRole('heading', { name: '完善信息' })).toBeVisible();
      await shot(page, `${size.name}-inquiry-profile-incomplete`);
    });

    test('validation messages appear for their cases', async ({ page }) => {
      const account = await registerUser(page.request, { profile: true });
      await signIn(page, account);
      const save = () => page.getByRole('button', { name: '暂存' }).click();
      const expectMessage = async (message: string) => {
        await expect(toastMessage(page, message)).toBeVisible();
      };

      // Type 0
      await page.goto(`${p}/insure?type=0`);
      await expect(page.getByRole('checkbox', { name: '无人机机身损失险' })).toBeVisible();
      await save();
      await expectMessage(m.mainCoverRequired);
      // Refused: the box stays unchecked.
      await clickBox(page, '附加盗抢险');
      await expectMessage(m.additionalNeedsMain);
      await expect(page.getByRole('checkbox', { name: '附加盗抢险' })).not.toBeChecked();
      await setBox(page, '无人机机身损失险', true);
      await save();
      await expectMessage(m.amountPositive);
      await page.locator('#drone-0-quantity').fill('1');
      await page.locator('#drone-0-price').fill('10000');
      await save();
      await expectMessage(m.insurerRequired);
      await setBox(page, '人保财险', true);
      await save();
      await expectMessage(m.applicationFieldRequired);
      await page.locator('#flying-applicationField').selectOption('其他');
      await page.getByRole('button', { name: '询价', exact: true }).click();
      await expectMessage(m.applicationFieldRemarkRequired);
      await shot(page, `${size.name}-validation-type0`);
      // Clearing every main cover clears the riders too.
      await setBox(page, '附加盗抢险', true);
      await expect(page.getByRole('checkbox', { name: '附加盗抢险' })).toBeChecked();
      await setBox(page, '无人机机身损失险', false);
      await expect(page.getByRole('checkbox', { name: '附加盗抢险' })).not.toBeChecked();

      // Type 1
      await page.goto(`${p}/insure?type=1`);
      await expect(page.getByRole('checkbox', { name: '培训责任险' })).toBeVisible();
      await save();
      await expectMessage(m.coverRequired);
      const only = async (id: string) => {
        for (const name of [
          '无人机机身损失险',
          '无人机第三者责任险',
          '教员/员工团体意外险',
          '学员团体意外险',
          '场地/公众责任险',
          '培训责任险',
        ])
          await setBox(page, name, name === id);
      };
      await only('无人机机身损失险');
      await save();
      await expectMessage(m.synchronizationRequired);
      await page
        .locator('label.bp6-radio')
        .filter({ has: page.locator('input[name="flying-synchronization"][value="1"]') })
        .click();
      await save();
      await expectMessage(m.droneQuantityAndPrice);
      await only('无人机第三者责任险');
      await page.locator('#drone-0-quantity').fill('2');
      await page.locator('#line-2-amount').selectOption('50');
      await save();
      await expectMessage(m.liabilityQuantityAndWeight);
      await only('教员/员工团体意外险');
      await save();
      await expectMessage(m.staffAmountRequired);
      await page.locator('#line-100-amount').selectOption('10');
      await save();
      await expectMessage(m.staffCountRequired);
      await only('学员团体意外险');
      await save();
      await expectMessage(m.studentAmountRequired);
      await page.locator('#line-101-amount').selectOption('30');
      await save();
      await expectMessage(m.studentTermRequired);
      await page.locator('#line-101-term').selectOption('60');
      await save();
      await expectMessage(m.studentCountRequired);
      await only('场地/公众责任险');
      await save();
      await expectMessage(m.siteSizeRequired);
      await shot(page, `${size.name}-validation-type1`);
    });
  });
}

test.describe('partner entry', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a one-time code signs in, is stripped from the address, and from= hides the plan actions', async ({ page }) => {
    const account = await registerUser(page.request, { profile: true });
    const order = await api<{ id: string }>(page.request, account, 'POST', '/order/inquiryPrice', generalApplication());
    expect(order.code, order.message).toBe(20000);
    const auth = await api<{ code: string }>(page.request, account, 'POST', '/uc/authorize', {});
    expect(auth.code, auth.message).toBe(20000);
    await page.goto(
      `/touch/supportConcept?type=0&id=${order.data.id}&from=partner&code=${encodeURIComponent(auth.data.code)}`,
    );
    await expect(page).toHaveURL(new RegExp(`/touch/supportConcept\\?type=0&id=${order.data.id}&from=partner$`));
    expect(await page.evaluate(() => localStorage.getItem('feibao.accessToken'))).toBeTruthy();
    await expect(page.getByRole('button', { name: '向人保财险投保' })).toBeVisible();
    await expect(page.locator('header.fb-m-header')).toHaveCount(0);
    for (const name of ['返回', '刷新', '撤销询价', '重新询价', '重置方案', '返回订单查询'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    await shot(page, 'mobile-plan-partner', { docs: true });
  });
});

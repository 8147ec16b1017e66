import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { adminCredentials, passwordLogin, shot, signIn, toast } from './helpers.ts';

/**
 * The operations console at 1280×800: a projection parked by a malformed event is retried from
 * the console (it parks again, with its error), then the event is skipped and it runs on.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const databaseUrl = () => {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (scripts/test.mjs passes the database the platform uses)');
  return url;
};

/** A FileUploaded without its fields, written straight into the store: the uploads projection cannot store it. */
const insertMalformedUpload = async (db: pg.Client) => {
  const { rows } = await db.query(
    `INSERT INTO emt_messages (stream_position, transaction_id, stream_id, message_schema_version, message_id, message_type, message_data, message_metadata)
     VALUES (1, pg_current_xact_id(), $1, '1', gen_random_uuid()::text, 'FileUploaded', '{"note":"malformed"}', '{}')
     RETURNING global_position`,
    [`upload-broken-${randomUUID()}`],
  );
  return Number(rows[0].global_position);
};

test.describe('operations console', () => {
  test('a parked projection is retried from the console, then its bad event is skipped', async ({ page }) => {
    test.setTimeout(120_000);
    const db = new pg.Client({ connectionString: databaseUrl() });
    await db.connect();
    try {
      const { mobilePhone, password } = adminCredentials();
      const admin = await passwordLogin(page.request, mobilePhone, password);
      await signIn(page, admin);

      const position = await insertMalformedUpload(db);
      await page.goto('/backoffice/ops');
      await expect(page.getByTestId('ops-console')).toBeVisible();
      await expect(page.getByRole('tab', { name: '投影' })).toHaveAttribute('aria-selected', 'true');
      const row = page.getByTestId('ops-projection-uploads');
      await expect(row).toHaveAttribute('data-state', 'parked', { timeout: 30_000 });
      await expect(row.getByTestId('ops-projection-state')).toHaveText('已暂停');
      await expect(row.getByTestId('ops-projection-failed')).toContainText(`#${position} FileUploaded`);
      await expect(row.getByTestId('ops-projection-error')).toContainText('null value');
      await shot(page, 'desktop-backoffice-ops', { docs: true });

      // Retry: the runner takes it up again without a restart, fails on the same event, parks again.
      await db.query(`UPDATE feibao_projections SET last_error = 'e2e: before retry' WHERE name = 'uploads'`);
      await expect(row.getByTestId('ops-projection-error')).toHaveText('e2e: before retry');
      await row.getByTestId('ops-retry').click();
      const dialog = page.locator('.fb-ops-dialog');
      await dialog.getByTestId('ops-dialog-ok').click();
      await expect(dialog.getByText('请填写原因')).toBeVisible();
      await dialog.getByTestId('ops-reason').fill('确认故障是否仍在');
      await dialog.getByTestId('ops-dialog-ok').click();
      await expect(toast(page, '已重新启动投影')).toBeVisible();
      await expect(row.getByTestId('ops-projection-error')).toContainText('null value', { timeout: 30_000 });
      await expect(row).toHaveAttribute('data-state', 'parked', { timeout: 30_000 });

      // Skip: the checkpoint moves past the event and the projection runs on and catches up.
      await row.getByTestId('ops-skip').click();
      await expect(dialog).toContainText(`#${position}`);
      await dialog.getByTestId('ops-reason').fill('事件数据缺失，已登记修复单');
      await dialog.getByTestId('ops-dialog-ok').click();
      await expect(toast(page, '已跳过该事件')).toBeVisible();
      await expect(row).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
      await expect(row).toContainText('已追平', { timeout: 30_000 });
      await expect(row.getByTestId('ops-retry')).toHaveCount(0);

      // Both actions are on record with who and why.
      await page.getByRole('tab', { name: '操作记录' }).click();
      const records = page.getByTestId('ops-audit-row');
      await expect(records.first()).toContainText('跳过事件');
      await expect(records.first()).toContainText('事件数据缺失，已登记修复单');
      await expect(records.nth(1)).toContainText('重试投影');
      await expect(records.nth(1)).toContainText(mobilePhone);

      // Queues: counts per queue; the job views open in bull-board.
      await page.getByRole('tab', { name: '队列' }).click();
      await expect(page.getByTestId('ops-queue-insurer')).toBeVisible();
      const [board] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('ops-open-board').click()]);
      await expect(board).toHaveURL(/\/api\/v1\/uav\/backoffice\/ops\/board\/$/);
      await expect(board).toHaveTitle('飞保 任务队列');
      await expect(board.getByText('claim-timers').first()).toBeVisible();
      await board.close();
    } finally {
      await db.end();
    }
  });
});

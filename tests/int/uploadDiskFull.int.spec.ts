import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';

/**
 * Uploads onto a disk that fills up: a 512 KB tmpfs as the upload folder (mounting needs root, as
 * on the CI machines; elsewhere the test is skipped and says so). Every answer is an envelope, the
 * refusal says the storage is full, and what is on disk is exactly what was recorded.
 */
const mountPoint = mkdtempSync(path.join(tmpdir(), 'feibao-full-disk-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  mounted = false;
}

let platform: TestPlatform;
let client: Client;
beforeAll(async () => {
  if (!mounted) return;
  platform = await startTestPlatform({ env: { UPLOAD_DIR: mountPoint } });
  client = platform.client();
  await registerUser(client);
}, 60_000);
afterAll(async () => {
  await platform?.stop();
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** A PNG of random pixels (it does not compress): about 120 KB. */
const noisyPng = (seed: number) => {
  const raw = Buffer.alloc(200 * 200 * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width: 200, height: 200, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

describe.skipIf(!mounted)('a full disk under the uploads', () => {
  it('refuses clearly and stores nothing half: files on disk are exactly the recorded ones', async () => {
    const answers: { status: number; code: number; message: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(await noisyPng(i))], { type: 'image/png' }), `scan-${i}.png`);
      const response = await fetch(`${platform.baseUrl}/api/v1/uav/file/uploadBatch?type=3`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.state.accessToken}` },
        body: form,
      });
      const body = (await response.json()) as { code: number; message: string };
      answers.push({ status: response.status, code: body.code, message: body.message });
    }
    const accepted = answers.filter((a) => a.code === 20000).length;
    const refused = answers.filter((a) => a.code !== 20000);
    expect(accepted).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused, JSON.stringify(answers)).toSatisfy((r: typeof refused) =>
      r.every((a) => a.code === 50300 && a.status === 503 && a.message === '服务器存储空间不足，请稍后再试'),
    );
    // Nothing half-stored: no partial file, no file without its record, no record without its file.
    const onDisk = readdirSync(mountPoint, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
    const recorded = (
      await platform.pool.query(`SELECT stream_id FROM emt_messages WHERE message_type = 'FileUploaded'`)
    ).rows;
    expect(recorded).toHaveLength(accepted);
    expect(onDisk).toHaveLength(accepted);
  });
});

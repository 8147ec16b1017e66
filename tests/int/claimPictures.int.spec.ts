import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDecider } from '@feibao/domain/claims/claim.commands';
import { claimStreamId, type Claim, type ClaimEvent, type ClaimRecord } from '@feibao/domain/claims/claim.events';
import { aggregate, createEventStore, type EventStore } from '@feibao/platform/eventStore';
import { createRedis, type Redis } from '@feibao/platform/redis';
import { CLAIM_PICTURE_QUEUE, type ClaimPictureJob } from '@feibao/workers/claims/pictures/index';
import { openClaimOnStream } from '../support/claims.ts';
import { pngDeclaring } from '../support/images.ts';
import { registerUser, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';

const LARGE_SIDE = 5000;
let platform: TestPlatform;
let eventStore: EventStore;
let redis: Redis;
let pictureJobs: Queue<ClaimPictureJob>;
let uploadDir: string;
let uploadUrl: string;
let client: Client;
let owner: string;

const upload = async (claimId: string, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.append('id', claimId);
  form.append('files', new Blob([bytes]), name);
  const response = await fetch(`${uploadUrl}/api/v1/uav/claim/settlement/uploadBatch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.state.accessToken}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { code: number; message: string; data: any } };
};

const openClaim = () => openClaimOnStream(eventStore, owner);

const claimOf = async (claimId: string) =>
  (await aggregate<Claim, ClaimEvent>(eventStore, claimStreamId(claimId), claimDecider)) as ClaimRecord;

const waitFor = async <T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  pollMs = 20,
): Promise<T> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`not reached within ${timeoutMs} ms`);
};

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'feibao-claim-pictures-'));
  platform = await startTestPlatform({
    env: {
      UPLOAD_DIR: uploadDir,
      UPLOAD_MAX_BYTES: String(48 * 1024 * 1024),
      PICTURE_LOCK_MS: '1000',
      SMS_HOURLY_PER_ADDRESS: '100000',
    },
  });
  eventStore = createEventStore(platform.config.databaseUrl);
  redis = createRedis(platform.config.redisUrl);
  pictureJobs = new Queue<ClaimPictureJob>(CLAIM_PICTURE_QUEUE, {
    connection: redis,
    prefix: platform.config.queuePrefix,
  });
  uploadUrl = platform.baseUrl;
  client = platform.client();
  await registerUser(client);
  owner = JSON.parse(Buffer.from(client.state.accessToken!.split('.')[1]!, 'base64url').toString()).sub;
});
afterAll(async () => {
  await pictureJobs?.close();
  redis?.disconnect();
  await eventStore?.close();
  await platform?.stop();
  if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
});

describe('claim picture uploads', () => {
  it('stores a real picture privately and makes its copies', async () => {
    const claimId = await openClaim();
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const answer = await upload(claimId, jpeg, '现场照片.JPG');
    expect(answer.body.code).toBe(20000);
    expect(answer.body.message).toBe('上传成功');
    const [picture] = answer.body.data;
    expect(picture).toMatchObject({ name: '现场照片.JPG', smallFileUrl: null });
    expect(picture.id.startsWith(`${claimId}.`)).toBe(true);
    expect(existsSync(path.join(uploadDir, 'claims', claimId, `${picture.id}.jpg`))).toBe(true);

    const done = await waitFor(async () => {
      const p = (await claimOf(claimId)).pictures[picture.id];
      return p?.processing === 'done' ? p : null;
    }, 15_000);
    expect(done.thumbnailAs).toBe(`claims/${claimId}/${picture.id}.thumb.webp`);
    const thumb = await sharp(path.join(uploadDir, done.thumbnailAs!)).metadata();
    expect(Math.max(thumb.width, thumb.height)).toBeLessThanOrEqual(240);
    expect(thumb.exif).toBeUndefined();
  });

  it('classifies, pages, counts, serves and deletes pictures through the edge; only the owner and staff see them', async () => {
    const API = '/api/v1/uav/claim/settlement';
    const claimId = await openClaim();
    const ids: string[] = [];
    for (const colour of ['#a33', '#3a3', '#33a']) {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const answer = await upload(claimId, png, `p${ids.length}.png`);
      expect(answer.body.code).toBe(20000);
      ids.push(answer.body.data[0].id);
    }
    await waitFor(async () => {
      const claim = await claimOf(claimId);
      return ids.every((id) => claim.pictures[id]?.processing === 'done');
    }, 15_000);
    const countOf = async (code: string) => {
      const tree = (await client.get(`${API}/listImageType?id=${claimId}`)).body.data as any[];
      const walk = (nodes: any[]): any => nodes.flatMap((n) => [n, ...walk(n.childList)]);
      return walk(tree).find((n: any) => n.imageTypeCode === code)?.imageTypeCount;
    };
    expect(await countOf('99')).toBe(3);

    const classified = await client.post(`${API}/updatePicBatch?imageTypeCode=1010&imageTypeName=x`, ids.slice(0, 2));
    expect(classified.body).toMatchObject({ code: 20000, message: '分类成功' });
    expect(await countOf('99')).toBe(1);
    expect(await countOf('1010')).toBe(2);
    expect(await countOf('10')).toBe(2);
    expect((await client.post(`${API}/updatePicBatch?imageTypeCode=nope`, ids)).body).toMatchObject({
      code: 40000,
      message: '请选择分类',
    });
    expect((await client.post(`${API}/updatePicBatch?imageTypeCode=1010`, [])).body.code).toBe(40000);

    const page = await client.post(`${API}/pageImageInfo`, {
      id: claimId,
      imageTypeCode: '10',
      pageSize: 10,
      currentPage: 1,
    });
    expect(page.body.data.totalCount).toBe(2);
    expect(page.body.data.datas[0]).toMatchObject({ imageTypeCode: '1010' });
    const row = page.body.data.datas[0];
    const fetchAs = (token: string | null, url: string) =>
      fetch(`${platform.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const small = await fetchAs(client.state.accessToken, row.smallFileUrl);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/webp');
    // The original keeps GPS and capture time: staff only.
    expect((await fetchAs(client.state.accessToken, `${row.fileUrl}?size=original`)).status).toBe(403);

    const stranger = platform.client();
    await registerUser(stranger);
    expect((await fetchAs(stranger.state.accessToken, row.fileUrl)).status).toBe(404);
    expect((await fetchAs(null, row.fileUrl)).status).toBe(401);
    expect((await stranger.get(`${API}/listImageType?id=${claimId}`)).body.code).toBe(40400);
    expect((await stranger.post(`${API}/pageImageInfo`, { id: claimId, imageTypeCode: '99' })).body.code).toBe(40400);
    expect((await stranger.post(`${API}/updatePicBatch?imageTypeCode=1010`, ids)).body.code).toBe(40400);
    expect((await stranger.post(`${API}/deletePicBatch`, ids)).body.code).toBe(40400);

    const deleted = await client.post(`${API}/deletePicBatch`, [ids[0]]);
    expect(deleted.body).toMatchObject({ code: 20000, message: '删除成功' });
    expect(await countOf('1010')).toBe(1);
    expect((await client.post(`${API}/deletePicBatch`, [ids[0]])).body.code).toBe(40400);
  });

  it('refuses an executable renamed .png', async () => {
    const claimId = await openClaim();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(4096)]);
    const answer = await upload(claimId, elf, 'photo.png');
    expect(answer.body).toMatchObject({ code: 41500, message: '请上传图片格式' });
    expect(Object.keys((await claimOf(claimId)).pictures)).toHaveLength(0);
    expect(existsSync(path.join(uploadDir, 'claims', claimId))).toBe(false);
  });

  it('refuses a 20,000 × 20,000 PNG from its header, without decoding it', async () => {
    const claimId = await openClaim();
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const answer = await upload(claimId, bomb, 'bomb.png');
    const elapsed = performance.now() - started;
    expect(answer.body).toMatchObject({ code: 41300, message: '文件过大' });
    expect(elapsed).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(Object.keys((await claimOf(claimId)).pictures)).toHaveLength(0);
  });

  it('refuses an oversized file while it streams in', async () => {
    const claimId = await openClaim();
    const big = Buffer.alloc(platform.config.uploadMaxBytes + 1024, 0xff);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const answer = await upload(claimId, big, 'big.jpg').catch((error: Error) => ({
      status: 0,
      body: { code: 0, message: error.message, data: null },
    }));
    // The server answers before reading the whole body; the client may see the reply or a reset.
    if (answer.status !== 0) expect(answer.body).toMatchObject({ code: 41300, message: '文件过大' });
    expect(Object.keys((await claimOf(claimId)).pictures)).toHaveLength(0);
  });

  it('finishes a picture whose worker was killed mid-job', async () => {
    const claimId = await openClaim();
    // Noise defeats compression: a large, legal picture that takes a while to decode and resize.
    const raw = randomBytes(LARGE_SIDE * LARGE_SIDE * 3);
    const jpeg = await sharp(raw, { raw: { width: LARGE_SIDE, height: LARGE_SIDE, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const answer = await upload(claimId, jpeg, 'large.jpg');
    expect(answer.body.code).toBe(20000);
    const pictureId: string = answer.body.data[0].id;

    await waitFor(async () => (await (await pictureJobs.getJob(pictureId))?.getState()) === 'active', 15_000, 5);
    await platform.killWorkers();
    const afterKill = (await claimOf(claimId)).pictures[pictureId]!;
    expect(afterKill.processing).toBe('pending');
    expect(await (await pictureJobs.getJob(pictureId))?.getState()).toBe('active');

    await platform.startWorkers();
    const done = await waitFor(
      async () => {
        const p = (await claimOf(claimId)).pictures[pictureId];
        return p?.processing === 'done' ? p : null;
      },
      25_000,
      100,
    );
    expect(done).toMatchObject({
      thumbnailAs: `claims/${claimId}/${pictureId}.thumb.webp`,
      displayAs: `claims/${claimId}/${pictureId}.display.webp`,
    });
    expect(existsSync(path.join(uploadDir, done.thumbnailAs!))).toBe(true);
    const display = await sharp(path.join(uploadDir, done.displayAs!)).metadata();
    expect(Math.max(display.width, display.height)).toBe(1600);
    // No picture of the claim is left without its copies, and no temp file is left behind.
    const claim = await claimOf(claimId);
    expect(Object.values(claim.pictures).every((p) => p.processing === 'done' && p.thumbnailAs)).toBe(true);
    // Taken up again by the stalled check, not finished by the killed run.
    expect((await pictureJobs.getJob(pictureId))?.stalledCounter).toBeGreaterThanOrEqual(1);
    expect(readdirSync(path.join(uploadDir, 'claims', claimId)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const stream = await eventStore.readStream<ClaimEvent>(claimStreamId(claimId));
    expect(stream.events.filter((e) => e.type === 'ClaimPictureProcessed')).toHaveLength(1);
  }, 60_000);
});

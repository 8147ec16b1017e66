import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '@feibao/platform/eventStore';
import { openClaimOnStream } from '../support/claims.ts';
import { crc32, jpegDeclaring, pngDeclaring } from '../support/images.ts';
import { registerUser, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';

/**
 * Uploads judged by content (docs/security.md "Input and uploads"): polyglots, decompression bombs
 * and path tricks in names, on both upload routes (general files and claim pictures). A refusal
 * leaves no file on disk and no event; a stored file is named by the server, never by the sender.
 */

let platform: TestPlatform;
let eventStore: EventStore;
let uploadDir: string;
let client: Client;
let owner: string;

type Answer = { status: number; body: { code: number; message: string; data: any } };

const post = async (url: string, form: FormData): Promise<Answer> => {
  const response = await fetch(platform.baseUrl + url, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.state.accessToken}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
};
const formOf = (files: [Uint8Array, string][], fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [bytes, name] of files) form.append('files', new Blob([bytes]), name);
  return form;
};
const uploadFiles = (files: [Uint8Array, string][]) => post('/api/v1/uav/file/uploadBatch?type=3', formOf(files));
const uploadPictures = (claimId: string, files: [Uint8Array, string][]) =>
  post('/api/v1/uav/claim/settlement/uploadBatch', formOf(files, { id: claimId }));

/** Every file below the upload folder, relative to it. */
const filesOnDisk = () =>
  (readdirSync(uploadDir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadDir, path.join(entry.parentPath, entry.name)))
    .sort();
const eventCount = async (type: string) =>
  Number(
    (await platform.pool.query('SELECT count(*) AS n FROM emt_messages WHERE message_type = $1', [type])).rows[0].n,
  );

const openClaim = () => openClaimOnStream(eventStore, owner);

// ——— fixtures ———
/** A one-file ZIP archive (stored, not compressed), as appended to a picture to smuggle a PHP file. */
const zipOf = (name: string, content: string) => {
  const data = Buffer.from(content);
  const file = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(file.length, 28);
  const localSize = local.length + file.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, file, data, central, file, end]);
};
/** A JPEG with a comment segment (COM) right after SOI: structurally valid, whatever the comment says. */
const jpegWithComment = (jpeg: Buffer, comment: string) => {
  const text = Buffer.from(comment, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
};
/** The classic GIF/JavaScript polyglot: the width bytes open a JS comment, a GIF comment block holds the script. */
const gifJavaScript = () => {
  const script = Buffer.from('*/=alert(document.cookie);/*', 'latin1');
  return Buffer.concat([
    Buffer.from('GIF89a/*', 'latin1'),
    Buffer.from([0x0a, 0x00, 0x00, 0x00, 0x00]),
    Buffer.from([0x21, 0xfe, script.length]),
    script,
    Buffer.from([0x00, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0, 0x3b]),
  ]);
};

let jpeg: Buffer;
let png: Buffer;
/** Each made when its test runs (the real pictures are made in beforeAll). */
const polyglots: Record<string, () => [Buffer, string]> = {
  'JPEG + HTML/JS': () => [
    Buffer.concat([jpeg, Buffer.from('<html><body><script>fetch("/api/v1/uav/user/info")</script></body></html>')]),
    'photo.jpg',
  ],
  'JPEG + ZIP/PHP': () => [Buffer.concat([jpeg, zipOf('shell.php', '<?php system($_GET["c"]); ?>')]), 'photo.jpg'],
  'JPEG with PHP in a comment': () => [jpegWithComment(jpeg, '<?php system($_GET["c"]); ?>'), 'photo.jpg'],
  'GIF/JS': () => [gifJavaScript(), 'anim.gif'],
  'PNG + script after IEND': () => [Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]), 'pic.png'],
  'SVG with script': () => [
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'pic.svg',
  ],
  'SVG renamed .png': () => [
    Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    'pic.png',
  ],
  'HTML renamed .jpg': () => [Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'photo.jpg'],
  'truncated JPEG': () => [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'half.jpg'],
  'PDF with JavaScript': () => [
    Buffer.from(
      '%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    ),
    'doc.pdf',
  ],
};

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'feibao-security-uploads-'));
  platform = await startTestPlatform({ env: { UPLOAD_DIR: uploadDir, PICTURE_MAX_PIXELS: '40000000' } });
  eventStore = createEventStore(platform.config.databaseUrl);
  client = platform.client();
  const { phone } = await registerUser(client);
  owner = phone;
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
    .jpeg()
    .withMetadata()
    .toBuffer();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36a' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await eventStore?.close();
  await platform?.stop();
  if (uploadDir) rmSync(uploadDir, { recursive: true, force: true });
});

/** The picture worker's copies of a claim picture, and the temporary files it renames into them. */
const WORKER_COPY = /\.(thumb|display)\.webp(\.[0-9a-f]+\.tmp)?$/;

/** Runs an upload that must be refused and checks nothing of it was kept. */
const refusedLeavingNothing = async (upload: () => Promise<Answer>) => {
  const before = {
    files: filesOnDisk(),
    uploads: await eventCount('FileUploaded'),
    pictures: await eventCount('ClaimPictureUploaded'),
  };
  const answer = await upload();
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  // The picture worker may still be writing copies of earlier pictures (through temporary files).
  const originals = (files: string[]) => files.filter((f) => !WORKER_COPY.test(f));
  expect(originals(filesOnDisk())).toEqual(originals(before.files));
  expect(await eventCount('FileUploaded')).toBe(before.uploads);
  expect(await eventCount('ClaimPictureUploaded')).toBe(before.pictures);
  return answer;
};

describe('uploads judged by content', () => {
  it('takes real pictures and PDFs, also a JPEG followed by its multi-picture companions', async () => {
    const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#a33' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#a33' } })
      .webp()
      .toBuffer();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const answer = await uploadFiles([
      [jpeg, 'a.jpg'],
      [png, 'b.png'],
      [gif, 'c.gif'],
      [webp, 'd.webp'],
      [pdf, 'e.pdf'],
      [Buffer.concat([jpeg, jpeg]), 'mpf.jpg'],
    ]);
    expect(answer.body).toMatchObject({ code: 20000, message: '上传成功' });
    // Formidable lists the parts as each finishes writing: compare without order.
    expect(answer.body.data.map((f: { mime: string }) => f.mime).sort()).toEqual([
      'application/pdf',
      'image/gif',
      'image/jpeg',
      'image/jpeg',
      'image/png',
      'image/webp',
    ]);
    const claimId = await openClaim();
    expect((await uploadPictures(claimId, [[jpeg, 'scene.jpg']])).body.code).toBe(20000);
  });

  it.each(Object.keys(polyglots))('refuses a polyglot or disguised file on both routes: %s', async (label) => {
    const [bytes, name] = polyglots[label]!();
    const file = await refusedLeavingNothing(() => uploadFiles([[bytes, name]]));
    expect(file.body).toMatchObject({ code: 41500, message: '上传失败：仅支持 jpg、png、gif、webp 图片和 pdf 文件' });
    const claimId = await openClaim();
    const picture = await refusedLeavingNothing(() => uploadPictures(claimId, [[bytes, name]]));
    expect(picture.body).toMatchObject({ code: 41500, message: '请上传图片格式' });
  });

  it('refuses a whole batch when one of its files is a polyglot', async () => {
    const bad = Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]);
    await refusedLeavingNothing(() =>
      uploadFiles([
        [jpeg, 'good.jpg'],
        [bad, 'bad.jpg'],
      ]),
    );
    const claimId = await openClaim();
    await refusedLeavingNothing(() =>
      uploadPictures(claimId, [
        [jpeg, 'good.jpg'],
        [bad, 'bad.jpg'],
      ]),
    );
  });

  it('refuses decompression bombs from their headers, undecoded: a 50,000 × 50,000 PNG, a 60,000 × 60,000 JPEG', async () => {
    const bombs: [Buffer, string][] = [
      [pngDeclaring(50_000, 50_000), 'bomb.png'],
      [jpegDeclaring(jpeg, 60_000, 60_000), 'bomb.jpg'],
    ];
    // What the workers' decoder would do with them: refuse past its pixel limit.
    for (const [bytes] of bombs)
      await expect(sharp(bytes, { limitInputPixels: 40_000_000 }).raw().toBuffer()).rejects.toThrow();
    for (const [bytes, name] of bombs) {
      const started = performance.now();
      const file = await refusedLeavingNothing(() => uploadFiles([[bytes, name]]));
      expect(file.body).toMatchObject({ code: 41300, message: '文件过大' });
      const claimId = await openClaim();
      const picture = await refusedLeavingNothing(() => uploadPictures(claimId, [[bytes, name]]));
      expect(picture.body).toMatchObject({ code: 41300, message: '文件过大' });
      expect(performance.now() - started).toBeLessThan(3_000);
    }
  });

  it('stores under server-made names and shows the sender’s name cleaned, whatever path tricks it holds', async () => {
    const names: [string, string][] = [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\windows\\x.jpg', 'x.jpg'],
      ['/abs/olute.png', 'olute.png'],
      ['nul\u0000byte.png', 'nulbyte.png'],
      ['photo\u202egnp.exe', 'photognp.exe'],
      ['..', ''],
      [`${'长'.repeat(1000)}.png`, '长'.repeat(200)],
    ];
    const claimId = await openClaim();
    for (const [sent, shown] of names) {
      const before = filesOnDisk();
      const file = await uploadFiles([[png, sent]]);
      expect(file.body.code, sent).toBe(20000);
      const [stored] = file.body.data;
      expect(stored.name).toBe(shown || `${stored.id}.png`);
      const added = filesOnDisk().filter((f) => !before.includes(f) && !f.startsWith('claims'));
      expect(added).toEqual([`${stored.id}.png`]);
      expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);

      const picture = await uploadPictures(claimId, [[png, sent]]);
      expect(picture.body.code, sent).toBe(20000);
      const [shownPicture] = picture.body.data;
      expect(shownPicture.name).toBe(shown || `${shownPicture.id}.png`);
    }
    // Everything on disk sits under the upload folder with a name the server made.
    for (const file of filesOnDisk().filter((f) => !WORKER_COPY.test(f)))
      expect(file).toMatch(
        /^(claims\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.[0-9a-f-]{36}\.(png|jpg)|[0-9a-f-]{36}\.(jpg|png|gif|webp|pdf))$/,
      );
  });
});

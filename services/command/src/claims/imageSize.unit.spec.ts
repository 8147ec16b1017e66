import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readImageSize } from './imageSize.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'feibao-image-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fileOf = async (name: string, image: Sharp) => {
  const file = path.join(dir, name);
  writeFileSync(file, await image.toBuffer());
  return file;
};
const canvas = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#888' } });

describe('readImageSize', () => {
  it.each([
    ['image/png', 'a.png', (w: number, h: number) => canvas(w, h).png()],
    ['image/gif', 'a.gif', (w: number, h: number) => canvas(w, h).gif()],
    ['image/webp', 'lossy.webp', (w: number, h: number) => canvas(w, h).webp()],
    ['image/webp', 'lossless.webp', (w: number, h: number) => canvas(w, h).webp({ lossless: true })],
    ['image/jpeg', 'a.jpg', (w: number, h: number) => canvas(w, h).jpeg().withExif({ IFD0: { Copyright: 'x'.repeat(5000) } })],
  ])('reads %s (%s) from the header', async (mime, name, make) => {
    expect(await readImageSize(await fileOf(name, make(1234, 567)), mime)).toEqual({ width: 1234, height: 567 });
  });

  it('reads the extended WebP header (VP8X)', async () => {
    const file = await fileOf('alpha.webp', sharp({ create: { width: 300, height: 200, channels: 4, background: '#8888' } }).webp().withExif({ IFD0: { Copyright: 'x' } }));
    expect(await readImageSize(file, 'image/webp')).toEqual({ width: 300, height: 200 });
  });

  it('gives up on a truncated JPEG', async () => {
    const file = path.join(dir, 'cut.jpg');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]), Buffer.alloc(40)]));
    expect(await readImageSize(file, 'image/jpeg')).toBeNull();
  });
});

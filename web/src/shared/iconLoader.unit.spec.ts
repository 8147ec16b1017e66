import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IconSize } from '@blueprintjs/icons';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { iconPathsFiles, iconPathsFolder } from '../../iconPaths.ts';

// The files the build emits (web/iconPaths.ts), served as the edge serves them; the loader finds
// their folder through the constant the Vite plugin defines.
let server: http.Server;
const requests: string[] = [];

beforeAll(async () => {
  const files = new Map((await iconPathsFiles()).map((file) => [`/${file.fileName}`, file.source]));
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const source = files.get(req.url ?? '');
    res.writeHead(source ? 200 : 404, { 'content-type': 'application/json' });
    res.end(source ?? '{"code":40400}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubGlobal('__BLUEPRINT_ICON_PATHS__', `http://127.0.0.1:${port}/${await iconPathsFolder()}`);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe('the per-icon loader', () => {
  it('loads one icon’s paths in either size, and nothing for a name it does not know', async () => {
    const { loadIconPaths } = await import('./iconLoader.ts');
    const small = await loadIconPaths('cross', IconSize.STANDARD);
    const large = await loadIconPaths('cross', IconSize.LARGE);
    expect(small.length).toBeGreaterThan(0);
    expect(small[0]).toMatch(/^[Mm]/);
    expect(large.length).toBeGreaterThan(0);
    expect(small).not.toEqual(large);
    expect(await loadIconPaths('no-such-icon' as never, IconSize.STANDARD)).toEqual([]);
  });

  it('asks once for an icon that several places draw at the same time', async () => {
    const { loadIconPaths } = await import('./iconLoader.ts');
    requests.length = 0;
    const all = await Promise.all([1, 2, 3].map(() => loadIconPaths('shield', IconSize.STANDARD)));
    expect(all[0]?.length).toBeGreaterThan(0);
    expect(all[1]).toBe(all[0]);
    expect(requests.filter((url) => url.endsWith('/16/shield.json'))).toHaveLength(1);
  });

  it('emits every icon of both sizes, each file its paths as JSON', async () => {
    const files = await iconPathsFiles();
    const folder = await iconPathsFolder();
    expect(folder).toMatch(/^assets\/blueprint-icons-\d+\.\d+\.\d+$/);
    const of = (size: number) => files.filter((file) => file.fileName.startsWith(`${folder}/${size}/`));
    expect(of(16).length).toBeGreaterThan(500);
    expect(of(20)).toHaveLength(of(16).length);
    expect(files.some((file) => file.fileName.endsWith('/index.json'))).toBe(false);
    for (const file of files.slice(0, 20))
      expect(JSON.parse(file.source)).toEqual(expect.arrayContaining([expect.stringMatching(/^[Mm]/)]));
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, serveWeb } from './staticFiles.ts';

const script = 'console.log("飞保");\n'.repeat(200);
const page = '<!doctype html><title>飞保</title>';

let root: string;
let server: http.Server;
let base: string;

/** A raw GET (fetch would decode the body and hide which copy was sent). */
const get = (pathname: string, acceptEncoding?: string, method = 'GET') =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(
      `${base}${pathname}`,
      { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'feibao-static-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), page);
  writeFileSync(path.join(root, 'index.html.gz'), gzipSync(page));
  writeFileSync(path.join(root, 'rules.html'), page);
  writeFileSync(path.join(root, 'assets', 'main-abc123.js'), script);
  writeFileSync(path.join(root, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(root, 'assets', 'main-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(root, 'assets', 'plain-abc123.js'), 'plain');
  // A build's manifest: the shell, and the ordering feature with a chunk of its own and one it shares with the shell.
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/main-abc123.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-abc123.js' },
      'src/ordering/pages.ts': { file: 'assets/pages-abc123.js', imports: ['_react.js', '_form.js'] },
      '_form.js': { file: 'assets/form-abc123.js', css: ['assets/form-abc123.css'] },
    }),
  );
  writeFileSync(
    path.join(root, '.vite', 'route-features.json'),
    JSON.stringify({ 'src/ordering/pages.ts': ['/touch/insure', '/platform/orderInquiry'] }),
  );
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://edge');
    void serveWeb(res, root, url.pathname, req.method ?? 'GET');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('acceptedEncodings', () => {
  it('prefers brotli, then gzip, honours q=0 and the wildcard', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*, gzip;q=0')).toEqual(['br']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});

describe('serveWeb', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const answer = await get('/assets/main-abc123.js', 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/main-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const identity = await get('/assets/main-abc123.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(identity.body.toString()).toBe(script);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const answer = await get('/assets/plain-abc123.js', 'br, gzip');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe('plain');
  });

  it('answers a page path with the HTML entry, compressed and revalidated each time', async () => {
    const answer = await get('/touch/insure', 'br, gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gunzipSync(answer.body).toString()).toBe(page);
  });

  it("names a feature page's chunks beyond the shell's in a Link header, so they load beside the shell", async () => {
    const insure = await get('/touch/insure', 'br');
    expect(insure.headers.link).toBe(
      '</assets/pages-abc123.js>; rel=modulepreload, </assets/form-abc123.js>; rel=modulepreload, </assets/form-abc123.css>; rel=preload; as=style',
    );
    expect((await get('/platform/orderInquiry/')).headers.link).toBe(insure.headers.link);
    // The shell's own pages, the rule platform and files have nothing more to preload.
    expect((await get('/touch/index')).headers.link).toBeUndefined();
    expect((await get('/rules/login')).headers.link).toBeUndefined();
    expect((await get('/assets/main-abc123.js')).headers.link).toBeUndefined();
  });

  it('answers HEAD with the headers of the copy GET would send and no body', async () => {
    const answer = await get('/assets/main-abc123.js', 'br', 'HEAD');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(answer.body.length).toBe(0);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@feibao/platform/config';
import type { RouteEntry } from '@feibao/platform/http/routeTable';
import { CONTENT_SECURITY_POLICY, securityHeaders } from '@feibao/edge-service/securityHeaders';
import { MAX_FILES_PER_UPLOAD } from '@feibao/domain/uploads/upload';
import { NGINX_ROUTES_FILE, renderNginxRouteMap } from '../../scripts/nginxRoutes.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

const root = path.resolve(import.meta.dirname, '../..');
const nginx = (file: string) => readFileSync(path.join(root, 'deploy/nginx', file), 'utf8');

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ workers: false });
});
afterAll(async () => platform?.stop());

const tableOf = async (port: number) =>
  ((await (await fetch(`http://127.0.0.1:${port}/internal/routes`)).json()) as { data: RouteEntry[] }).data;

describe('nginx in front of the scaled deployment (deploy/nginx)', () => {
  it('routes by the services’ current route tables', async () => {
    const rendered = renderNginxRouteMap({
      command: await tableOf(platform.command.port),
      query: await tableOf(platform.query.port),
    });
    if (process.env.UPDATE_NGINX_ROUTES === '1') writeFileSync(path.join(root, NGINX_ROUTES_FILE), rendered);
    // A route added without regenerating: rerun this test with UPDATE_NGINX_ROUTES=1.
    expect(readFileSync(path.join(root, NGINX_ROUTES_FILE), 'utf8')).toBe(rendered);
    expect(rendered).not.toContain('/dev/');
  });

  it('sends the edge’s security headers, with the same values', () => {
    const conf = nginx('security-headers.conf');
    const sent = Object.fromEntries(
      [...conf.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map(([, name = '', value]) => [
        name.toLowerCase(),
        value,
      ]),
    );
    expect(sent).toEqual(securityHeaders(false));
    expect(sent['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    // Every one of them is also dropped from the services' answers.
    const hidden = [...nginx('proxy-api.conf').matchAll(/^proxy_hide_header (\S+);$/gm)].map(([, name = '']) =>
      name.toLowerCase(),
    );
    expect(hidden).toEqual(expect.arrayContaining([...Object.keys(securityHeaders(true)), 'x-route-table']));
  });

  it('allows the bodies the edge allows', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const uploadMiB = (config.uploadMaxBytes * MAX_FILES_PER_UPLOAD + 1024 * 1024) / (1024 * 1024);
    const conf = nginx('feibao.conf');
    expect(conf).toContain(`client_max_body_size ${uploadMiB}m;`);
    expect(conf).toContain('client_max_body_size 256k;');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH, createApiDocs, OPENAPI_PATH } from './apiDocs.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const listen = async (handler: Handler) => {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
};
const part = (path: string) => ({
  code: 20000,
  message: 'success',
  data: { paths: { [path]: { get: { operationId: path, responses: {} } } }, schemas: {}, unmatchedDocs: [] },
});

let command: Awaited<ReturnType<typeof listen>>;
let query: Awaited<ReturnType<typeof listen>>;
let edge: Awaited<ReturnType<typeof listen>>;
let queryUp = true;

beforeAll(async () => {
  command = await listen((_req, res) => res.end(JSON.stringify(part('/api/v1/uav/order/save'))));
  query = await listen((_req, res) => {
    if (!queryUp) {
      res.statusCode = 503;
      return res.end('{}');
    }
    res.end(JSON.stringify(part('/api/v1/uav/order/orderDetails')));
  });
  const docs = createApiDocs(
    { command: { host: '127.0.0.1', port: command.port }, query: { host: '127.0.0.1', port: query.port } },
    { version: 'test', cacheMs: 0 },
  );
  edge = await listen((req, res) => {
    void docs(req, res, new URL(req.url ?? '/', 'http://edge').pathname).then((handled) => {
      if (!handled) res.end('not mine');
    });
  });
});
afterAll(() => {
  for (const { server } of [command, query, edge]) server.close();
});

const url = (path: string) => `http://127.0.0.1:${edge.port}${path}`;

describe('the API docs at the edge', () => {
  it('joins both services’ parts into one OpenAPI 3.1 document', async () => {
    const answer = await fetch(url(OPENAPI_PATH));
    expect(answer.headers.get('content-type')).toContain('application/json');
    const document = (await answer.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(['/api/v1/uav/order/orderDetails', '/api/v1/uav/order/save']);
  });

  it('answers 50300 while a service cannot give its part', async () => {
    queryUp = false;
    try {
      const answer = await fetch(url(OPENAPI_PATH));
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ code: 50300 });
    } finally {
      queryUp = true;
    }
  });

  it('serves the page and the viewer’s own files, no inline script', async () => {
    const page = await (await fetch(url(API_DOCS_PATH))).text();
    expect(page).not.toMatch(/<script>/);
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js', 'docs.js']) {
      const answer = await fetch(url(`${API_DOCS_PATH}/${file}`));
      expect(answer.status, file).toBe(200);
      expect(page).toContain(`${API_DOCS_PATH}/${file}`);
    }
  });

  it('leaves every other path, and other files of the viewer package, to the services', async () => {
    for (const path of ['/api/v1/uav/order/save', `${API_DOCS_PATH}/package.json`, `${API_DOCS_PATH}/../x`])
      expect(await (await fetch(url(path))).text(), path).toBe('not mine');
    expect(await (await fetch(url(OPENAPI_PATH), { method: 'POST' })).text()).toBe('not mine');
  });
});

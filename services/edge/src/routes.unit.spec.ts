import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_TABLE_PATH, type RouteEntry, routeTableVersion } from '@feibao/platform/http/routeTable';
import { compileTables, createRouteDirectory, findUpstream } from './routes.ts';

describe('findUpstream', () => {
  const routes = compileTables({
    command: [
      { method: 'POST', path: '/api/v1/uav/order/save' },
      { method: 'GET', path: '/api/v1/uav/user/phone' },
      { method: 'POST', path: '/api/v1/uav/shared' },
    ],
    query: [
      { method: 'GET', path: '/api/v1/uav/file/:id' },
      { method: 'GET', path: '/api/v1/uav/shared' },
      { method: 'GET', path: '/api/v1/uav/board/*rest' },
    ],
  });

  it('matches `:param` segments one segment each', () => {
    expect(findUpstream(routes, 'GET', '/api/v1/uav/file/abc123')).toBe('query');
    expect(findUpstream(routes, 'GET', '/api/v1/uav/file/abc/def')).toBeNull();
  });

  it('matches a last `*rest` segment as anything below the path, not the path itself', () => {
    expect(findUpstream(routes, 'GET', '/api/v1/uav/board/static/app.js')).toBe('query');
    expect(findUpstream(routes, 'GET', '/api/v1/uav/board/')).toBeNull();
    expect(findUpstream(routes, 'GET', '/api/v1/uav/boardX/a')).toBeNull();
  });

  it('chooses by method where both services serve a path', () => {
    expect(findUpstream(routes, 'GET', '/api/v1/uav/shared')).toBe('query');
    expect(findUpstream(routes, 'POST', '/api/v1/uav/shared')).toBe('command');
  });

  it('treats HEAD as GET, and sends another method to the service declaring the path (its 405)', () => {
    expect(findUpstream(routes, 'HEAD', '/api/v1/uav/user/phone')).toBe('command');
    expect(findUpstream(routes, 'DELETE', '/api/v1/uav/order/save')).toBe('command');
  });

  it('knows no path nobody declared', () => {
    expect(findUpstream(routes, 'GET', '/api/v1/uav/order/saveX')).toBeNull();
    expect(findUpstream(routes, 'POST', '/api/v1/uav/order')).toBeNull();
  });
});

/** A stand-in service answering its route table; `table` can change as a restart would. */
const fakeService = (table: { entries: RouteEntry[] }) =>
  http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === ROUTE_TABLE_PATH)
      return res.end(JSON.stringify({ code: 20000, message: 'success', data: table.entries }));
    res.statusCode = 404;
    res.end('{}');
  });

const listen = (server: http.Server, port = 0) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 20));
  return condition();
};

describe('the route directory', () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  it('keeps asking at start-up until both services answer', async () => {
    const command = { entries: [{ method: 'POST', path: '/api/v1/uav/order/save' }] };
    const query = { entries: [{ method: 'GET', path: '/api/v1/uav/order/list' }] };
    const queryServer = fakeService(query);
    servers.push(queryServer);
    const commandPort = await freePort();
    const directory = createRouteDirectory({
      command: { host: '127.0.0.1', port: commandPort },
      query: { host: '127.0.0.1', port: await listen(queryServer) },
    });
    await directory.start(20);
    expect([directory.ready(), directory.known('query'), directory.known('command')]).toEqual([false, true, false]);

    const commandServer = fakeService(command);
    servers.push(commandServer);
    await listen(commandServer, commandPort);
    expect(await until(directory.ready)).toBe(true);
    expect(await directory.lookup('POST', '/api/v1/uav/order/save')).toBe('command');
    directory.stop();
  });

  it('fetches a service’s table anew when an answer names another version (a restart with other routes)', async () => {
    const command = { entries: [{ method: 'POST', path: '/api/v1/uav/order/save' }] };
    const query = { entries: [{ method: 'GET', path: '/api/v1/uav/order/list' }] };
    const [commandServer, queryServer] = [fakeService(command), fakeService(query)];
    servers.push(commandServer, queryServer);
    const directory = createRouteDirectory(
      {
        command: { host: '127.0.0.1', port: await listen(commandServer) },
        query: { host: '127.0.0.1', port: await listen(queryServer) },
      },
      { refreshMs: 60_000 },
    );
    await directory.start();
    query.entries = [...query.entries, { method: 'GET', path: '/api/v1/uav/order/details' }];
    // Within refreshMs an unknown path does not refetch, nor does an answer naming the kept table.
    expect(await directory.lookup('GET', '/api/v1/uav/order/details')).toBeNull();
    directory.observe('query', routeTableVersion([{ method: 'GET', path: '/api/v1/uav/order/list' }]));
    expect(await directory.lookup('GET', '/api/v1/uav/order/details')).toBeNull();

    directory.observe('query', routeTableVersion(query.entries));
    let found: string | null = null;
    for (let i = 0; i < 100 && !found; i++) {
      await new Promise((r) => setTimeout(r, 10));
      found = await directory.lookup('GET', '/api/v1/uav/order/details');
    }
    expect(found).toBe('query');
    directory.stop();
  });
});

/**
 * The yardstick for the read path: a bare node:http server that answers every request with one
 * fixed body (a real answer of the route measured, captured first), so "order list at N % of a
 * bare server" compares our whole stack with the least any Node server has to do for that body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const bareServer = async (body: string, headers: http.OutgoingHttpHeaders = {}) => {
  const payload = Buffer.from(body);
  const server = http.createServer((req, res) => {
    // The request body is read as the real service reads it, then the same answer goes back.
    req.resume();
    req.once('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': payload.length,
        ...headers,
      });
      res.end(payload);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { ResultCode } from '@feibao/domain/shared/codes';
import { logger } from '@feibao/platform/logger';
import { ROUTE_TABLE_VERSION_HEADER } from '@feibao/platform/http/routeTable';
import { sendEnvelope, sendUnavailable } from './answers.ts';
import type { Client } from './clients.ts';
import { drain, refuseTooLarge } from './drain.ts';
import type { Forward, Target, Upstream } from './routes.ts';
import { SECURITY_HEADER_NAMES } from './securityHeaders.ts';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/**
 * `timeout` lets the agent honour the services' Keep-Alive hint (Node closes an idle connection
 * after 5 s; the agent then drops its idle socket a second earlier). Without it the agent kept idle
 * sockets until the service closed them, and a request sent on one as it closed failed with
 * ECONNRESET: a 502 for a write under load (tests/int/concurrency.int.spec.ts).
 */
/** Failures to open the connection: the request provably never reached the service. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });

export const ROUTE_TABLE_HEADER = ROUTE_TABLE_VERSION_HEADER.toLowerCase();

const relay = (
  req: IncomingMessage,
  res: ServerResponse,
  target: Target,
  limit: number,
  client: Client,
  onTable: (version: string | string[] | undefined) => void,
) => {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return refuseTooLarge(req, res);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  // The edge is the trust boundary: what a client claims in X-Forwarded-* is replaced by what
  // the edge saw, or what a trusted proxy in front of it saw (clients.ts).
  headers['x-forwarded-for'] = client.address;
  headers['x-forwarded-proto'] = client.overTls ? 'https' : 'http';
  let answered = false;
  let clientGone = false;
  const upstream = http.request(
    { host: target.host, port: target.port, method: req.method, path: req.url, headers, agent, timeout: 60_000 },
    (answer) => {
      answered = true;
      onTable(answer.headers[ROUTE_TABLE_HEADER]);
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (!HOP_BY_HOP.has(name) && name !== ROUTE_TABLE_HEADER && !SECURITY_HEADER_NAMES.has(name)) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      answer.on('end', () => {
        // An upstream that answered before the body was in (a refusal) gets no more of it.
        if (!req.complete) {
          drain(req);
          upstream.destroy();
        }
      });
    },
  );
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    // A chunked body has no declared length: count it.
    if (received > limit && !answered && !res.headersSent) {
      upstream.destroy();
      refuseTooLarge(req, res);
    }
  });
  upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
  // A client cut off (a timeout, a reset) before its answer ended: the service's work is not waited for.
  res.once('close', () => {
    if (res.writableFinished) return;
    clientGone = true;
    upstream.destroy();
  });
  upstream.on('error', (error) => {
    // The answer is being relayed (or the edge refused the body itself, or the client is gone):
    // a write error on the rest of the body changes nothing.
    if (answered || res.headersSent || clientGone) return;
    logger.warn({ err: error, path: req.url }, 'upstream unavailable');
    drain(req);
    // Only then may the client safely send it again; a request the service may have received stays a 502.
    if (NOT_CONNECTED.has((error as NodeJS.ErrnoException).code ?? '')) sendUnavailable(res);
    else sendEnvelope(res, 502, ResultCode.serverError, '服务暂不可用，请稍后再试');
  });
  req.pipe(upstream);
};

/** The separate-process layout: each API request relayed over HTTP to the service's port. */
export const relayOverHttp =
  (
    upstreams: Record<Upstream, Target>,
    onTable: (upstream: Upstream, version: string | string[] | undefined) => void,
  ): Forward =>
  (req, res, upstream, limit, client) =>
    relay(req, res, upstreams[upstream], limit, client, (version) => onTable(upstream, version));

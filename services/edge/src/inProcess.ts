import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ResultCode } from '@feibao/domain/shared/codes';
import { sendEnvelope } from './answers.ts';
import type { Client } from './clients.ts';
import { DRAIN_MAX_BYTES, DRAIN_MAX_MS, refuseTooLarge } from './drain.ts';
import { ROUTE_TABLE_HEADER } from './httpRelay.ts';
import type { Forward, Upstream } from './routes.ts';
import { SECURITY_HEADER_NAMES } from './securityHeaders.ts';

/** What a service may not set on an answer the edge gives: the edge's own headers, and the route-table hint meant for a relaying edge. */
const NOT_SETTABLE = new Set([...SECURITY_HEADER_NAMES, ROUTE_TABLE_HEADER]);
/** Koa clears every header before it answers an error it caught itself; these stay. */
const NOT_REMOVABLE = new Set([...SECURITY_HEADER_NAMES, 'x-request-id']);

/**
 * The edge's headers win over a service's, as in the relayed layout where the edge drops the
 * service's values: the answer object is the client's own here, so the methods that would
 * change them are narrowed for this one answer. (writeHead with a headers object goes through
 * setHeader once any header is set, and the edge has set its security headers already.)
 */
const keepEdgeHeaders = (res: ServerResponse) => {
  const setHeader = res.setHeader;
  const appendHeader = res.appendHeader;
  const removeHeader = res.removeHeader;
  res.setHeader = function (this: ServerResponse, name: string, value: number | string | readonly string[]) {
    return NOT_SETTABLE.has(name.toLowerCase()) ? this : setHeader.call(this, name, value);
  };
  res.appendHeader = function (this: ServerResponse, name: string, value: string | readonly string[]) {
    return NOT_SETTABLE.has(name.toLowerCase()) ? this : appendHeader.call(this, name, value);
  };
  res.removeHeader = function (this: ServerResponse, name: string) {
    if (!NOT_REMOVABLE.has(name.toLowerCase())) removeHeader.call(this, name);
  };
};

/**
 * The body limit on a body nobody has read yet. The parser hands each chunk to `req.push`; this
 * counts them there, without reading the stream itself (which would take the body from the app).
 * Over the limit before the service answered: 413 here, and the rest of the body is read away
 * (the app's stream gets no more of it and ends once the request is in). A service that answered
 * before its body was in (a refusal) gets no more of it either. Reading away stops at the drain
 * limits, as in the relayed layout; the stream is never ended early, since Node then closes the
 * connection instead of reading the next request on it.
 */
const limitBody = (req: IncomingMessage, res: ServerResponse, limit: number) => {
  if (req.complete) return;
  const push = req.push.bind(req);
  const socket = req.socket;
  // Chunks that came while the route was looked up wait in the stream's buffer.
  let received = req.readableLength;
  let cut = false;
  let stopWatching = () => undefined as undefined;
  const readAway = () => {
    if (cut || req.complete) return;
    cut = true;
    // Node reads a body nobody consumes past the stream, so the socket's own count is watched.
    const from = socket.bytesRead;
    const watch = setInterval(() => {
      if (socket.bytesRead - from > DRAIN_MAX_BYTES) socket.destroy();
    }, 100);
    const timer = setTimeout(() => socket.destroy(), DRAIN_MAX_MS);
    watch.unref();
    timer.unref();
    stopWatching = () => {
      clearInterval(watch);
      clearTimeout(timer);
    };
    socket.once('close', stopWatching);
    // The parser may have paused the socket while the app was not reading.
    socket.resume();
  };
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk === null) {
      stopWatching();
      return push(null);
    }
    received += (chunk as Buffer).length;
    if (cut) return true;
    if (received > limit && !res.headersSent) {
      sendEnvelope(res, 413, ResultCode.tooLarge, '请求内容过大');
      readAway();
      return true;
    }
    return push(chunk, encoding);
  };
  res.once('finish', () => {
    if (!req.complete) readAway();
  });
};

/**
 * The one-process layout (`npm start`): the edge hands an API request to the command or query
 * app in its own process, the same request and answer objects, no second HTTP hop. What the
 * edge does at its door stays: the limits, X-Forwarded-* from what it saw, its headers.
 */
export const dispatchInProcess =
  (apps: Record<Upstream, RequestListener>): Forward =>
  (req, res, upstream, limit, client: Client) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return refuseTooLarge(req, res);
    req.headers['x-forwarded-for'] = client.address;
    req.headers['x-forwarded-proto'] = client.overTls ? 'https' : 'http';
    keepEdgeHeaders(res);
    limitBody(req, res, limit);
    apps[upstream](req, res);
  };

import { STATUS_CODES, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ResultCode } from '@feibao/domain/shared/codes';
import { STORE_UNAVAILABLE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@feibao/platform/http/app';
import { securityHeaders } from './securityHeaders.ts';

/** The edge's own answers are envelopes like the services': `{code, message, data: null}`. */
export const sendEnvelope = (
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: OutgoingHttpHeaders = {},
) => {
  const body = JSON.stringify({ code, message, data: null });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
};

/**
 * A request that never reached a service (none listening, or none known yet): nothing was done, so
 * the answer is the one a store outage gets (platform http/app.ts), which tells the client that
 * sending the same request again is safe.
 */
export const sendUnavailable = (res: ServerResponse, message: string = STORE_UNAVAILABLE) =>
  sendEnvelope(res, 503, ResultCode.unavailable, message, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });

/**
 * What node would answer on its own when a request cannot even be read (a bad request line, headers
 * too large, a client too slow), as an envelope with the security headers instead of a bare status
 * line. Node's error text never reaches the client.
 */
const clientErrorAnswer = (code: string | undefined) =>
  code === 'ERR_HTTP_REQUEST_TIMEOUT'
    ? { status: 408, code: ResultCode.badRequest, message: '请求超时' }
    : code === 'HPE_HEADER_OVERFLOW'
      ? { status: 431, code: ResultCode.tooLarge, message: '请求头过大' }
      : { status: 400, code: ResultCode.badRequest, message: '请求格式错误' };

/** For the server's 'clientError': there is no response object, so the answer is written to the socket. */
export const answerClientError = (error: NodeJS.ErrnoException, socket: Socket) => {
  // A reset connection, or one that already has (part of) an answer, can only be closed.
  if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) return void socket.destroy();
  const answer = clientErrorAnswer(error.code);
  const body = JSON.stringify({ code: answer.code, message: answer.message, data: null });
  const headers: OutgoingHttpHeaders = {
    ...securityHeaders(false),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n${head}\r\n${body}`);
  // The rest of a trickled body is not waited for.
  setTimeout(() => socket.destroy(), 1000).unref();
};

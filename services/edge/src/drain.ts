import type { IncomingMessage, ServerResponse } from 'node:http';
import { ResultCode } from '@feibao/domain/shared/codes';
import { sendEnvelope } from './answers.ts';

/** What the edge reads away from a refused request before it gives up and closes the connection. */
export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
export const DRAIN_MAX_MS = 15_000;

/**
 * Reads away the rest of a body nobody will use, so a client that keeps sending after its
 * answer reads that answer instead of a reset connection (EPIPE); one that sends too much
 * or too long is cut off. Once the body is in, the connection can carry the next request.
 */
const draining = new WeakSet<IncomingMessage>();
export const drain = (req: IncomingMessage) => {
  req.unpipe();
  if (req.complete || draining.has(req)) return void req.resume();
  draining.add(req);
  let drained = 0;
  const socket = req.socket;
  const cutOff = () => socket.destroy();
  const done = () => {
    clearTimeout(timer);
    socket.off('close', done);
  };
  const timer = setTimeout(cutOff, DRAIN_MAX_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) cutOff();
  });
  req.once('end', done);
  socket.once('close', done);
  req.resume();
};

/** Refuses an oversized body with the envelope; the rest of it is read away. */
export const refuseTooLarge = (req: IncomingMessage, res: ServerResponse) => {
  drain(req);
  if (!res.headersSent) sendEnvelope(res, 413, ResultCode.tooLarge, '请求内容过大');
};

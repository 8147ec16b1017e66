import http from 'node:http';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';

/** Latency summary from an HDR histogram (node:perf_hooks) over every recorded sample, in ms. */
export type Latency = { count: number; p50: number; p95: number; p99: number; max: number; mean: number };

export const newHistogram = () => createHistogram({ lowest: 1, highest: 600_000_000, figures: 3 });
/** Records a duration in ms with microsecond resolution. */
export const recordMs = (h: RecordableHistogram, ms: number) => h.record(Math.max(1, Math.round(ms * 1000)));
const ms = (us: number) => Math.round(us) / 1000;
export const summary = (h: RecordableHistogram): Latency => ({
  count: h.count,
  p50: ms(h.percentile(50)),
  p95: ms(h.percentile(95)),
  p99: ms(h.percentile(99)),
  max: ms(h.max),
  mean: h.count ? ms(h.mean) : 0,
});

export type LoadResult = Latency & {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  firstError?: string;
};

/**
 * A closed loop: `concurrency` workers each issue one call after another until `total`
 * calls have been issued (or the time cap passes). Latency is recorded for every call.
 */
export const closedLoop = async (opts: {
  concurrency: number;
  total: number;
  maxSeconds: number;
  call: (worker: number, i: number) => Promise<void>;
}): Promise<LoadResult> => {
  const h = newHistogram();
  let issued = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + opts.maxSeconds * 1000;
  const worker = async (w: number) => {
    while (issued < opts.total && performance.now() < deadline) {
      const i = issued++;
      const t0 = performance.now();
      try {
        await opts.call(w, i);
      } catch (error) {
        errors++;
        firstError ??= String(error instanceof Error ? error.message : error);
      }
      recordMs(h, performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  return {
    ...summary(h),
    requests: h.count,
    errors,
    seconds: round(seconds, 2),
    perSecond: round(h.count / seconds, 0),
    firstError,
  };
};

/** JSON.stringify's replacer for rows holding counts: the pool reads bigint columns as BigInt, which JSON cannot write. */
export const plain = (_key: string, value: unknown) => (typeof value === 'bigint' ? String(value) : value);

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// Idle sockets go a second before the services' 5 s keep-alive ends them, so no request is sent on one as it closes.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: any };

/** A JSON request to 127.0.0.1 only, over kept-alive sockets. */
const requestJson = (
  port: number,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  token: string,
  extra: http.OutgoingHttpHeaders = {},
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token}`, ...extra };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
    const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          });
        } catch (error) {
          reject(error);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });

export const postJson = (port: number, path: string, body: unknown, token: string, extra?: http.OutgoingHttpHeaders) =>
  requestJson(port, 'POST', path, body, token, extra);
export const getJson = (port: number, path: string, token: string) => requestJson(port, 'GET', path, undefined, token);

export const expectOk = (answer: Answer) => {
  if (answer.status !== 200 || answer.body?.code !== 20000)
    throw new Error(`HTTP ${answer.status} code ${answer.body?.code}: ${answer.body?.message}`);
  return answer;
};

/** A form-encoded POST with no session (as a payment gateway calls), over the same kept-alive sockets; the plain-text answer. */
export const postForm = (port: number, path: string, params: Record<string, string>) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const payload = Buffer.from(new URLSearchParams(params).toString());
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': payload.length };
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });

export const closeAgent = () => agent.destroy();

/**
 * An open loop: calls start at a fixed rate whether or not earlier ones have answered (as
 * independent users arrive), so latency includes any queueing the service builds up.
 */
export const openLoop = async (opts: {
  perSecond: number;
  total: number;
  call: (i: number) => Promise<void>;
}): Promise<LoadResult> => {
  const h = newHistogram();
  let errors = 0;
  let firstError: string | undefined;
  const interval = 1000 / opts.perSecond;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < opts.total; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    inFlight.push(
      opts.call(i).then(
        () => recordMs(h, performance.now() - t0),
        (error) => {
          errors++;
          firstError ??= String(error instanceof Error ? error.message : error);
          recordMs(h, performance.now() - t0);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  return {
    ...summary(h),
    requests: h.count,
    errors,
    seconds: round(seconds, 2),
    perSecond: round(h.count / seconds, 0),
    firstError,
  };
};

/**
 * The ordering path's measurements: (b) the order list, (a) save-draft, (c) projection lag and
 * (v) a just-saved order visible in the list — each through a port given by the caller, so the
 * same loop measures the services directly and through the entry users reach.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { closedLoop, expectOk, getJson, newHistogram, openLoop, postJson, recordMs, summary } from './lib.ts';
import type { CpuMeter } from './cpu.ts';
import type { LagMeter, platformProcesses } from './platform.ts';

type Log = (line: string) => void;
export type Loop = { concurrency: number; total: number; maxSeconds: number };

export const LIST_PATH = '/api/v1/uav/order/page';
export const SAVE_PATH = '/api/v1/uav/order/save';

/** Page `currentPage` of the heavy user's list, checked for its total and row count; the answer's raw body. */
export const listPage = async (port: number, token: string, currentPage: number, totalCount: number) => {
  const answer = expectOk(await postJson(port, LIST_PATH, { currentPage, pageSize: 20 }, token));
  if (answer.body.data.totalCount !== totalCount || answer.body.data.datas.length !== 20)
    throw new Error(`unexpected page: ${answer.body.data.totalCount} total, ${answer.body.data.datas.length} rows`);
  return answer.body;
};

/**
 * A warm-up as long as the measured closed loop, then the loop. A process that has just started
 * compiles its hot paths during its first few thousand requests: the order list's page 1 right after
 * the entry started answered 1,794 req/s with p99 64 ms over its first 5,000 requests and 3,050–3,503
 * req/s with p99 14–19 ms over the next five rounds of 5,000 (a tenth as warm-up measured mostly the
 * compiler). The platform's processes are long-lived: the warm figure is what users meet.
 */
export const measured = async (loop: Loop, call: () => Promise<unknown>, cpu?: CpuMeter) => {
  const run = () => call().then(() => undefined);
  await closedLoop({ ...loop, maxSeconds: 60, call: run });
  // The CPU meter counts the measured loop only, not its warm-up.
  const go = () => closedLoop({ ...loop, call: run });
  return cpu ? cpu.around(go) : go();
};

/**
 * The same request against a bare node:http server (bench/baseline.ts, its own process) that
 * answers the body the real route answered: the ratio's denominator, measured in the same run.
 * `request` undefined: a GET of `route` (path and query), as the comparison is asked.
 */
export const bareBaseline = async (
  processes: ReturnType<typeof platformProcesses>,
  body: unknown,
  request: unknown,
  loop: Loop,
  route = LIST_PATH,
  cpu?: CpuMeter,
) => {
  // No request body: the route is a GET with its query in the path (the comparison).
  const ask = (port: number) =>
    request === undefined ? getJson(port, route, 'bare') : postJson(port, route, request, 'bare');
  const dir = mkdtempSync(path.join(tmpdir(), 'feibao-bench-bare-'));
  const file = path.join(dir, 'body.json');
  writeFileSync(file, JSON.stringify(body));
  const bare = await processes.start('bare', [file]);
  try {
    return await measured(loop, () => ask(bare.port), cpu);
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

export const saveDraft = async (port: number, token: string) => {
  const answer = expectOk(await postJson(port, SAVE_PATH, generalApplication(), token));
  const position = Number(answer.headers['x-consistency-token']);
  if (!(position > 0)) throw new Error('save answered without a consistency token');
  return { id: answer.body.data.id as string, position };
};

/**
 * Save-draft at saturation (closed loop), then at 60 % of that rate (open loop): the p99 a busy day
 * sees. `settle` waits until every projection has applied the saturating loop's backlog first: a
 * day at 60 % does not start with one.
 */
export const measureSaveDraft = async (o: {
  port: number;
  tokens: string[];
  loop: Loop;
  warmup: number;
  lag?: LagMeter;
  cpu: CpuMeter;
  log: Log;
  settle: () => Promise<void>;
}) => {
  const token = (w: number) => o.tokens[w % o.tokens.length]!;
  await closedLoop({
    ...o.loop,
    total: o.warmup,
    maxSeconds: 60,
    call: (w) => saveDraft(o.port, token(w)).then(() => undefined),
  });
  await o.lag?.collect();
  const saturated = await o.cpu.around(() =>
    closedLoop({
      ...o.loop,
      call: async (w) => {
        const { position } = await saveDraft(o.port, token(w));
        o.lag?.track(position, performance.now());
      },
    }),
  );
  const lagUnderSaturation = o.lag ? await o.lag.collect() : undefined;
  await o.settle();
  const rate = Math.max(1, Math.round(saturated.perSecond * 0.6));
  const atSixtyPercent = await openLoop({
    perSecond: rate,
    total: Math.min(o.loop.total, rate * 20),
    call: (i) => saveDraft(o.port, token(i)).then(() => undefined),
  });
  o.log(
    `    ${saturated.perSecond} commands/s, p99 ${saturated.p99} ms; at ${rate}/s (60 %) p99 ${atSixtyPercent.p99} ms`,
  );
  return { saturated, atSixtyPercent: { ...atSixtyPercent, rate }, lagUnderSaturation };
};

/**
 * (v) What a customer sees: the order list asked right after a save, with the save's consistency
 * token as the web client sends it, must show the new order first — or behind only orders this loop
 * saved (when one customer saves at the loop's whole rate, a save sent or stamped after this one may
 * be projected before the list is read, and acknowledgements overtake one another; with 32 customers
 * taking turns none is). Time from the save's acknowledgement to the list's answer, at a steady rate of saves.
 */
export const measureJustSavedVisible = async (o: {
  port: number;
  tokens: string[];
  perSecond: number;
  samples: number;
}) => {
  const visible = newHistogram();
  // Rows created since the loop began are its own saves: nothing else writes for these customers meanwhile.
  const began = Date.now() - 1_000;
  const loop = await openLoop({
    perSecond: o.perSecond,
    total: o.samples,
    call: async (i) => {
      const token = o.tokens[i % o.tokens.length]!;
      const saved = await saveDraft(o.port, token);
      const t0 = performance.now();
      const answer = expectOk(
        await postJson(o.port, LIST_PATH, { currentPage: 1, pageSize: 20 }, token, {
          'x-consistency-token': String(saved.position),
        }),
      );
      const rows: { id: string; orderTime: string }[] = answer.body.data.datas;
      const at = rows.findIndex((row) => row.id === saved.id);
      if (at < 0) throw new Error('the just-saved order is not in the list');
      if (!rows.slice(0, at).every((row) => Date.parse(row.orderTime) >= began))
        throw new Error('the just-saved order is not first in the list');
      recordMs(visible, performance.now() - t0);
    },
  });
  // The loop timed save + list; the figure wanted is the list's part alone.
  return { ...loop, ...summary(visible) };
};

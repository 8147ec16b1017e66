/**
 * (h) inquiry-to-quoted time at the test time scale (called from ./run.ts; `BENCH_INQUIRY_ONLY=1 npm run bench`
 * runs it alone against a database holding only its customers).
 *
 * A customer saves the general fixture with every visible insurer ticked, asks for quotes
 * (POST /order/inquiryPrice) and polls the query service's order details until the order reads as
 * quoted (state 2: every insurer answered). The simulated insurers answer after 1–3 working days
 * drawn per request, a working day lasting QUOTE_DAY_SECONDS; the latest of those scheduled
 * answer times is on the order (`quoteProgress[].answerDueAt`), so each inquiry gives
 *   total    = quoted − acknowledgement of the inquiry
 *   overhead = quoted − latest answerDueAt of its insurers
 * the overhead being what the platform adds to the insurers' simulated delay: the delayed job's
 * pick-up, rating by the rules, the answer's append (seven answers race for one stream), the
 * projection and the read. "Quoted" is when the first poll answer saying state 2 arrives.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { visibleInsurers } from '@feibao/domain/ordering/catalogue';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import type { createTokenService } from '@feibao/platform/tokens';
import {
  closedLoop,
  expectOk,
  getJson,
  newHistogram,
  postJson,
  recordMs,
  round,
  summary,
  type Latency,
  type LoadResult,
} from './lib.ts';
import { phoneOf, seed } from './seed.ts';
import { noOwners } from './tierPlan.ts';

const QUOTED = 2;
const wall = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type InquiryOptions = {
  tokens: ReturnType<typeof createTokenService>;
  commandPort: number;
  queryPort: number;
  /** Seeded customers with a complete profile and no inquiry of their own (one per inquiry, reused round-robin if fewer). */
  customers: string[];
  inquiries: number;
  concurrency: number;
  /** Poll interval once the latest answer is due: the overhead includes up to one interval. */
  pollMs: number;
  /** Per inquiry: give up when it is not quoted this long after its acknowledgement. */
  capSeconds: number;
  maxSeconds: number;
  quoteDaySeconds: number;
  quoteDeadlineDays: number;
  log: (line: string) => void;
};

/** The customers for (h): the seeded users from the top down, clear of user 0 (heavy) and 1…`reserved` (claims' order owners). */
export const inquiryCustomers = (users: number, reserved: number, inquiries: number) => {
  const free = Math.max(1, users - 1 - reserved);
  return Array.from({ length: Math.min(inquiries, free) }, (_, k) => phoneOf(users - 1 - k));
};

/** BENCH_INQUIRY_ONLY: its customers alone (user 0 as in the full seed, then one per inquiry), no orders. */
export const seedInquiryCustomers = async (client: pg.ClientBase, inquiries: number, log: (line: string) => void) =>
  seed(client, { orders: 0, users: inquiries + 1, owners: noOwners, chunk: 100_000 }, log);

type Details = { state: number; quoteProgress?: { answerDueAt: string; status: string; quotedAll: boolean }[] };

export const measureInquiries = async (o: InquiryOptions) => {
  const form = {
    ...generalApplication(),
    insuranceCompanyList: visibleInsurers.map((i) => ({ id: i.id, name: i.name })),
  };
  const tokens = await Promise.all(
    o.customers.map((phone) =>
      o.tokens.sign({ sub: phone, sid: `bench-${phone}`, roles: ['user'], guest: false, name: phone }),
    ),
  );
  let ack = newHistogram();
  let total = newHistogram();
  let overhead = newHistogram();
  let scheduled = newHistogram();
  let polls = 0;
  let insurersQuotedAll = 0;
  let insurersOther = 0;

  const inquiry = async (i: number) => {
    const token = tokens[i % tokens.length]!;
    const saved = expectOk(await postJson(o.commandPort, '/api/v1/uav/order/save', form, token));
    const id: string = saved.body.data.id;
    const asked = wall();
    expectOk(await postJson(o.commandPort, '/api/v1/uav/order/inquiryPrice', { ...form, id }, token));
    const acked = wall();
    const deadline = acked + o.capSeconds * 1000;
    let dueAt: number | null = null;
    for (;;) {
      // The query service holds a caller's read until their last write is projected, so the first poll sees the order.
      const answer = await getJson(o.queryPort, `/api/v1/uav/order/orderDetails?id=${id}`, token);
      const seen = wall();
      polls++;
      const details: Details | undefined = answer.body?.code === 20000 ? answer.body.data : undefined;
      if (dueAt === null && details?.quoteProgress?.length)
        dueAt = Math.max(...details.quoteProgress.map((p) => new Date(p.answerDueAt).getTime()));
      if (details?.state === QUOTED) {
        if (dueAt === null) throw new Error(`order ${id} quoted without answerDueAt`);
        recordMs(ack, acked - asked);
        recordMs(total, seen - acked);
        recordMs(scheduled, dueAt - acked);
        // Never below 0: the answer job is delayed until answerDueAt by the workers' own clock (same machine).
        recordMs(overhead, seen - dueAt);
        for (const p of details.quoteProgress ?? []) p.quotedAll ? insurersQuotedAll++ : insurersOther++;
        return;
      }
      if (seen > deadline)
        throw new Error(
          `order ${id} not quoted ${o.capSeconds} s after its inquiry (state ${details?.state ?? answer.body?.code})`,
        );
      await sleep(dueAt !== null && dueAt > seen ? dueAt - seen : o.pollMs);
    }
  };

  const warmup = Math.min(o.concurrency, Math.ceil(o.inquiries / 10));
  o.log(
    `(h) inquiry → quoted: warm-up ${warmup}, then ${o.inquiries} inquiries (7 insurers each) at concurrency ${o.concurrency}, QUOTE_DAY_SECONDS ${o.quoteDaySeconds}`,
  );
  const warm = await closedLoop({
    concurrency: o.concurrency,
    total: warmup,
    maxSeconds: 120,
    call: (_, i) => inquiry(tokens.length - 1 - i),
  });
  if (warm.errors > 0) throw new Error(`(h) warm-up failed: ${warm.firstError}`);
  ack = newHistogram();
  total = newHistogram();
  overhead = newHistogram();
  scheduled = newHistogram();
  polls = 0;
  insurersQuotedAll = 0;
  insurersOther = 0;
  const loop: LoadResult = await closedLoop({
    concurrency: o.concurrency,
    total: o.inquiries,
    maxSeconds: o.maxSeconds,
    call: (_, i) => inquiry(i),
  });
  const result = {
    via: 'command service (save, inquiryPrice) and query service (orderDetails polled), bearer tokens; not through the edge',
    quoteDaySeconds: o.quoteDaySeconds,
    quoteDeadlineDays: o.quoteDeadlineDays,
    insurers: visibleInsurers.length,
    concurrency: o.concurrency,
    pollMs: o.pollMs,
    capSeconds: o.capSeconds,
    quoted: total.count,
    errors: loop.errors,
    firstError: loop.firstError,
    inquiriesPerSecond: loop.perSecond,
    seconds: loop.seconds,
    pollsPerInquiry: total.count ? round(polls / loop.requests, 1) : 0,
    insurersQuotedAll,
    insurersOther,
    total: summary(total) as Latency,
    overhead: summary(overhead) as Latency,
    scheduled: summary(scheduled) as Latency,
    ack: summary(ack) as Latency,
  };
  o.log(
    `    ${result.quoted} quoted (${result.errors} errors): total p50 ${result.total.p50} / p95 ${result.total.p95} ms, overhead p50 ${result.overhead.p50} / p95 ${result.overhead.p95} ms`,
  );
  return result;
};
export type InquiryResults = Awaited<ReturnType<typeof measureInquiries>>;

/** Overhead p95 ≤ 1 s: the platform's part must stay small beside a simulated working day of any length. */
export const inquiryGoal = (r: InquiryResults) => ({
  goal: 'inquiry → quoted overhead beyond the insurers’ scheduled answers p95 ≤ 1 s',
  value: `${r.overhead.p95} ms (${r.quoted} of ${r.quoted + r.errors} quoted)`,
  met: r.errors === 0 && r.overhead.p95 <= 1000,
});

/** The (h) rows of the results table; none for a result written before (h) was measured. */
export const inquiryTableRows = (r: InquiryResults | undefined): string[] => {
  if (!r) return [];
  const row = (label: string, throughput: string, l: Latency, count: string) =>
    `| ${label} | ${throughput} | ${l.p50} ms | ${l.p95} ms | ${l.p99} ms | ${l.max} ms | ${count} |`;
  const scale = `QUOTE_DAY_SECONDS ${r.quoteDaySeconds}, ${r.insurers} insurers, concurrency ${r.concurrency}`;
  return [
    row(
      `(h) inquiry acknowledged → order quoted (${scale})`,
      `${r.inquiriesPerSecond} inquiries/s`,
      r.total,
      `${r.quoted + r.errors} (${r.errors})`,
    ),
    row(
      `(h) … overhead: quoted − latest scheduled answer (answerDueAt), poll every ${r.pollMs} ms`,
      '—',
      r.overhead,
      `${r.overhead.count}`,
    ),
    row(
      '(h) … of which the insurers’ scheduled delay (latest answerDueAt − acknowledgement)',
      '—',
      r.scheduled,
      `${r.scheduled.count}`,
    ),
    row('(h) … inquiryPrice acknowledgement', '—', r.ack, `${r.ack.count}`),
  ];
};

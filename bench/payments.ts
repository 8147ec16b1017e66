/**
 * (n) The payment notify endpoint (called from ./run.ts; `BENCH_PAYMENTS_ONLY=1 npm run bench` runs it alone on a
 * fresh `feibao_bench` holding just its customers): `POST /api/v1/uav/pay/notify/dev`, form-encoded and signed
 * SHA256withRSA by the dev gateway (docs/api/payments.md).
 *
 * Set-up, through the real flow: each customer saves the general application, asks for quotes, waits until the
 * simulated insurers have quoted (the test time scale) and buys (`GET /order/insure`), which opens the trade at
 * the dev gateway exactly as `Insure` handling does. Each trade is then paid at the gateway as its cashier does
 * (`confirm`, with no notification job: the bench is the one that delivers it) and the gateway signs the
 * notification it would send (`notification`), so the bench posts the gateway's own parameters. Signing is the
 * gateway's work and stays outside the loops.
 *
 * Then three closed loops at the command service: every order's genuine first notification once
 * (PaymentConfirmed appended), the same notifications again (answered `success`, nothing appended), and
 * notifications signed with a key that is not the gateway's (refused `failure`, a security log line, a row in the
 * refused list while the per-address allowance lasts). Each order must hold exactly one PaymentConfirmed
 * (`via: notify`) after the first loop, and its stream not one event more after the other two.
 */
import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { devGateway } from '@feibao/platform/payments/dev';
import { rsa2Sign } from '@feibao/platform/payments/signing';
import { readProjectionRows } from '@feibao/platform/projections/operations';
import type { createTokenService } from '@feibao/platform/tokens';
import type { CpuMeter } from './cpu.ts';
import { closedLoop, expectOk, getJson, postForm, postJson, round, type LoadResult } from './lib.ts';

export const NOTIFY_PATH = '/api/v1/uav/pay/notify/dev';
const QUOTED = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The platform's settings for (n), beside the bench's test time scale: an unpaid purchase would lapse after 60 s
 * and be reconciled after a minute (both scaled, with a floor of a minute), and a paid one underwritten 0.2 s
 * after its payment. None of that may happen during the loops: a reconciliation would confirm the payment before
 * its notification, and the underwriting's appends would share the two cores with the measured path.
 * Due and reconciliation come ≈ 3.9 h after the purchase, underwriting ≈ 5.6 h after the payment (a whole run
 * lasts minutes).
 */
export const paymentBenchEnv = {
  PAYMENT_DUE_MINUTES: '100000000',
  PAYMENT_RECONCILE_MINUTES: '100000000',
  UNDERWRITE_DAYS: '100000',
};

type Bought = { orderId: string; tradeNo: string; cashierToken: string };
type Notification = Bought & { genuine: Record<string, string>; forged: Record<string, string> };

export type PaymentOptions = {
  pool: pg.Pool;
  tokens: ReturnType<typeof createTokenService>;
  commandPort: number;
  queryPort: number;
  /** Seeded customers with a complete profile, one order each: the first `warmup` warm the loops up. */
  customers: string[];
  warmup: number;
  setupConcurrency: number;
  concurrency: number;
  repeats: number;
  forged: number;
  maxSeconds: number;
  cpu?: CpuMeter;
  log: (line: string) => void;
};

/** One customer's order through save → inquiry → quoted → 投保, as the web client drives it. */
const buy = async (o: PaymentOptions, token: string): Promise<Bought> => {
  const form = generalApplication();
  const saved = expectOk(await postJson(o.commandPort, '/api/v1/uav/order/save', form, token));
  const orderId: string = saved.body.data.id;
  expectOk(await postJson(o.commandPort, '/api/v1/uav/order/inquiryPrice', { ...form, id: orderId }, token));
  const deadline = Date.now() + 60_000;
  let details: { state: number; quoteProgress?: { insuranceCompanyId: number; quotedAll?: boolean }[] } | undefined;
  for (;;) {
    // The query service holds a caller's read until their last write is projected.
    details = expectOk(await getJson(o.queryPort, `/api/v1/uav/order/orderDetails?id=${orderId}`, token)).body.data;
    if (details?.state === QUOTED) break;
    if (Date.now() > deadline) throw new Error(`order ${orderId} not quoted within 60 s (state ${details?.state})`);
    await sleep(100);
  }
  // The first insurer that quoted every line, as a customer picks a complete quote.
  const progress = details.quoteProgress ?? [];
  const insurer = (progress.find((p) => p.quotedAll) ?? progress[0])?.insuranceCompanyId;
  // 投保前阅读确认 first, as the cover plan's dialog does (docs/api/disclosure.md).
  const terms = expectOk(
    await getJson(o.queryPort, `/api/v1/uav/order/purchaseTerms?id=${orderId}&insuranceCompanyId=${insurer}`, token),
  ).body.data as { texts: { kind: string; coverId: number | null; version: number }[] };
  const texts = terms.texts.map(({ kind, coverId, version }) => ({ kind, coverId, version }));
  expectOk(
    await postJson(
      o.commandPort,
      '/api/v1/uav/order/purchaseTerms/confirm',
      { id: orderId, insuranceCompanyId: insurer, texts },
      token,
    ),
  );
  const insured = expectOk(
    await getJson(o.commandPort, `/api/v1/uav/order/insure?id=${orderId}&insuranceCompanyId=${insurer}`, token),
  );
  const payment = insured.body.data.payment as { tradeNo: string; cashierUrl: string | null; status: string };
  const cashierToken = payment?.cashierUrl?.split('/pay/')[1];
  if (payment?.status !== 'unpaid' || !cashierToken)
    throw new Error(`order ${orderId} bought without a dev-gateway cashier: ${JSON.stringify(payment)}`);
  return { orderId, tradeNo: payment.tradeNo, cashierToken };
};

/** Per order: its PaymentConfirmed events (via, trade) and how many events its stream holds. */
const storeCounts = async (pool: pg.Pool, orders: Bought[]) => {
  const rows = (
    await pool.query(
      `SELECT stream_id AS stream, count(*)::int AS events,
              count(*) FILTER (WHERE message_type = 'PaymentConfirmed')::int AS confirmed,
              count(*) FILTER (WHERE message_type = 'PaymentConfirmed' AND message_data->>'via' = 'notify')::int AS "viaNotify",
              array_agg(message_data->>'tradeNo') FILTER (WHERE message_type = 'PaymentConfirmed') AS trades
         FROM emt_messages WHERE stream_id = ANY($1::text[]) GROUP BY stream_id`,
      [orders.map((b) => orderStreamId(b.orderId))],
    )
  ).rows as { stream: string; events: number; confirmed: number; viaNotify: number; trades: string[] | null }[];
  const byStream = new Map(rows.map((r) => [r.stream, r]));
  const events = rows.reduce((sum, r) => sum + r.events, 0);
  const confirmedOnce = orders.filter((b) => {
    const r = byStream.get(orderStreamId(b.orderId));
    return r?.confirmed === 1 && r.viaNotify === 1 && r.trades?.[0] === b.tradeNo;
  }).length;
  const confirmed = rows.reduce((sum, r) => sum + r.confirmed, 0);
  return { events, confirmed, confirmedOnce };
};

export const measurePayments = async (o: PaymentOptions) => {
  const loadAverageAtStart = os.loadavg().map((l) => round(l, 2));
  const tokens = await Promise.all(
    o.customers.map((phone) =>
      o.tokens.sign({ sub: phone, sid: `bench-${phone}`, roles: ['user'], guest: false, name: phone }),
    ),
  );
  const total = tokens.length;
  o.log(`(n) set-up: ${total} orders saved, quoted and bought through HTTP at concurrency ${o.setupConcurrency}`);
  const bought: Bought[] = new Array(total);
  const setup = await closedLoop({
    concurrency: o.setupConcurrency,
    total,
    maxSeconds: 600,
    call: async (_, i) => {
      bought[i] = await buy(o, tokens[i]!);
    },
  });
  if (setup.errors > 0 || setup.requests !== total)
    throw new Error(`(n) set-up: ${setup.errors} of ${total} orders not bought: ${setup.firstError}`);
  const unpaid = Number(
    (
      await o.pool.query(`SELECT count(*) AS n FROM dev_pay_trades WHERE trade_no = ANY($1) AND status = 'waiting'`, [
        bought.map((b) => b.tradeNo),
      ])
    ).rows[0].n,
  );
  if (unpaid !== total) throw new Error(`(n) set-up: ${unpaid} of ${total} trades waiting at the dev gateway`);
  o.log(`    ${total} bought in ${setup.seconds} s; paying at the dev gateway and signing its notifications`);

  // Paid at the gateway as its cashier pays (no notification job: the bench delivers the notification).
  const gateway = devGateway(o.pool, async () => undefined);
  const forger = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const notifications: Notification[] = [];
  for (const b of bought) {
    const status = await gateway.confirm(b.cashierToken, new Date());
    if (status !== 'paid') throw new Error(`(n) trade ${b.tradeNo} not paid at the gateway: ${status}`);
    const genuine = await gateway.notification({ kind: 'payment', tradeNo: b.tradeNo }, new Date());
    if (!genuine) throw new Error(`(n) the gateway has no notification for ${b.tradeNo}`);
    const { sign: _sign, ...unsigned } = genuine;
    notifications.push({ ...b, genuine, forged: { ...unsigned, sign: rsa2Sign(unsigned, forger.privateKey) } });
  }
  const warm = notifications.slice(0, o.warmup);
  const measuredOrders = notifications.slice(o.warmup);
  const k = measuredOrders.length;
  if (k === 0) throw new Error('(n) no order left to measure after the warm-up');

  const send = (params: Record<string, string>, expected: 'success' | 'failure') =>
    postForm(o.commandPort, NOTIFY_PATH, params).then((answer) => {
      if (answer.status !== 200 || answer.text !== expected)
        throw new Error(`HTTP ${answer.status} ${answer.text.slice(0, 80)}, expected ${expected}`);
    });
  /** Until no projection has an event of its types left to apply (at most a minute): each loop starts level. */
  const settle = async () => {
    const until = Date.now() + 60_000;
    while (Date.now() < until && (await readProjectionRows(o.pool, 1)).some((p) => p.lagEvents > 0)) await sleep(100);
  };
  const loop = (count: number, call: (i: number) => Promise<void>) => () =>
    closedLoop({ concurrency: o.concurrency, total: count, maxSeconds: o.maxSeconds, call: (_, i) => call(i) });
  const around = (run: () => Promise<LoadResult>) => (o.cpu ? o.cpu.around(run) : run());

  // (1) genuine first notifications, after as many as the concurrency on orders of their own
  o.log(`(n) genuine notifications: warm-up ${warm.length}, then ${k} (one per order) at concurrency ${o.concurrency}`);
  const warmed = await loop(warm.length, (i) => send(warm[i]!.genuine, 'success'))();
  if (warmed.errors > 0) throw new Error(`(n) warm-up failed: ${warmed.firstError}`);
  await settle();
  // Nothing may have confirmed the measured orders before their notifications (a reconciliation, say).
  const beforeGenuine = await storeCounts(o.pool, measuredOrders);
  const confirmedInStore = async () =>
    Number(
      (await o.pool.query(`SELECT count(*) AS n FROM emt_messages WHERE message_type = 'PaymentConfirmed'`)).rows[0].n,
    );
  const genuine = await around(loop(k, (i) => send(measuredOrders[i]!.genuine, 'success')));
  await settle();
  const afterGenuine = await storeCounts(o.pool, measuredOrders);
  const inStoreAfterGenuine = await confirmedInStore();
  o.log(
    `    ${genuine.perSecond}/s, p50 ${genuine.p50} / p95 ${genuine.p95} / p99 ${genuine.p99} ms, ${genuine.errors} errors; ${afterGenuine.confirmedOnce} of ${k} orders hold exactly one PaymentConfirmed via notify (${afterGenuine.confirmed} in all)`,
  );

  // (2) the same notifications again, as a gateway resends one it thinks undelivered
  o.log(`(n) repeated notifications: ${o.repeats} at concurrency ${o.concurrency}`);
  const repeated = await around(loop(o.repeats, (i) => send(measuredOrders[i % k]!.genuine, 'success')));
  await settle();
  const afterRepeated = await storeCounts(o.pool, measuredOrders);
  o.log(`    ${repeated.perSecond}/s, p99 ${repeated.p99} ms, ${repeated.errors} errors`);

  // (3) a key that is not the gateway's; the refusal path is warmed up first
  const refusedBefore = Number(
    (await o.pool.query(`SELECT count(*) AS n FROM payment_refused_notifications`)).rows[0].n,
  );
  o.log(`(n) forged signatures: warm-up ${warm.length}, then ${o.forged} at concurrency ${o.concurrency}`);
  const forgedWarm = await loop(warm.length, (i) => send(warm[i]!.forged, 'failure'))();
  if (forgedWarm.errors > 0) throw new Error(`(n) forged warm-up: ${forgedWarm.firstError}`);
  const forged = await around(loop(o.forged, (i) => send(measuredOrders[i % k]!.forged, 'failure')));
  const afterForged = await storeCounts(o.pool, measuredOrders);
  const refused = (
    await o.pool.query(
      `SELECT count(*)::int AS rows, count(*) FILTER (WHERE reason_code = 'badSignature')::int AS "badSignature"
         FROM payment_refused_notifications`,
    )
  ).rows[0] as { rows: number; badSignature: number };
  o.log(
    `    ${forged.perSecond}/s, p99 ${forged.p99} ms, ${forged.errors} errors; ${refused.rows - refusedBefore} refusals listed (the rest logged only)`,
  );

  return {
    via: `POST ${NOTIFY_PATH} at the command service (form-encoded, no session), closed loops`,
    measuredAt: new Date().toISOString(),
    loadAverageAtStart,
    loadAverageAtEnd: os.loadavg().map((l) => round(l, 2)),
    orders: k,
    warmup: warm.length,
    concurrency: o.concurrency,
    setup: { orders: total, seconds: setup.seconds, concurrency: o.setupConcurrency },
    genuine,
    repeated,
    forged,
    check: {
      confirmedBefore: beforeGenuine.confirmed,
      /** Every PaymentConfirmed in the store after (1): the warm-up's and the measured orders', nothing else. */
      confirmedInStore: inStoreAfterGenuine,
      confirmedOnce: afterGenuine.confirmedOnce,
      confirmed: afterGenuine.confirmed,
      eventsAfterGenuine: afterGenuine.events,
      eventsAfterRepeated: afterRepeated.events,
      eventsAfterForged: afterForged.events,
      refusedListed: refused.rows - refusedBefore,
      refusedBadSignature: refused.badSignature,
    },
  };
};
export type PaymentResults = Awaited<ReturnType<typeof measurePayments>>;

/** Every order confirmed exactly once and nothing appended by a repeat or a forgery: the loops measured the right thing. */
export const paymentsChecked = (r: PaymentResults) =>
  r.genuine.errors === 0 &&
  r.repeated.errors === 0 &&
  r.forged.errors === 0 &&
  r.check.confirmedBefore === 0 &&
  r.check.confirmedOnce === r.orders &&
  r.check.confirmed === r.orders &&
  r.check.confirmedInStore === r.orders + r.warmup &&
  r.check.eventsAfterRepeated === r.check.eventsAfterGenuine &&
  r.check.eventsAfterForged === r.check.eventsAfterGenuine;

/** The (n) rows of the results table; none for a result written before (n) was measured. */
export const paymentTableRows = (
  r: (PaymentResults & { commit?: string }) | undefined,
  runCommit?: string,
): string[] => {
  if (!r) return [];
  // Measured alone (BENCH_PAYMENTS_ONLY) on another commit than the run's: say when and on what.
  const apart =
    r.commit && r.commit !== runCommit ? `; measured alone ${r.measuredAt.slice(0, 16)}Z on ${r.commit}` : '';
  const row = (label: string, throughput: string, l: LoadResult) =>
    `| ${label} | ${throughput} | ${l.p50} ms | ${l.p95} ms | ${l.p99} ms | ${l.max} ms | ${l.requests} (${l.errors}) |`;
  const at = `at the command service, concurrency ${r.concurrency}`;
  return [
    row(
      `(n) payment notify, genuine first notification per order, ${at} (${r.check.confirmedOnce} of ${r.orders} orders with exactly one PaymentConfirmed${apart})`,
      `${r.genuine.perSecond} confirmations/s`,
      r.genuine,
    ),
    row(
      `(n) payment notify, the same notifications repeated (answered success, ${r.check.eventsAfterRepeated - r.check.eventsAfterGenuine} events appended), ${at}`,
      `${r.repeated.perSecond} /s`,
      r.repeated,
    ),
    row(
      `(n) payment notify, forged signature (refused, security log; ${r.check.refusedListed} listed, the rest logged only), ${at}`,
      `${r.forged.perSecond} /s`,
      r.forged,
    ),
  ];
};

/**
 * ≥ 100 genuine confirmations/s at the command service, with every order confirmed once (bench/notes.md, "(n) the
 * goal": a gateway's backlog of resent notifications drained in seconds, and a little under what two cores allow
 * at the CPU a confirmation costs once the projections' share is back where save-draft's is).
 */
export const paymentGoal = (r: PaymentResults) => ({
  goal: 'payment notify ≥ 100 genuine confirmations/s at the command service, each order confirmed exactly once',
  value: `${r.genuine.perSecond}/s, ${r.check.confirmedOnce} of ${r.orders} confirmed once`,
  met: r.genuine.perSecond >= 100 && paymentsChecked(r),
});

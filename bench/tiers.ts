/**
 * "Flat lists" by customer size (called from ./run.ts, through the entry users reach; the customers
 * are seeded per ./tierPlan.ts):
 *   (b)/(f) page 1 with totalCount of the order and the claim list for the customer of each tier, each
 *           against bare node:http answering the same body, and the last page of the largest tier
 *           (the count and the offset walk both grow with the customer: the cost stated);
 *   (v)     a just-saved order visible, for the customer of BENCH_VISIBLE_TIER (10,000) orders;
 *   (q)     the 对比 comparison of an order quoted by (h)'s insurers, against bare node:http.
 * The heavy user's tier (BENCH_HEAVY_ORDERS) is measured by run.ts's own (b) and (f) rows.
 */
import type { Pool } from '@feibao/platform/db';
import { ORDER_LIST } from '@feibao/read-models/ordering/orders/orderDocument';
import { CLAIM_LIST_PATH } from './claims.ts';
import type { CpuMeter } from './cpu.ts';
import { expectOk, getJson, postJson, round, type LoadResult } from './lib.ts';
import { bareBaseline, LIST_PATH, type Loop, measured, measureJustSavedVisible } from './orders.ts';
import type { platformProcesses } from './platform.ts';
import type { TierCustomer, TierPlan } from './tierPlan.ts';

export const PAGE_SIZE = 20;
export const COMPARISON_PATH = '/api/v1/uav/order/comparison';

type Log = (line: string) => void;
type Processes = ReturnType<typeof platformProcesses>;
export type TierRow = LoadResult & {
  tier: number;
  customer: string;
  totalCount: number;
  page: number;
  bare?: LoadResult;
  ratio?: number;
};

const en = (n: number) => n.toLocaleString('en');

/** Page `currentPage` of a list, checked for its total and its row count; the answer's body. */
const listPage = async (port: number, path: string, token: string, currentPage: number, total: number) => {
  const answer = expectOk(await postJson(port, path, { currentPage, pageSize: PAGE_SIZE }, token));
  const rows = Math.max(0, Math.min(PAGE_SIZE, total - (currentPage - 1) * PAGE_SIZE));
  if (answer.body.data.totalCount !== total || answer.body.data.datas.length !== rows)
    throw new Error(`unexpected page: ${answer.body.data.totalCount} total, ${answer.body.data.datas.length} rows`);
  return answer.body;
};

export const measureTierLists = async (o: {
  plan: TierPlan;
  port: number;
  tokenFor: (phone: string) => Promise<string>;
  loop: Loop;
  bareLoop: Loop;
  processes: Processes;
  cpu: CpuMeter;
  log: Log;
}) => {
  for (const reason of o.plan.skipped) o.log(`(b/f) skipped: ${reason}`);
  const lists = [
    { kind: 'orders', letter: 'b', path: LIST_PATH, held: (c: TierCustomer) => c.orders },
    { kind: 'claims', letter: 'f', path: CLAIM_LIST_PATH, held: (c: TierCustomer) => c.claims },
  ] as const;
  const measuredTiers: Record<string, TierRow[]> = {};
  const deep: Record<string, TierRow | undefined> = {};
  for (const list of lists) {
    const rows: TierRow[] = [];
    const held = o.plan.customers.filter((c) => list.held(c) > 0);
    const measure = async (c: TierCustomer, page: number, withBare: boolean): Promise<TierRow> => {
      const total = list.held(c);
      const token = await o.tokenFor(c.phone);
      o.log(
        `(${list.letter}) ${list.kind} list page ${page}, customer with ${en(total)} ${list.kind}, through the entry: ${o.loop.total} requests at concurrency ${o.loop.concurrency}`,
      );
      const body = await listPage(o.port, list.path, token, page, total);
      const loaded = await measured(o.loop, () => listPage(o.port, list.path, token, page, total), o.cpu);
      const row: TierRow = { tier: c.tier, customer: c.phone, totalCount: total, page, ...loaded };
      if (withBare) {
        row.bare = await bareBaseline(
          o.processes,
          body,
          { currentPage: page, pageSize: PAGE_SIZE },
          o.bareLoop,
          list.path,
        );
        row.ratio = round(loaded.perSecond / row.bare.perSecond, 4);
      }
      o.log(
        `    ${loaded.perSecond} req/s, p99 ${loaded.p99} ms${row.bare ? `; bare ${row.bare.perSecond} req/s (${round(100 * row.ratio!, 1)} %)` : ''}`,
      );
      return row;
    };
    // The heavy user's page 1 is run.ts's own row (history); every other tier here.
    for (const c of held.filter((c) => !c.heavy)) rows.push(await measure(c, 1, true));
    const largest = held.reduce<TierCustomer | undefined>(
      (a, c) => (a && list.held(a) >= list.held(c) ? a : c),
      undefined,
    );
    if (largest)
      deep[list.kind] = await measure(largest, Math.max(1, Math.ceil(list.held(largest) / PAGE_SIZE)), false);
    measuredTiers[list.kind] = rows;
  }
  return {
    pageSize: PAGE_SIZE,
    concurrency: o.loop.concurrency,
    requested: o.plan.requested,
    skipped: o.plan.skipped,
    customers: o.plan.customers,
    orders: measuredTiers.orders ?? [],
    claims: measuredTiers.claims ?? [],
    ordersDeep: deep.orders,
    claimsDeep: deep.claims,
  };
};
export type TierListResults = Awaited<ReturnType<typeof measureTierLists>>;

/** (v) for the customer of `tier` orders alone: one customer saving at the loop's whole rate. */
export const measureVisibleTier = async (o: {
  plan: TierPlan;
  tier: number;
  port: number;
  tokenFor: (phone: string) => Promise<string>;
  perSecond: number;
  samples: number;
  log: Log;
}) => {
  const customer = o.plan.customers.find((c) => c.tier === o.tier && c.orders > 0);
  if (!customer) {
    o.log(`(v) skipped for ${en(o.tier)} orders: no customer of that tier was seeded`);
    return undefined;
  }
  o.log(
    `(v) just-saved order visible, customer with ${en(customer.orders)} orders: ${o.samples} save + list pairs at ${o.perSecond}/s through the entry`,
  );
  const loaded = await measureJustSavedVisible({
    port: o.port,
    tokens: [await o.tokenFor(customer.phone)],
    perSecond: o.perSecond,
    samples: o.samples,
  });
  o.log(`    list answered p50 ${loaded.p50} ms, p95 ${loaded.p95} ms after the save`);
  return { tier: o.tier, customer: customer.phone, orders: customer.orders, ...loaded };
};
export type VisibleTierResult = NonNullable<Awaited<ReturnType<typeof measureVisibleTier>>>;

type ComparisonInsurer = { insuranceCompanyName: string; totalPremium: number | null };

/** The comparison with its default (typical) loss; code 20000 with at least two priced insurers, or it throws. */
const comparison = async (port: number, path: string, token: string) => {
  const answer = expectOk(await getJson(port, path, token));
  const insurers: ComparisonInsurer[] = answer.body.data?.insurers ?? [];
  const priced = insurers.filter((i) => i.totalPremium !== null).length;
  if (priced < 2) throw new Error(`comparison with ${insurers.length} insurers, ${priced} priced`);
  return { body: answer.body, insurers: insurers.length, priced };
};

/**
 * (q) The 对比 of an order quoted by several insurers: the newest of (h)'s customers' orders reading
 * quoted (state 2) whose comparison prices at least two insurers.
 */
export const measureComparison = async (o: {
  pool: Pool;
  port: number;
  customers: string[];
  tokenFor: (phone: string) => Promise<string>;
  loop: Loop;
  bareLoop: Loop;
  processes: Processes;
  cpu: CpuMeter;
  log: Log;
}) => {
  const candidates = (
    await o.pool.query(
      `SELECT _id AS id, user_name AS owner FROM ${ORDER_LIST}
        WHERE user_name = ANY($1::text[]) AND (data->>'state')::int = 2 ORDER BY order_time DESC LIMIT 20`,
      [o.customers],
    )
  ).rows as { id: string; owner: string }[];
  for (const candidate of candidates) {
    const path = `${COMPARISON_PATH}?id=${candidate.id}`;
    const token = await o.tokenFor(candidate.owner);
    const first = await comparison(o.port, path, token).catch(() => undefined);
    if (!first) continue;
    o.log(
      `(q) comparison of an order quoted by ${first.priced} of ${first.insurers} insurers, through the entry: ${o.loop.total} requests at concurrency ${o.loop.concurrency}`,
    );
    const loaded = await measured(o.loop, () => comparison(o.port, path, token), o.cpu);
    const bare = await bareBaseline(o.processes, first.body, undefined, o.bareLoop, path);
    const ratio = round(loaded.perSecond / bare.perSecond, 4);
    o.log(
      `    ${loaded.perSecond} req/s, p99 ${loaded.p99} ms; bare ${bare.perSecond} req/s (${round(100 * ratio, 1)} %)`,
    );
    return {
      orderId: candidate.id,
      insurers: first.insurers,
      priced: first.priced,
      bodyBytes: JSON.stringify(first.body).length,
      concurrency: o.loop.concurrency,
      ...loaded,
      bare,
      ratio,
    };
  }
  throw new Error(
    `(q) no quoted order of (h)'s customers has a comparison pricing two insurers (${candidates.length} looked at)`,
  );
};
export type ComparisonResult = Awaited<ReturnType<typeof measureComparison>>;

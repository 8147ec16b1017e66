/**
 * The rows, goals and CPU lines of ./tiers.ts in bench/results/<name>.md (called from ./report.ts).
 * A result written before the tiers were measured renders as it did, bar the tier in the heavy
 * user's page-1 label.
 */
import type { LoadResult } from './lib.ts';
import type { ComparisonResult, TierListResults, TierRow, VisibleTierResult } from './tiers.ts';

// The results JSON of any run (./report.ts reads it the same way).
type Results = any;
type Loaded = Pick<LoadResult, 'p50' | 'p95' | 'p99' | 'max' | 'requests' | 'errors' | 'perSecond'>;

const en = (n: number) => n.toLocaleString('en');
const pct = (ratio: number) => `${Math.round(ratio * 1000) / 10} %`;
const row = (label: string, throughput: string, l: Loaded) =>
  `| ${label} | ${throughput} | ${l.p50} ms | ${l.p95} ms | ${l.p99} ms | ${l.max} ms | ${l.requests} (${l.errors}) |`;
const ofBare = (perSecond: number, ratio: number | undefined, bare: { perSecond: number } | undefined) =>
  `${perSecond} req/s${ratio === undefined || !bare ? '' : ` (${pct(ratio)} of bare ${bare.perSecond} req/s)`}`;

type PageOne = { tier: number; loaded: Loaded; ratio?: number; bare?: { perSecond: number } };

/** Page 1 of every tier, the heavy user's (run.ts's own (b) row, kept for the history) among them. */
const orderPageOnes = (r: Results): PageOne[] => {
  const l = r.list;
  const heavy: PageOne[] = l.page1Entry ? [{ tier: l.orders, loaded: l.page1Entry, ratio: l.ratio, bare: l.bare }] : [];
  const tiers: PageOne[] = ((r.tiers as TierListResults | undefined)?.orders ?? []).map((t) => ({
    tier: t.totalCount,
    loaded: t,
    ratio: t.ratio,
    bare: t.bare,
  }));
  return [...heavy, ...tiers].sort((a, b) => a.tier - b.tier);
};

const deepLabel = (letter: string, list: string, t: TierRow, concurrency: number) =>
  `(${letter}) ${list} list last page (page ${en(t.page)}, offset ${en((t.page - 1) * 20)}) + totalCount, customer with ${en(t.totalCount)} ${list === 'order' ? 'orders' : 'claims'}, through the entry, concurrency ${concurrency}`;

/** Replaces the (b) page-1 row through the entry: one row per customer size. */
export const orderTierRows = (r: Results): string[] => {
  const c = r.list.concurrency;
  const tiers = r.tiers as TierListResults | undefined;
  return [
    ...orderPageOnes(r).map((p) =>
      row(
        `(b) order list page 1 + totalCount, customer with ${en(p.tier)} orders, through the entry, concurrency ${c}`,
        ofBare(p.loaded.perSecond, p.ratio, p.bare),
        p.loaded,
      ),
    ),
    ...(tiers?.ordersDeep
      ? [row(deepLabel('b', 'order', tiers.ordersDeep, c), `${tiers.ordersDeep.perSecond} req/s`, tiers.ordersDeep)]
      : []),
  ];
};

/** After the (f) rows: page 1 for the other customer sizes (the heavy user's is the (f) row above), and the deep page. */
export const claimTierRows = (r: Results): string[] => {
  const tiers = r.tiers as TierListResults | undefined;
  if (!tiers) return [];
  const c = tiers.concurrency;
  return [
    ...tiers.claims.map((t) =>
      row(
        `(f) claim list page 1 + totalCount, customer with ${en(t.totalCount)} claims, through the entry, concurrency ${c}`,
        ofBare(t.perSecond, t.ratio, t.bare),
        t,
      ),
    ),
    ...(tiers.claimsDeep
      ? [row(deepLabel('f', 'claim', tiers.claimsDeep, c), `${tiers.claimsDeep.perSecond} req/s`, tiers.claimsDeep)]
      : []),
    ...tiers.skipped.map((reason) => `| (b/f) skipped: ${reason} | | | | | | |`),
  ];
};

export const visibleTierRows = (r: Results): string[] => {
  const v = r.visibleTier as VisibleTierResult | undefined;
  if (!v) return [];
  return [
    row(
      `(v) just-saved order visible, customer with ${en(v.orders)} orders: the list's answer after the save, ${r.lag.ratePerSecond} pairs/s through the entry`,
      '—',
      v,
    ),
  ];
};

export const comparisonRows = (r: Results): string[] => {
  const q = r.comparison as ComparisonResult | undefined;
  if (!q) return [];
  return [
    row(
      `(q) 对比 GET /api/v1/uav/order/comparison (default loss), an order priced by ${q.priced} of ${q.insurers} insurers (${en(q.bodyBytes)} bytes), through the entry, concurrency ${q.concurrency}`,
      ofBare(q.perSecond, q.ratio, q.bare),
      q,
    ),
  ];
};

/** The issue's targets for every customer size: ≥ 10 % of bare, p99 ≤ 30 ms; just-saved visible p95 ≤ 30 ms. */
export const tierGoals = (r: Results) => {
  const tiers = r.tiers as TierListResults | undefined;
  if (!tiers) return [];
  const judge = (list: string, pages: PageOne[]) => {
    const missed = pages.filter((p) => p.ratio === undefined || p.ratio < 0.1 || p.loaded.p99 > 30);
    return {
      goal: `${list} list page 1 at every customer size (${pages.map((p) => en(p.tier)).join(', ')}) ≥ 10 % of bare node:http, p99 ≤ 30 ms`,
      value: pages
        .map((p) => `${en(p.tier)}: ${p.ratio === undefined ? '—' : pct(p.ratio)}, p99 ${p.loaded.p99} ms`)
        .join('; '),
      met: pages.length > 0 && missed.length === 0,
    };
  };
  const heavyClaims = r.claims?.list?.cases?.heavyPage1;
  const claimPages: PageOne[] = [
    ...(heavyClaims ? [{ tier: r.claims.heavyClaims, loaded: heavyClaims, ratio: r.claims.list.ratio }] : []),
    ...tiers.claims.map((t) => ({ tier: t.totalCount, loaded: t, ratio: t.ratio })),
  ].sort((a, b) => a.tier - b.tier);
  const v = r.visibleTier as VisibleTierResult | undefined;
  return [
    judge('order', orderPageOnes(r)),
    judge('claim', claimPages),
    ...(v
      ? [
          {
            goal: `a just-saved order visible p95 ≤ 30 ms, customer with ${en(v.orders)} orders`,
            value: `${v.p95} ms`,
            met: v.p95 <= 30,
          },
        ]
      : []),
  ];
};

/** Lines for the CPU table: what a request costs as the customer grows. */
export const tierCpuRows = (r: Results): [string, unknown][] => {
  const tiers = r.tiers as TierListResults | undefined;
  const q = r.comparison as ComparisonResult | undefined;
  return [
    ...(tiers?.orders ?? []).map((t): [string, unknown] => [
      `(b) order list page 1, customer with ${en(t.totalCount)} orders, through the entry`,
      t,
    ]),
    ...(tiers?.ordersDeep
      ? [
          [
            `(b) order list page ${en(tiers.ordersDeep.page)}, customer with ${en(tiers.ordersDeep.totalCount)} orders, through the entry`,
            tiers.ordersDeep,
          ] as [string, unknown],
        ]
      : []),
    ...(tiers?.claims ?? []).map((t): [string, unknown] => [
      `(f) claim list page 1, customer with ${en(t.totalCount)} claims, through the entry`,
      t,
    ]),
    ...(tiers?.claimsDeep
      ? [
          [
            `(f) claim list page ${en(tiers.claimsDeep.page)}, customer with ${en(tiers.claimsDeep.totalCount)} claims, through the entry`,
            tiers.claimsDeep,
          ] as [string, unknown],
        ]
      : []),
    ...(q ? [['(q) 对比 comparison through the entry', q] as [string, unknown]] : []),
  ];
};

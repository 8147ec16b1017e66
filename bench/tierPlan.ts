/**
 * Which customers hold the "flat list" tiers (BENCH_LIST_TIERS, default 10,1000,10000,100000): one
 * customer per tier holds that many orders and, where the claims seed allows, as many claims, spread
 * over the whole time range like the heavy user's. The tier equal to BENCH_HEAVY_ORDERS is the heavy
 * user (so its rows stay the history's); the others are users base … base + n − 1, just above the
 * claims' in-force order owners, and the round-robin owner of every other order and claim skips
 * them, so each tier customer's totalCount is exact.
 *
 * Seeding stays set-based: a small table maps the k-th "owned" order (every stride-th one) to its
 * customer, interleaved so that each customer's orders are spread evenly (ideal positions (i + ½) ÷ n).
 */
import type pg from 'pg';
import type { Pool } from '@feibao/platform/db';
import { CLAIM_LIST } from '@feibao/read-models/claims/claims/claimDocument';
import { ORDER_LIST } from '@feibao/read-models/ordering/orders/orderDocument';
import { HEAVY_USER, phoneOf } from './seed.ts';

export const DEFAULT_TIERS = [10, 1_000, 10_000, 100_000];

/** Customers who own a fixed number of the seeded rows; every other row goes round-robin, past the block. */
export type Owners = { owners: { phone: string; count: number }[]; base: number; block: number };
export const noOwners: Owners = { owners: [], base: 1, block: 0 };
/** The heavy user alone holding `count` rows, as before the tiers. */
export const heavyOwner = (count: number): Owners => ({ owners: [{ phone: HEAVY_USER, count }], base: 1, block: 0 });

export type TierCustomer = { tier: number; phone: string; orders: number; claims: number; heavy: boolean };
export type TierPlan = {
  requested: number[];
  customers: TierCustomer[];
  skipped: string[];
  base: number;
  block: number;
};

export const parseTiers = (raw: string | undefined): number[] => {
  if (raw === undefined || raw.trim() === '') return DEFAULT_TIERS;
  const tiers = raw.split(',').map((t) => Number(t.trim().replaceAll('_', '')));
  if (tiers.some((t) => !Number.isSafeInteger(t) || t < 1))
    throw new Error('BENCH_LIST_TIERS must be positive integers separated by commas');
  return [...new Set(tiers)].sort((a, b) => a - b);
};

const en = (n: number) => n.toLocaleString('en');

/**
 * The tier customers together hold at most half of the seeded orders (and of the claims): the rest
 * stays many small customers, as the store of the staff views and of the other loops. A tier that
 * does not fit, or for which no user is left, is skipped with its reason.
 */
export const planTiers = (o: {
  tiers: number[];
  orders: number;
  claims: number;
  users: number;
  heavyOrders: number;
  heavyClaims: number;
  /** The first user index free for a tier customer (past the heavy user and the claims' order owners). */
  base: number;
  /** Users kept free at the top for (h) and (n). */
  reservedTop: number;
}): TierPlan => {
  const customers: TierCustomer[] = [];
  const skipped: string[] = [];
  let orders = o.heavyOrders;
  let claims = o.heavyClaims;
  let block = 0;
  for (const tier of o.tiers) {
    if (tier === o.heavyOrders) {
      customers.push({ tier, phone: HEAVY_USER, orders: tier, claims: o.heavyClaims, heavy: true });
      continue;
    }
    if (orders + tier > o.orders / 2) {
      skipped.push(
        `orders tier ${en(tier)}: the tier customers would hold ${en(orders + tier)} of ${en(o.orders)} orders (at most half; raise BENCH_ORDERS)`,
      );
      continue;
    }
    if (o.base + block >= o.users - 1 - o.reservedTop) {
      skipped.push(`tier ${en(tier)}: no user left for it below (h)'s and (n)'s (raise BENCH_USERS)`);
      continue;
    }
    const claimsFit = claims + tier <= o.claims / 2;
    if (!claimsFit)
      skipped.push(
        `claims tier ${en(tier)}: the tier customers would hold ${en(claims + tier)} of ${en(o.claims)} claims (at most half; raise BENCH_CLAIMS)`,
      );
    customers.push({
      tier,
      phone: phoneOf(o.base + block),
      orders: tier,
      claims: claimsFit ? tier : 0,
      heavy: false,
    });
    orders += tier;
    if (claimsFit) claims += tier;
    block++;
  }
  return { requested: o.tiers, customers, skipped, base: o.base, block };
};

/** The owners of the seeded orders: the heavy user (always, as before the tiers) and every other tier customer. */
export const orderOwnersOf = (plan: TierPlan, heavyOrders: number): Owners => ({
  owners: [
    { phone: HEAVY_USER, count: heavyOrders },
    ...plan.customers.filter((c) => !c.heavy).map((c) => ({ phone: c.phone, count: c.orders })),
  ].filter((c) => c.count > 0),
  base: plan.base,
  block: plan.block,
});

export const claimOwnersOf = (plan: TierPlan, heavyClaims: number): Owners => ({
  owners: [
    { phone: HEAVY_USER, count: heavyClaims },
    ...plan.customers.filter((c) => !c.heavy).map((c) => ({ phone: c.phone, count: c.claims })),
  ].filter((c) => c.count > 0),
  base: plan.base,
  block: plan.block,
});

export const ownedTotal = (owners: Owners) => owners.owners.reduce((sum, c) => sum + c.count, 0);

/**
 * (Re)creates `table` (j → owner) in the seeding session: the j-th owned row's customer, interleaved by
 * each customer's ideal positions so every customer's rows spread over the whole range.
 */
export const createOwnerTable = async (client: pg.ClientBase, table: string, owners: Owners) => {
  await client.query(`DROP TABLE IF EXISTS ${table}`);
  await client.query(
    `CREATE TEMP TABLE ${table} AS
     SELECT (row_number() OVER (ORDER BY (i + 0.5) / c.n, c.k) - 1)::int AS j, c.phone AS owner
       FROM unnest($1::text[], $2::int[]) WITH ORDINALITY c(phone, n, k), generate_series(0, c.n - 1) i`,
    [owners.owners.map((c) => c.phone), owners.owners.map((c) => c.count)],
  );
  await client.query(`ALTER TABLE ${table} ADD PRIMARY KEY (j)`);
  // Temporary tables get no statistics from autovacuum; the seed's join needs its size.
  await client.query(`ANALYZE ${table}`);
};

/**
 * SQL for the round-robin owner of row `g` among users 1 … users − 1 without the tier block
 * (`users`, `base` and `block` are SQL expressions, e.g. parameters).
 */
export const roundRobinOwnerSql = (g: string, users: string, base: string, block: string) =>
  `'139' || lpad((1 + ${g} % (${users} - 1 - ${block}) + CASE WHEN 1 + ${g} % (${users} - 1 - ${block}) >= ${base} THEN ${block} ELSE 0 END)::text, 8, '0')`;

/** Every stride-th row is an owned one (the first `owned` of them): stride spreads them over the range. */
export const ownedStride = (rows: number, owned: number) => Math.max(1, Math.floor(rows / Math.max(1, owned)));

/** After the rebuild: each tier customer holds exactly its orders and claims. */
export const checkTierCounts = async (pool: Pool, plan: TierPlan) => {
  const found = (
    await pool.query(
      `SELECT c.phone, (SELECT count(*)::int FROM ${ORDER_LIST} WHERE user_name = c.phone) AS orders,
              (SELECT count(*)::int FROM ${CLAIM_LIST} WHERE owner = c.phone) AS claims
         FROM unnest($1::text[]) c(phone)`,
      [plan.customers.map((c) => c.phone)],
    )
  ).rows as { phone: string; orders: number; claims: number }[];
  for (const c of plan.customers) {
    const row = found.find((f) => f.phone === c.phone);
    if (row?.orders !== c.orders || row.claims !== c.claims)
      throw new Error(`tier ${c.tier} customer ${c.phone}: ${JSON.stringify(row)}, expected ${c.orders} / ${c.claims}`);
  }
};

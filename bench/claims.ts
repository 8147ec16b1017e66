/**
 * The claims path of the benchmark (seeded by ./claimSeed.ts; called from ./run.ts):
 *   (e) create + save claim pairs through HTTP, each on an in-force order of its own
 *   (f) the claim list at BENCH_CLAIMS claims: the heavy user's pages 1 and 50, and a staff
 *       user's page 1 unfiltered and filtered to submitted claims (claimState 3)
 */
import { performance } from 'node:perf_hooks';
import type { createTokenService } from '@feibao/platform/tokens';
import type { Pool } from '@feibao/platform/db';
import { CLAIM_HISTORY } from '@feibao/read-models/claims/history/projection';
import { CLAIM_LIST, CLAIMS } from '@feibao/read-models/claims/claims/claimDocument';
import { CLAIM_PICTURES } from '@feibao/read-models/claims/pictures/pictureDocument';
import { claimReport, inForceOrderIdSql, inForceOwner, submittedClaims, type ClaimSeedPlan } from './claimSeed.ts';
import {
  closedLoop,
  expectOk,
  getJson,
  newHistogram,
  plain,
  postJson,
  recordMs,
  summary,
  type LoadResult,
} from './lib.ts';
import { HEAVY_USER } from './seed.ts';
import { measured as measuredLoop } from './orders.ts';
import type { CpuMeter } from './cpu.ts';

const API = '/api/v1/uav/claim/settlement';
export const CLAIM_LIST_PATH = `${API}/page`;

/** After the rebuild: the claim read models hold exactly what was seeded; then statistics, as autovacuum would. */
export const checkClaimReadModels = async (pool: Pool, plan: ClaimSeedPlan) => {
  const counts = (
    await pool.query(
      `SELECT (SELECT count(*) FROM ${CLAIMS}) AS claims, (SELECT count(*) FROM ${CLAIM_LIST}) AS list,
              (SELECT count(*) FROM ${CLAIM_LIST} WHERE data->>'owner' = $1) AS heavy,
              (SELECT count(*) FROM ${CLAIM_LIST} WHERE (data->>'claimState')::int = 3) AS submitted`,
      [HEAVY_USER],
    )
  ).rows[0];
  const expected = {
    claims: plan.claims,
    list: plan.claims,
    heavy: plan.heavyClaims,
    submitted: submittedClaims(plan.claims),
  };
  if (Object.entries(expected).some(([k, v]) => Number(counts[k]) !== v))
    throw new Error(
      `claim read models do not match the seed: ${JSON.stringify(counts, plain)}, expected ${JSON.stringify(expected)}`,
    );
  await pool.query(`VACUUM (ANALYZE) ${CLAIMS}, ${CLAIM_LIST}, ${CLAIM_HISTORY}, ${CLAIM_PICTURES}`);
};

type Tokens = ReturnType<typeof createTokenService>;
export type ClaimMeasureOptions = {
  pool: Pool;
  tokens: Tokens;
  commandPort: number;
  queryPort: number;
  plan: ClaimSeedPlan;
  concurrency: number;
  saveRequests: number;
  warmup: number;
  listConcurrency: number;
  listRequests: number;
  maxSeconds: number;
  /** The same list request against a bare node:http server answering `body` (orders.ts bareBaseline). */
  bare?: (body: unknown, request: unknown) => Promise<LoadResult>;
  /** The raw single-row INSERT ceiling of the same run, for the create + save ratio. */
  rawInsertPerSecond?: number;
  /** CPU per request by process, for the heavy user's page 1 and the create + save pairs. */
  cpu?: CpuMeter;
  log: (line: string) => void;
};

export const measureClaims = async (o: ClaimMeasureOptions) => {
  const sign = (phone: string, roles: string[]) =>
    o.tokens.sign({ sub: phone, sid: `bench-${phone}`, roles, guest: false, name: phone });

  // ---- (f) claim list, before any claim is added by (e), so every total is known
  const heavy = await sign(HEAVY_USER, ['user']);
  const staff = await sign('13800000000', ['user', 'admin']);
  const submitted = submittedClaims(o.plan.claims);
  const cases = [
    {
      name: 'heavyPage1',
      label: 'heavy user page 1',
      token: heavy,
      body: { currentPage: 1 },
      total: o.plan.heavyClaims,
    },
    {
      name: 'heavyPage50',
      label: 'heavy user page 50',
      token: heavy,
      body: { currentPage: 50 },
      total: o.plan.heavyClaims,
    },
    {
      name: 'staffPage1',
      label: 'staff page 1, every claim',
      token: staff,
      body: { currentPage: 1 },
      total: o.plan.claims,
    },
    {
      name: 'staffSubmittedPage1',
      label: 'staff page 1, claimState 3',
      token: staff,
      body: { currentPage: 1, claimState: 3 },
      total: submitted,
    },
  ];
  const list: Record<string, LoadResult & { label: string; totalCount: number }> = {};
  for (const c of cases) {
    const rows = Math.max(0, Math.min(20, c.total - (c.body.currentPage - 1) * 20));
    const call = async () => {
      const answer = expectOk(await postJson(o.queryPort, `${API}/page`, { ...c.body, pageSize: 20 }, c.token));
      if (answer.body.data.totalCount !== c.total || answer.body.data.datas.length !== rows)
        throw new Error(`unexpected page: ${answer.body.data.totalCount} total, ${answer.body.data.datas.length} rows`);
      return answer.body;
    };
    o.log(
      `(f) claim list, ${c.label}: warm-up of ${o.listRequests}, then ${o.listRequests} requests at concurrency ${o.listConcurrency}`,
    );
    const loaded = await measuredLoop(
      { concurrency: o.listConcurrency, total: o.listRequests, maxSeconds: o.maxSeconds },
      call,
      c.name === 'heavyPage1' ? o.cpu : undefined,
    );
    list[c.name] = { label: c.label, totalCount: c.total, ...loaded };
    o.log(`    ${loaded.perSecond} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms`);
  }
  // The heavy user's page 1 against a bare server answering its body: the list's ratio.
  let bare: LoadResult | undefined;
  if (o.bare) {
    const heavyPage1 = cases[0]!;
    bare = await o.bare(
      await (async () => {
        const answer = expectOk(
          await postJson(o.queryPort, CLAIM_LIST_PATH, { ...heavyPage1.body, pageSize: 20 }, heavyPage1.token),
        );
        return answer.body;
      })(),
      { ...heavyPage1.body, pageSize: 20 },
    );
    o.log(`(f) bare node:http with the heavy user's page 1: ${bare.perSecond} req/s`);
  }

  // ---- (e) create + save: order i for pair i (one unfinished claim per order), its owner's token
  const owners = await Promise.all(
    Array.from({ length: o.plan.orderOwners }, (_, w) => sign(inForceOwner(w, o.plan.orderOwners), ['user'])),
  );
  const orderIds: string[] = (
    await o.pool.query(`SELECT ${inForceOrderIdSql('g')} AS id FROM generate_series(0, $1::int - 1) g ORDER BY g`, [
      o.plan.inForceOrders,
    ])
  ).rows.map((r) => r.id);
  const report = claimReport();
  let create = newHistogram();
  let save = newHistogram();
  const pair = async (g: number) => {
    const token = owners[g % owners.length]!;
    let t0 = performance.now();
    const created = expectOk(
      await getJson(o.commandPort, `${API}/createClaimSettlement?orderId=${orderIds[g]}`, token),
    );
    recordMs(create, performance.now() - t0);
    t0 = performance.now();
    expectOk(await postJson(o.commandPort, `${API}/save`, { ...report, id: created.body.data }, token));
    recordMs(save, performance.now() - t0);
  };
  // Warm-up orders come after the measured ones, so order i is the i-th pair's wherever the loop stops.
  const warmup = Math.min(o.warmup, Math.max(0, o.plan.inForceOrders - o.saveRequests));
  const measured = Math.min(o.saveRequests, o.plan.inForceOrders);
  o.log(`(e) create + save claim: warm-up ${warmup}, then ${measured} pairs at concurrency ${o.concurrency}`);
  await closedLoop({ concurrency: o.concurrency, total: warmup, maxSeconds: 60, call: (_, i) => pair(measured + i) });
  create = newHistogram();
  save = newHistogram();
  const loop = () =>
    closedLoop({ concurrency: o.concurrency, total: measured, maxSeconds: o.maxSeconds, call: (_, i) => pair(i) });
  const pairs = o.cpu ? await o.cpu.around(loop) : await loop();
  const createSaved = { pairs, create: summary(create), save: summary(save) };
  o.log(
    `    ${pairs.perSecond} pairs/s; create p50 ${createSaved.create.p50} / p99 ${createSaved.create.p99} ms, save p50 ${createSaved.save.p50} / p99 ${createSaved.save.p99} ms`,
  );

  return {
    claims: o.plan.claims,
    heavyUser: HEAVY_USER,
    heavyClaims: o.plan.heavyClaims,
    submittedClaims: submitted,
    inForceOrders: o.plan.inForceOrders,
    via: o.bare
      ? 'the entry users reach (createClaimSettlement, save, page), bearer tokens'
      : 'command and query services directly',
    createSave: {
      concurrency: o.concurrency,
      ...createSaved,
      ratio: o.rawInsertPerSecond
        ? Math.round((1000 * createSaved.pairs.perSecond) / o.rawInsertPerSecond) / 1000
        : undefined,
    },
    list: {
      pageSize: 20,
      concurrency: o.listConcurrency,
      cases: list,
      bare,
      ratio:
        bare && list.heavyPage1
          ? Math.round((10_000 * list.heavyPage1.perSecond) / bare.perSecond) / 10_000
          : undefined,
    },
  };
};
export type ClaimResults = Awaited<ReturnType<typeof measureClaims>>;

/** The claims rows of the results table; none for a result written before the claims path was measured. */
export const claimTableRows = (claims: ClaimResults | undefined): string[] => {
  if (!claims) return [];
  const row = (
    label: string,
    throughput: string,
    l: { p50: number; p95: number; p99: number; max: number },
    count: string,
  ) => `| ${label} | ${throughput} | ${l.p50} ms | ${l.p95} ms | ${l.p99} ms | ${l.max} ms | ${count} |`;
  const { pairs, create, save, concurrency, ratio } = claims.createSave;
  const share = (r: number | undefined, of: string) =>
    r === undefined ? '' : ` (${Math.round(r * 1000) / 10} % of ${of})`;
  const { bare, ratio: listRatio } = claims.list;
  return [
    row(
      `(e) create + save claim pair over HTTP, concurrency ${concurrency}`,
      `${pairs.perSecond} pairs/s${share(ratio, 'the INSERT ceiling')}`,
      pairs,
      `${pairs.requests} (${pairs.errors})`,
    ),
    row('(e) … of which createClaimSettlement', '—', create, `${create.count}`),
    row('(e) … of which save', '—', save, `${save.count}`),
    ...Object.values(claims.list.cases).map((l) =>
      row(
        `(f) claim list ${l.label} (totalCount ${l.totalCount.toLocaleString('en')}), concurrency ${claims.list.concurrency}`,
        `${l.perSecond} req/s${l === claims.list.cases.heavyPage1 ? share(listRatio, 'bare node:http') : ''}`,
        l,
        `${l.requests} (${l.errors})`,
      ),
    ),
    ...(bare
      ? [
          row(
            `(f) bare node:http answering the heavy user's page 1, concurrency ${claims.list.concurrency}`,
            `${bare.perSecond} req/s`,
            bare,
            `${bare.requests} (${bare.errors})`,
          ),
        ]
      : []),
  ];
};

/**
 * Set-based seeding of the claims path, in the same Emmett row shape as ./seed.ts (a stream's
 * events share one transaction and take stream positions 1, 2, …):
 *   - in-force orders for the create+save measure: `order-<uuid>` streams holding the history the
 *     order decider itself produced for one order (draft, inquiry, quote, quoting completed,
 *     insured, underwritten, took effect), with the ids swapped per order;
 *   - claims: `claim-<uuid>` streams with ClaimOpened and, for nine in ten, ClaimSubmitted.
 * A seeded claim's policy snapshot names an order with no stream: the claim read models never
 * read orders, and a million-event order history per claim would only slow the seed.
 */
import type pg from 'pg';
import { buildPlanLines } from '@feibao/domain/ordering/plan';
import { decideOrder, type OrderCommand } from '@feibao/domain/ordering/order.commands';
import {
  evolveOrder,
  initialOrder,
  orderEventTime,
  type LineAnswer,
  type Order,
  type OrderEvent,
} from '@feibao/domain/ordering/order.events';
import { insurers } from '@feibao/domain/ordering/catalogue';
import { normaliseClaimForm, parseClaimForm } from '@feibao/domain/claims/form';
import { policySnapshot } from '@feibao/domain/claims/policy';
import { requestIdOf } from '@feibao/domain/ordering/inquiry';
import { phoneOf, storedForm } from './seed.ts';
import { createOwnerTable, ownedStride, ownedTotal, roundRobinOwnerSql, type Owners } from './tierPlan.ts';
import { confirmTerms, TERMS_IN_FORCE } from '@feibao/domain/ordering/termsFixtures';

export type ClaimSeedPlan = {
  claims: number;
  heavyClaims: number;
  /** The heavy user (heavyClaims) and the list tiers' customers, each holding a fixed number of claims (./tierPlan.ts). */
  owners: Owners;
  users: number;
  /** In-force orders for the create+save loop, owned round-robin by users 1..orderOwners. */
  inForceOrders: number;
  orderOwners: number;
  chunk: number;
};

/** The policies began this long ago and run a year, so every seeded claim falls inside one. */
const POLICY_AGE_DAYS = 330;
/** Seeded claims are opened over this many days, ending an hour ago. */
const CLAIM_SPREAD_DAYS = 300;
/** Every tenth claim (g % 10 = 9) stays unsubmitted (state 1). */
export const submittedClaims = (claims: number) => claims - Math.floor(claims / 10);

// Swapped per stream in SQL (text replace over the JSON), so one decided history serves every order.
const ORDER_ID = 'BENCH-ORDER-ID';
const ORDER_NO = 'BENCH-ORDER-NO';
const OWNER = 'BENCH-OWNER';
const POLICY_NO = 'BENCH-POLICY-NO';

const iso = (ts: string) => `to_char((${ts}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const swap = (json: string, orderId: string, orderNo: string, owner: string, policyNo: string) =>
  `replace(replace(replace(replace(${json}, '${ORDER_ID}', ${orderId}), '${ORDER_NO}', ${orderNo}), '${OWNER}', ${owner}), '${POLICY_NO}', ${policyNo})`;

/** The in-force orders' ids, in the order the create+save loop uses them. */
export const inForceOrderIdSql = (g: string) => `uuid_in(md5('feibao-bench-inforce-' || ${g})::cstring)::text`;
export const inForceOwner = (g: number, owners: number) => phoneOf(1 + (g % owners));

/** A complete report against the policy's first drone (as tests/int/claims.int.spec.ts files it). */
export const claimReport = (now = new Date()) => ({
  // Yesterday, Shanghai wall time: inside the policy and never in the future.
  accidentTime: new Date(now.getTime() - 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
  accidentAddressProvince: '440000',
  accidentAddressCity: '440305',
  accidentAddress: '深圳市南山区科技园',
  uavAccidentType: '3',
  governmentIntervention: '0',
  otherPerpetrators: '0',
  uavLossType: '1',
  injuryLossType: '3',
  injuryLossTypeRemark: '路人轻伤',
  propertyLossType: '',
  settlementUavInfoList: [
    { deviceNumber: '1581F5FHD23A', deviceType: '多旋翼', rotorCount: 4, price: '65000', realTimeFlightData: 0 },
  ],
  injuryInfoList: [
    { injuryType: '4', injuryName: '李四', technicalLevel: '11010519491231002X', indemnityAmount: '1.5' },
  ],
  propertyInfoList: [],
});

/** An in-force order's history as the order decider decides it, with placeholder ids. */
const inForceHistory = (startedAt: Date) => {
  const at = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000);
  const user = (minutes: number) => ({ now: at(minutes), actor: OWNER });
  const system = (minutes: number) => ({ now: at(minutes), actor: 'system', system: true });
  const form = { ...storedForm(), id: ORDER_ID };
  const lines = buildPlanLines(form);
  const insurer = insurers[0]!;
  const requestId = requestIdOf(ORDER_ID, 1, insurer.id);
  const commands: OrderCommand[] = [
    { type: 'SaveDraft', data: { orderId: ORDER_ID, orderNo: ORDER_NO, form }, metadata: user(0) },
    {
      type: 'RequestInquiry',
      data: {
        orderId: ORDER_ID,
        orderNo: ORDER_NO,
        form,
        lines,
        requests: [
          {
            requestId,
            insurerId: insurer.id,
            insurerName: insurer.name,
            requestedAt: at(1).toISOString(),
            answerDueAt: at(60).toISOString(),
            deadlineAt: at(7200).toISOString(),
          },
        ],
      },
      metadata: user(1),
    },
    {
      type: 'RecordInsurerQuote',
      data: {
        requestId,
        answers: lines.map(
          (l): LineAnswer => ({ key: l.key, kind: 'quoted', premium: 1200, deductible: '免赔10%或1000元' }),
        ),
        source: 'automatic',
      },
      metadata: system(60),
    },
    confirmTerms(insurer.id, user(80)),
    { type: 'Insure', data: { insurerId: insurer.id, terms: TERMS_IN_FORCE }, metadata: user(90) },
    { type: 'UnderwritePolicy', data: { policyNo: POLICY_NO }, metadata: system(24 * 60) },
  ];
  let state: Order = initialOrder();
  const events: OrderEvent[] = [];
  for (const command of commands) {
    const decided = decideOrder(command, state);
    events.push(...decided);
    state = decided.reduce(evolveOrder, state);
  }
  if (state.status !== 'inForce') throw new Error(`the seeded order history ends ${state.status}, not inForce`);
  return {
    events: events.map((e) => ({ type: e.type, data: e.data, at: orderEventTime(e) })),
    policy: policySnapshot(state),
  };
};

const IN_FORCE_SQL = `
WITH o AS (
  SELECT g, ${inForceOrderIdSql('g')} AS id, '139' || lpad((1 + g % $3)::text, 8, '0') AS owner,
         'FBIF' || lpad(g::text, 10, '0') AS order_no, 'PBENCH' || lpad(g::text, 10, '0') AS policy_no
    FROM generate_series($1::int, $2::int) g
), s AS (
  INSERT INTO emt_streams (stream_id, stream_position, stream_type, stream_metadata)
  SELECT 'order-' || id, $5::int, 'order', '{}' FROM o
)
INSERT INTO emt_messages (stream_id, stream_position, transaction_id, created, message_schema_version,
                          message_id, message_type, message_data, message_metadata)
SELECT 'order-' || o.id, e.pos, pg_current_xact_id(), (e.ev->>'at')::timestamptz, '1', gen_random_uuid()::text,
       e.ev->>'type', e.ev->'data', '{}'
  FROM o, jsonb_array_elements(${swap('$4::text', 'o.id', 'o.order_no', 'o.owner', 'o.policy_no')}::jsonb) WITH ORDINALITY e(ev, pos)
 ORDER BY o.g, e.pos`;

// Every stride-th claim (the first of them, as many as the owners hold) is the owner's that
// bench_claim_owners names, the rest round-robin past the tier block, as in ./seed.ts.
const CLAIMS_SQL = `
WITH c AS (
  SELECT g, uuid_in(md5('feibao-bench-claim-' || g)::cstring)::text AS id,
         uuid_in(md5('feibao-bench-claim-order-' || g)::cstring)::text AS order_id,
         'FBCL' || lpad(g::text, 10, '0') AS order_no, 'PBENCHCL' || lpad(g::text, 10, '0') AS policy_no,
         coalesce(t.owner, ${roundRobinOwnerSql('g', '$6', '$10', '$11')}) AS owner,
         $3::timestamptz + g * $7::bigint * interval '1 millisecond' AS at,
         g % 10 <> 9 AS submitted
    FROM generate_series($1::int, $2::int) g
    LEFT JOIN bench_claim_owners t ON g % $4 = 0 AND g / $4 < $5 AND t.j = g / $4
), s AS (
  INSERT INTO emt_streams (stream_id, stream_position, stream_type, stream_metadata)
  SELECT 'claim-' || id, CASE WHEN submitted THEN 2 ELSE 1 END, 'claim', '{}' FROM c
), e AS (
  SELECT g, id, 1 AS pos, 'ClaimOpened' AS type, at AS created,
         jsonb_build_object('claimId', id, 'at', ${iso('at')}, 'by', owner,
           'claimNo', 'LP' || to_char(at AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad((g % 1000000)::text, 6, '0'),
           'orderId', order_id, 'owner', owner,
           'policy', ${swap('$8::text', 'order_id', 'order_no', 'owner', 'policy_no')}::jsonb) AS data
    FROM c
  UNION ALL
  SELECT g, id, 2, 'ClaimSubmitted', at + interval '10 minutes',
         jsonb_build_object('claimId', id, 'at', ${iso("at + interval '10 minutes'")}, 'by', owner, 'form', $9::jsonb,
           'changes', '[]'::jsonb, 'acceptDueAt', ${iso("at + interval '10 minutes' + interval '1 day'")})
    FROM c WHERE submitted
)
INSERT INTO emt_messages (stream_id, stream_position, transaction_id, created, message_schema_version,
                          message_id, message_type, message_data, message_metadata)
SELECT 'claim-' || id, pos, pg_current_xact_id(), created, '1', gen_random_uuid()::text, type, data, '{}'
  FROM e ORDER BY g, pos`;

/** The report as the save route stores it: parsed and normalised. */
export const storedClaimForm = (now = new Date()) => {
  const parsed = parseClaimForm(claimReport(now));
  if (!parsed.ok) throw new Error(parsed.message);
  return normaliseClaimForm(parsed.form);
};

export const seedClaims = async (client: pg.ClientBase, plan: ClaimSeedPlan, log: (line: string) => void) => {
  const owned = ownedTotal(plan.owners);
  if (plan.claims < owned || plan.orderOwners < 1)
    throw new Error(`need ≥ ${owned} claims (the heavy user's and the tiers') and ≥ 1 order owner`);
  await client.query(`SET synchronous_commit = off`);
  const now = Date.now();
  const history = inForceHistory(new Date(now - POLICY_AGE_DAYS * 86_400_000));
  const events = JSON.stringify(history.events);
  // One transaction per chunk of events, as for orders: eight events an order.
  const orderChunk = Math.max(1, Math.floor(plan.chunk / history.events.length));
  for (let from = 0; from < plan.inForceOrders; from += orderChunk) {
    const to = Math.min(plan.inForceOrders, from + orderChunk) - 1;
    await client.query(IN_FORCE_SQL, [from, to, plan.orderOwners, events, history.events.length]);
  }
  log(`  ${plan.inForceOrders} in-force orders (${history.events.length} events each)`);

  await createOwnerTable(client, 'bench_claim_owners', plan.owners);
  const stride = ownedStride(plan.claims, owned);
  const spacingMs = Math.max(1, Math.floor((CLAIM_SPREAD_DAYS * 86_400_000) / Math.max(1, plan.claims)));
  const claimStart = new Date(now - 3_600_000 - plan.claims * spacingMs).toISOString();
  const policy = JSON.stringify(history.policy);
  const form = JSON.stringify(storedClaimForm(new Date(now)));
  const claimChunk = Math.max(1, Math.floor(plan.chunk / 2));
  for (let from = 0; from < plan.claims; from += claimChunk) {
    const to = Math.min(plan.claims, from + claimChunk) - 1;
    await client.query(CLAIMS_SQL, [
      from,
      to,
      claimStart,
      stride,
      owned,
      plan.users,
      spacingMs,
      policy,
      form,
      plan.owners.base,
      plan.owners.block,
    ]);
    log(`  claims ${to + 1}/${plan.claims}`);
  }
  await client.query(`DROP TABLE bench_claim_owners`);
  await client.query(`RESET synchronous_commit`);
};

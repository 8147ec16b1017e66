/**
 * Set-based seeding straight into Emmett 0.42's tables, in the shape its append writes
 * (checked against rows written by POST /api/v1/uav/order/save and by seedAdmin):
 *   emt_streams:  (stream_id, stream_position 1, stream_type 'order' | 'user', stream_metadata '{}')
 *   emt_messages: one 'E' message per stream, stream_position 1, message_schema_version '1',
 *                 message_metadata '{}', message_id a UUID, transaction_id pg_current_xact_id(),
 *                 global_position from emt_global_message_position (the column default).
 * Each chunk is its own transaction, so the store holds many transaction ids as a real one does.
 */
import type pg from 'pg';
import { normaliseOrderForm, parseOrderForm } from '@feibao/domain/ordering/form';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import { createOwnerTable, ownedStride, ownedTotal, roundRobinOwnerSql, type Owners } from './tierPlan.ts';

/** `owners`: the heavy user and the list tiers' customers (./tierPlan.ts), each holding a fixed number of orders. */
export type SeedPlan = { orders: number; users: number; owners: Owners; chunk: number };

/** The heavy user (index 0) whose list the bench pages. */
export const phoneOf = (user: number) => `139${String(user).padStart(8, '0')}`;
export const HEAVY_USER = phoneOf(0);

const iso = (ts: string) => `to_char(${ts} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A complete enterprise profile, so user_profiles documents carry real fields. */
const PROFILE = {
  enterpriseName: '飞保压测航空科技有限公司',
  email: 'bench@feibao.test',
  address: '310000',
  unifiedSocialCreditCode: '91310000MA1FL0000X',
  theInsured: 2,
  insuredType: 1,
  theInsuredName: '上海某培训学校',
  theInsuredPhone: '13922223333',
};
// Same shape as hashPassword's output; nobody logs in with it.
const PASSWORD_HASH = 'scrypt$131072$8$1$YmVuY2hiZW5jaGJlbmNoYg$0000000000000000000000000000000000000000000';

const USERS_SQL = `
WITH u AS (
  SELECT g, '139' || lpad(g::text, 8, '0') AS phone, $3::timestamptz + g * interval '1 millisecond' AS at
    FROM generate_series($1::int, $2::int) g
), s AS (
  INSERT INTO emt_streams (stream_id, stream_position, stream_type, stream_metadata)
  SELECT 'user-' || phone, 1, 'user', '{}' FROM u
)
INSERT INTO emt_messages (stream_id, stream_position, transaction_id, created, message_schema_version,
                          message_id, message_type, message_data, message_metadata)
SELECT 'user-' || phone, 1, pg_current_xact_id(), at, '1', gen_random_uuid()::text, 'UserRegistered',
       jsonb_build_object(
         'name', '压测用户' || g, 'roles', '["user"]'::jsonb,
         'profile', $4::jsonb || jsonb_build_object('phone', phone),
         'mobilePhone', phone, 'passwordHash', $5::text, 'registerType', 2, 'registeredAt', ${iso('at')}),
       '{}'
  FROM u ORDER BY g`;

// Every stride-th order (the first of them, as many as the owners hold) belongs to the owner the
// table bench_order_owners names for it, spread over the whole time range; the rest go round-robin
// to users 1..users-1 past the tier customers' block ($8, $9).
const ORDERS_SQL = `
WITH o AS (
  SELECT g, uuid_in(md5('feibao-bench-order-' || g)::cstring)::text AS id,
         coalesce(t.owner, ${roundRobinOwnerSql('g', '$6', '$8', '$9')}) AS owner,
         $3::timestamptz + g * interval '1 second' AS at
    FROM generate_series($1::int, $2::int) g
    LEFT JOIN bench_order_owners t ON g % $4 = 0 AND g / $4 < $5 AND t.j = g / $4
), s AS (
  INSERT INTO emt_streams (stream_id, stream_position, stream_type, stream_metadata)
  SELECT 'order-' || id, 1, 'order', '{}' FROM o
)
INSERT INTO emt_messages (stream_id, stream_position, transaction_id, created, message_schema_version,
                          message_id, message_type, message_data, message_metadata)
SELECT 'order-' || id, 1, pg_current_xact_id(), at, '1', gen_random_uuid()::text, 'OrderDraftSaved',
       jsonb_build_object(
         'form', jsonb_set($7::jsonb, '{id}', to_jsonb(id)), 'owner', owner, 'orderId', id,
         'orderNo', 'FB' || to_char(at AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad((g % 1000000)::text, 6, '0'),
         'savedAt', ${iso('at')}, 'orderType', 0),
       '{}'
  FROM o ORDER BY g`;

/** The form exactly as the save route stores it (parsed, normalised); id is set per order. */
export const storedForm = () => {
  const parsed = parseOrderForm(generalApplication());
  if (!parsed.ok) throw new Error(parsed.message);
  return { ...normaliseOrderForm(parsed.form), id: '' };
};

export const seed = async (client: pg.ClientBase, plan: SeedPlan, log: (line: string) => void) => {
  // Bulk load only: losing the tail on a crash is fine, the bench recreates the database.
  await client.query(`SET synchronous_commit = off`);
  const userStart = new Date(Date.now() - 400 * 86_400_000).toISOString();
  for (let from = 0; from < plan.users; from += plan.chunk) {
    const to = Math.min(plan.users, from + plan.chunk) - 1;
    await client.query(USERS_SQL, [from, to, userStart, JSON.stringify(PROFILE), PASSWORD_HASH]);
  }
  log(`  ${plan.users} users`);
  // Orders end a little before now, one second apart.
  const orderStart = new Date(Date.now() - (plan.orders + 3600) * 1000).toISOString();
  const owned = ownedTotal(plan.owners);
  if (owned > plan.orders) throw new Error(`the owners hold ${owned} orders of ${plan.orders}`);
  if (plan.orders > owned && plan.users - 1 - plan.owners.block < 1)
    throw new Error('no user left for round-robin orders');
  await createOwnerTable(client, 'bench_order_owners', plan.owners);
  const stride = ownedStride(plan.orders, owned);
  const form = JSON.stringify(storedForm());
  for (let from = 0; from < plan.orders; from += plan.chunk) {
    const to = Math.min(plan.orders, from + plan.chunk) - 1;
    await client.query(ORDERS_SQL, [
      from,
      to,
      orderStart,
      stride,
      owned,
      plan.users,
      form,
      plan.owners.base,
      plan.owners.block,
    ]);
    log(`  orders ${to + 1}/${plan.orders}`);
  }
  await client.query(`DROP TABLE bench_order_owners`);
  await client.query(`RESET synchronous_commit`);
};

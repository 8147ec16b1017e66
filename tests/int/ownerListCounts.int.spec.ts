import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCollection } from '@feibao/platform/documents';
import { CLAIM_LIST } from '@feibao/read-models/claims/claims/claimDocument';
import { claimReader } from '@feibao/read-models/claims/claims/reader';
import { ORDER_LIST } from '@feibao/read-models/ordering/orders/orderDocument';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { readModelDatabase } from '../support/readModelDatabase.ts';

/**
 * The per-customer counts of the customers' own lists (read-models/src/migrations/0029_owner_list_counts.sql)
 * against counting the rows, through every way the projections write order_list and claim_list: single
 * puts, batches that insert, update and remove in one statement, a rolled-back change, and the rebuild's
 * TRUNCATE; and the readers' totalCount from them.
 */
const orderList = documentCollection<object>(ORDER_LIST);
const claimList = documentCollection<object>(CLAIM_LIST);
const A = '13900000001';
const B = '13900000002';
let db: pg.Pool;
beforeAll(async () => {
  db = await readModelDatabase(2);
});
afterAll(async () => db?.end());

const orderRow = (id: string, userName: string | null, minute = 0) => ({
  id,
  orderNo: `FB${id}`,
  orderTime: `2026-11-27 10:${String(minute).padStart(2, '0')}:00`,
  ...(userName === null ? {} : { userName }),
  orderType: 0,
  state: 0,
  policyNo: null,
  startDate: null,
  endDate: null,
  insuranceCompanyId: null,
  insuranceCompanyName: null,
  totalPremium: null,
  deviceNumber: '1',
});
const claimRow = (id: string, owner: string, claimState: number | null) => ({
  id,
  owner,
  createdAt: new Date().toISOString(),
  ...(claimState === null ? {} : { claimState }),
});

const expectOrderCountsMatchRows = async () => {
  const kept = await db.query(`SELECT user_name, n::int FROM order_list_owner_counts WHERE n <> 0 ORDER BY 1`);
  const counted = await db.query(
    `SELECT user_name, count(*)::int AS n FROM order_list WHERE user_name IS NOT NULL GROUP BY 1 ORDER BY 1`,
  );
  expect(kept.rows).toEqual(counted.rows);
};
const expectClaimCountsMatchRows = async () => {
  const kept = await db.query(
    `SELECT owner, state_key, n::int FROM claim_list_owner_counts WHERE n <> 0 ORDER BY 1, 2`,
  );
  const counted = await db.query(
    `SELECT owner, coalesce(claim_state, -1) AS state_key, count(*)::int AS n FROM claim_list GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  expect(kept.rows).toEqual(counted.rows);
};

/** One projection batch: loads, puts and removes, flushed as one statement per table, in one transaction. */
const inBatch = async (
  collection: typeof orderList,
  ids: string[],
  work: (batch: ReturnType<typeof orderList.batch>) => void,
  end: 'COMMIT' | 'ROLLBACK' = 'COMMIT',
) => {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const batch = collection.batch(client);
    await batch.load(ids);
    work(batch);
    await batch.flush();
    await client.query(end);
  } finally {
    client.release();
  }
};

describe('per-customer list counts', () => {
  it('order list: equal to the rows per customer through puts, batches, deletes, rollback and truncation', async () => {
    for (let i = 0; i < 4; i++) await orderList.put(db, `a-${i}`, orderRow(`a-${i}`, A, i));
    await orderList.put(db, 'b-0', orderRow('b-0', B));
    await orderList.put(db, 'a-0', { ...orderRow('a-0', A), state: 1 }); // updated, same owner
    await orderList.put(db, 'guest', orderRow('guest', null));
    await expectOrderCountsMatchRows();

    await inBatch(orderList, ['a-1', 'a-2', 'b-new', 'a-new'], (batch) => {
      batch.put('a-1', { ...orderRow('a-1', A, 1), state: 5 });
      batch.remove('a-2');
      batch.put('b-new', orderRow('b-new', B, 9));
      batch.put('a-new', orderRow('a-new', A, 8));
    });
    await expectOrderCountsMatchRows();
    await inBatch(orderList, ['ghost'], (batch) => batch.put('ghost', orderRow('ghost', A)), 'ROLLBACK');
    await expectOrderCountsMatchRows();
    await orderList.remove(db, 'b-0');
    await expectOrderCountsMatchRows();

    const reader = orderReader(db);
    const page = await reader.page(A, 1, 2, new Date());
    expect(page.totalCount).toBe(4);
    expect(page.datas.map((r) => r.id)).toEqual(['a-new', 'a-3']);
    expect((await reader.page(A, 2, 2, new Date())).datas.map((r) => r.id)).toEqual(['a-1', 'a-0']);
    expect((await reader.page(B, 1, 20, new Date())).totalCount).toBe(1);
    expect((await reader.page('13900000009', 1, 20, new Date())).totalCount).toBe(0);

    await db.query('TRUNCATE order_list');
    await expectOrderCountsMatchRows();
    expect((await reader.page(A, 1, 20, new Date())).totalCount).toBe(0);
  });

  it('claim list: equal to the rows per customer and state; the owner filter, alone or with a state, reads them', async () => {
    for (let i = 0; i < 3; i++) await claimList.put(db, `ca-${i}`, claimRow(`ca-${i}`, A, 1));
    await claimList.put(db, 'cb-0', claimRow('cb-0', B, 3));
    await claimList.put(db, 'ca-0', claimRow('ca-0', A, 3)); // moved 1 → 3
    await claimList.put(db, 'ca-none', claimRow('ca-none', A, null));
    await expectClaimCountsMatchRows();

    await inBatch(claimList, ['ca-1', 'ca-2', 'cb-new'], (batch) => {
      batch.put('ca-1', claimRow('ca-1', A, 4));
      batch.remove('ca-2');
      batch.put('cb-new', claimRow('cb-new', B, 3));
    });
    await expectClaimCountsMatchRows();
    await inBatch(claimList, ['c-ghost'], (batch) => batch.put('c-ghost', claimRow('c-ghost', A, 3)), 'ROLLBACK');
    await expectClaimCountsMatchRows();

    const reader = claimReader(db);
    expect((await reader.page({ owner: A }, 1, 20)).totalCount).toBe(3);
    expect((await reader.page({ owner: A, claimState: 3 }, 1, 20)).totalCount).toBe(1);
    expect((await reader.page({ owner: A, claimState: 2 }, 1, 20)).totalCount).toBe(0);
    expect((await reader.page({ owner: B, claimState: 3 }, 1, 20)).totalCount).toBe(2);
    // Another filter counts the rows themselves, and agrees.
    expect((await reader.page({ owner: A, claimState: 3, claimNo: 'none' }, 1, 20)).totalCount).toBe(0);
    expect((await reader.page({ owner: B, overdue: false }, 1, 1)).datas).toHaveLength(1);

    await db.query('TRUNCATE claim_list');
    await expectClaimCountsMatchRows();
    expect((await reader.page({ owner: A }, 1, 20)).totalCount).toBe(0);
  });
});

import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentCollection } from '@feibao/platform/documents';
import { CLAIM_LIST } from '@feibao/read-models/claims/claims/claimDocument';
import { claimReader } from '@feibao/read-models/claims/claims/reader';
import { readModelDatabase } from '../support/readModelDatabase.ts';

/**
 * claim_list_counts (read-models/src/migrations/0016_claim_list_counts.sql) against counting the
 * rows, through every way the claim projection writes claim_list: single puts, batch upserts
 * that insert and move rows between states in one statement, deletes, and the rebuild's TRUNCATE.
 */
const claimList = documentCollection<object>(CLAIM_LIST);
let db: pg.Pool;
beforeAll(async () => {
  db = await readModelDatabase(2);
});
afterAll(async () => db?.end());

const row = (id: string, claimState: number | null, createdAt = new Date().toISOString()) => ({
  id,
  owner: '13900000001',
  createdAt,
  ...(claimState === null ? {} : { claimState }),
});

const expectCountsMatchRows = async () => {
  const kept = await db.query(`SELECT state_key, n::int FROM claim_list_counts WHERE n <> 0 ORDER BY 1`);
  const counted = await db.query(
    `SELECT coalesce(claim_state, -1) AS state_key, count(*)::int AS n FROM claim_list GROUP BY 1 ORDER BY 1`,
  );
  expect(kept.rows).toEqual(counted.rows);
};

describe('claim list counts', () => {
  it('stay equal to the rows per state through puts, batches, deletes and truncation', async () => {
    for (let i = 0; i < 5; i++) await claimList.put(db, `c-${i}`, row(`c-${i}`, 1));
    await claimList.put(db, 'c-0', row('c-0', 3)); // moved 1 → 3
    await claimList.put(db, 'c-none', row('c-none', null));
    await expectCountsMatchRows();

    const client = await db.connect();
    try {
      await client.query('BEGIN');
      const batch = claimList.batch(client);
      await batch.load(['c-1', 'c-2', 'c-3', 'c-new']);
      batch.put('c-1', row('c-1', 3));
      batch.put('c-2', row('c-2', 4));
      batch.remove('c-3');
      batch.put('c-new', row('c-new', 3));
      await batch.flush();
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await expectCountsMatchRows();

    await claimList.remove(db, 'c-4');
    await expectCountsMatchRows();
    // A rolled-back change leaves the counts as they were.
    const rolledBack = await db.connect();
    try {
      await rolledBack.query('BEGIN');
      await claimList.put(rolledBack, 'c-ghost', row('c-ghost', 3));
      await rolledBack.query('ROLLBACK');
    } finally {
      rolledBack.release();
    }
    await expectCountsMatchRows();

    const reader = claimReader(db);
    expect((await reader.page({}, 1, 20)).totalCount).toBe(5);
    expect((await reader.page({ claimState: 3 }, 1, 20)).totalCount).toBe(3);
    expect((await reader.page({ claimState: 3, overdue: false }, 1, 20)).totalCount).toBe(3);
    expect((await reader.page({ claimState: 3, owner: 'someone else' }, 1, 20)).totalCount).toBe(0);
    expect((await reader.page({ claimState: 2 }, 1, 20)).totalCount).toBe(0);
    expect((await reader.page({ claimState: 3 }, 1, 2)).datas).toHaveLength(2);

    await db.query('TRUNCATE claim_list');
    await expectCountsMatchRows();
    expect((await reader.page({}, 1, 20)).totalCount).toBe(0);
  });
});

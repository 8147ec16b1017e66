import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderState } from '@feibao/domain/ordering/order.events';
import { documentCollection } from '@feibao/platform/documents';
import { ORDERS } from '@feibao/read-models/ordering/orders/orderDocument';
import { orderReader } from '@feibao/read-models/ordering/orders/reader';
import { quoteDeskReader } from '@feibao/read-models/ordering/orders/quoteDesk';
import { readModelDatabase } from '../support/readModelDatabase.ts';

/**
 * The quote desk's page and its totalCount (and the back office's quoting list) come from one
 * snapshot: an inquiry committed while a page is read is in both or in neither.
 */
const orders = documentCollection<object>(ORDERS);
let db: pg.Pool;
beforeAll(async () => {
  db = await readModelDatabase(6);
});
afterAll(async () => db?.end());

let seq = 0;
/** An order being quoted, as the projection stores it (only what the desk reads). */
const inquiry = async () => {
  const id = `snap-${++seq}-${randomBytes(3).toString('hex')}`;
  const at = new Date().toISOString();
  await orders.put(db, id, {
    id,
    orderNo: `BD${seq}`,
    userName: '13900000001',
    orderType: 0,
    state: OrderState.quoting,
    round: 1,
    updatedAt: at,
    nextDeadlineAt: at,
    lines: [],
    insurers: [],
  });
};

const filters = { days: 30, currentPage: 1, pageSize: 100_000 };

/** The pool as the reader sees it, with an inquiry committed before every read after its first. */
const inquiryBetweenReads = () => {
  let reads = 0;
  return {
    query: async (...args: Parameters<pg.Pool['query']>) => {
      if (reads++ > 0) await inquiry();
      return (db.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args);
    },
  } as unknown as pg.Pool;
};

describe('the quote desk page and its count', () => {
  it('come from one snapshot: an inquiry committed during the read is in both or in neither', async () => {
    for (let i = 0; i < 3; i++) await inquiry();
    const desk = await quoteDeskReader(inquiryBetweenReads()).page(filters, new Date(), 86_400);
    expect(desk.datas).toHaveLength(desk.totalCount);

    const quoting = await orderReader(inquiryBetweenReads()).quoting(1, 100_000);
    expect(quoting.datas).toHaveLength(quoting.totalCount);
  });

  it('agree while inquiries are appended concurrently', async () => {
    let appending = true;
    const appenders = Array.from({ length: 4 }, async () => {
      while (appending) await inquiry();
    });
    const disagreements: string[] = [];
    try {
      for (let i = 0; i < 60; i++) {
        const desk = await quoteDeskReader(db).page(filters, new Date(), 86_400);
        if (desk.datas.length !== desk.totalCount) disagreements.push(`desk ${desk.datas.length}/${desk.totalCount}`);
        const quoting = await orderReader(db).quoting(1, 100_000);
        if (quoting.datas.length !== quoting.totalCount)
          disagreements.push(`quoting ${quoting.datas.length}/${quoting.totalCount}`);
      }
    } finally {
      appending = false;
      await Promise.all(appenders);
    }
    expect(disagreements).toEqual([]);
  });

  it('still pages in the desk order', async () => {
    const all = await quoteDeskReader(db).page(filters, new Date(), 86_400);
    const second = await quoteDeskReader(db).page({ ...filters, currentPage: 2, pageSize: 2 }, new Date(), 86_400);
    expect(second.totalCount).toBe(all.totalCount);
    expect(second.datas.map((r) => r.id)).toEqual(all.datas.slice(2, 4).map((r) => r.id));
  });
});

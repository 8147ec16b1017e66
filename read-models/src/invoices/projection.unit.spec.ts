import { describe, expect, it } from 'vitest';
import type { PoolClient } from '@feibao/platform/db';
import type { RecordedEvent } from '@feibao/platform/projections/projection';
import { invoiceProjection } from './projection.ts';

/**
 * The projection over an in-memory stand-in for the three statements a document batch sends
 * (load, delete, upsert): the same events give the same rows whether they come one at a time or
 * in one batch, and an account changed earlier in the same batch is the one an invoice reads.
 */
const memoryClient = () => {
  const tables = new Map<string, Map<string, unknown>>();
  const table = (name: string) => tables.get(name) ?? tables.set(name, new Map()).get(name)!;
  let writes = 0;
  const client = {
    async query(text: string, params: unknown[]) {
      const name = /"(\w+)"/.exec(text)?.[1] ?? '';
      if (text.startsWith('SELECT')) {
        const ids = params[0] as string[];
        return {
          rows: ids
            .filter((id) => table(name).has(id))
            .map((id) => ({ _id: id, data: structuredClone(table(name).get(id)) })),
        };
      }
      writes++;
      if (text.startsWith('DELETE')) for (const id of params[0] as string[]) table(name).delete(id);
      else for (const [id, doc] of JSON.parse(params[0] as string) as [string, unknown][]) table(name).set(id, doc);
      return { rows: [] };
    },
  };
  return { client: client as unknown as PoolClient, tables, writes: () => writes };
};

let position = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => {
  position++;
  return {
    type,
    data,
    streamId: 's',
    streamPosition: position,
    globalPosition: position,
    transactionId: String(position),
    recordedAt: '2025-03-01T00:00:00.000Z',
  };
};

const OWNER = '13800001234';
const STAFF = '19900000001';
const story = () => [
  recorded('UserRegistered', {
    mobilePhone: STAFF,
    name: '李审核',
    registerType: 1,
    passwordHash: 'x',
    roles: ['admin'],
    profile: null,
    registeredAt: 't',
  }),
  recorded('UserRegistered', {
    mobilePhone: OWNER,
    name: '张三',
    registerType: 1,
    passwordHash: 'x',
    roles: ['user'],
    profile: null,
    registeredAt: 't',
  }),
  recorded('OrderDraftSaved', {
    orderId: 'o1',
    orderNo: 'FB1',
    owner: OWNER,
    orderType: 0,
    form: {},
    savedAt: '2025-03-01T00:00:00.000Z',
  }),
  recorded('OrderDraftSaved', {
    orderId: 'o2',
    orderNo: 'FB2',
    owner: OWNER,
    orderType: 0,
    form: {},
    savedAt: '2025-03-01T00:00:00.000Z',
  }),
  recorded('UserProfileUpdated', {
    mobilePhone: OWNER,
    name: '张三',
    profile: { enterpriseName: '飞保科技', address: '440000' },
    updatedAt: 't',
  }),
  recorded('InquiryRequested', { orderId: 'o1', round: 1, form: {}, lines: [], requests: [], requestedAt: 't' }),
  recorded('InsurerQuoteRecorded', {
    orderId: 'o1',
    requestId: 'o1.1.2',
    insurerId: 2,
    answers: [{ key: 'k', kind: 'quoted', premium: 1, deductible: '' }],
    source: 'manual',
    recordedBy: STAFF,
    recordedAt: 't',
  }),
  recorded('InsurerQuoteRecorded', {
    orderId: 'o1',
    requestId: 'o1.1.1',
    insurerId: 1,
    answers: [{ key: 'k', kind: 'quoted', premium: 1, deductible: '' }],
    source: 'automatic',
    recordedBy: 'system',
    recordedAt: 't',
  }),
  recorded('OrderInsured', {
    orderId: 'o1',
    insurerId: 2,
    insurerName: '平安产险',
    totalPremium: 880,
    insuredAt: '2025-03-02T00:00:00.000Z',
    requestedStartDate: null,
  }),
  recorded('PolicyUnderwritten', {
    orderId: 'o1',
    policyNo: 'P0220250303000001',
    startDate: 's',
    endDate: 'e',
    underwrittenAt: '2025-03-03T00:00:00.000Z',
  }),
];

const run = async (batches: RecordedEvent[][]) => {
  const memory = memoryClient();
  for (const batch of batches) await invoiceProjection.handleBatch(batch, memory.client);
  return memory;
};

describe('invoices projection', () => {
  it('gives the same rows one event at a time and in one batch', async () => {
    const events = story();
    const single = await run(events.map((e) => [e]));
    const batched = await run([events]);
    expect(batched.tables).toEqual(single.tables);
    expect(batched.tables.get('invoices')!.get('o1')).toMatchObject({
      invoice: {
        invoiceNo: 'FP0220250303000001',
        invoiceName: '飞保科技',
        centerBranchName: '平安产险广东分公司',
        payStatus: '已支付',
        operator: '李审核',
        amount: 880,
      },
    });
    // Saved but never bought: traced, no invoice.
    expect(batched.tables.get('invoices')!.get('o2')).toMatchObject({ invoice: null, trace: { owner: OWNER } });
  });

  it('writes nothing for events that change no invoice', async () => {
    const events = story();
    const memory = await run([events]);
    const before = memory.writes();
    await invoiceProjection.handleBatch(
      [
        recorded('OrderDraftSaved', {
          orderId: 'o2',
          orderNo: 'FB2',
          owner: OWNER,
          orderType: 0,
          form: {},
          savedAt: 't',
        }),
        recorded('InsurerQuoteRecorded', {
          orderId: 'o2',
          requestId: 'o2.1.1',
          insurerId: 1,
          answers: [],
          source: 'automatic',
          recordedBy: 'system',
          recordedAt: 't',
        }),
        recorded('PolicyUnderwritten', {
          orderId: 'o1',
          policyNo: 'P0220250303000009',
          startDate: 's',
          endDate: 'e',
          underwrittenAt: 't',
        }),
      ],
      memory.client,
    );
    expect(memory.writes()).toBe(before);
    expect((memory.tables.get('invoices')!.get('o1') as { invoice: { invoiceNo: string } }).invoice.invoiceNo).toBe(
      'FP0220250303000001',
    );
  });
});

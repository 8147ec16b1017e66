import { describe, expect, it } from 'vitest';
import { generalApplication, prepared } from '../ordering/fixtures.ts';
import type { OrderEvent, QuoteRequest } from '../ordering/order.events.ts';
import { buildPlanLines } from '../ordering/plan.ts';
import { notFoundAnswer, verificationAnswer, type IssuedDocument } from './answer.ts';
import {
  evolveVerificationDocuments,
  evolveVerificationOrder,
  initialVerificationRecord,
  type VerificationRecord,
  type VerifiedDocumentEvent,
} from './record.ts';

const orderId = 'o-1';
const owner = '13800000001';
const form = prepared(generalApplication());
const lines = buildPlanLines(form);
const request = (insurerId: number): QuoteRequest => ({
  requestId: `r-${insurerId}`,
  insurerId,
  insurerName: insurerId === 1 ? '人保财险' : '平安产险',
  requestedAt: '2026-11-23T02:00:00.000Z',
  answerDueAt: '2026-11-24T02:00:00.000Z',
  deadlineAt: '2026-11-30T02:00:00.000Z',
});
const at = '2026-11-23T02:00:00.000Z';
/** Insurer 1 prices every line but the last (declined); the customer buys from it. */
const history: OrderEvent[] = [
  { type: 'OrderDraftSaved', data: { orderId, orderNo: 'N1', owner, orderType: 0, form, savedAt: at } },
  {
    type: 'InquiryRequested',
    data: { orderId, round: 1, form, lines, requests: [request(1), request(2)], requestedAt: at },
  },
  {
    type: 'InsurerQuoteRecorded',
    data: {
      orderId,
      requestId: 'r-1',
      insurerId: 1,
      answers: lines.map((l, i) =>
        i === lines.length - 1
          ? { key: l.key, kind: 'declined' as const, reason: '不承保' }
          : { key: l.key, kind: 'quoted' as const, premium: 1234.5, deductible: '免赔10%' },
      ),
      source: 'automatic',
      recordedBy: 'system',
      recordedAt: at,
    },
  },
  { type: 'QuotingCompleted', data: { orderId, round: 1, completedAt: at } },
  {
    type: 'OrderInsured',
    data: {
      orderId,
      insurerId: 1,
      insurerName: '人保财险',
      totalPremium: 4321,
      insuredAt: at,
      requestedStartDate: null,
    },
  },
  {
    type: 'PolicyUnderwritten',
    data: {
      orderId,
      policyNo: 'P2026',
      startDate: '2026-11-30T16:00:00.000Z',
      endDate: '2027-11-30T16:00:00.000Z',
      underwrittenAt: at,
    },
  },
];
const fold = (events: OrderEvent[], record = initialVerificationRecord(orderId)) =>
  events.reduce(
    (r, e) => evolveVerificationOrder(r, e, (phone) => (phone === owner ? '飞保测绘***公司' : '?')),
    record,
  );
const docs = (events: VerifiedDocumentEvent[], record: VerificationRecord) =>
  events.reduce(evolveVerificationDocuments, record);

describe('the verification record', () => {
  it('keeps the order until underwriting, then only the public extract', () => {
    const before = fold(history.slice(0, -1));
    expect(before.order?.status).toBe('insured');
    expect(before.policy).toBeNull();
    // Not even before: the pilots are the order's people, and verification shows none of them.
    expect(JSON.stringify(before)).not.toContain('王飞');
    expect(JSON.stringify(before)).not.toContain('CAAC-2023-0001');
    const after = fold(history);
    expect(after.order).toBeNull();
    expect(after.policy).toEqual({
      insurer: '人保财险',
      policyholder: '飞保测绘***公司',
      startDate: '2026-11-30T16:00:00.000Z',
      endDate: '2027-11-30T16:00:00.000Z',
      covers: expect.any(Array),
      droneCount: 3,
      lapsed: false,
      cancelled: false,
    });
    // Nothing of the form (pilots' ID numbers, device codes) or the premium is kept.
    const text = JSON.stringify(after);
    expect(text).not.toContain('1581F5FHD23A');
    expect(text).not.toContain('4321');
    expect(text).not.toContain(owner.slice(3));
  });

  it('lists the covers the chosen insurer priced, sums insured in yuan added up over the drones', () => {
    const { covers } = fold(history).policy!;
    const quoted = lines.slice(0, -1);
    const names = [...new Set(quoted.map((l) => l.insuranceTypeInfoName))];
    expect(covers.map((c) => c.name)).toEqual(names);
    const first = names[0]!;
    const expected = quoted.filter((l) => l.insuranceTypeInfoName === first).reduce((s, l) => s + l.insuranceAmount, 0);
    expect(covers[0]!.sumInsured).toBeCloseTo(expected * 10_000, 2);
  });

  it('records a lapse, and certificates with their holders masked and withdrawals', () => {
    const lapsed = fold([{ type: 'PolicyLapsed', data: { orderId, at } }], fold(history));
    expect(lapsed.policy?.lapsed).toBe(true);
    const cancelled = fold(
      [
        {
          type: 'PolicyCancelled',
          data: {
            orderId,
            cancellationId: 'x1',
            effectiveDate: at,
            refundAmount: 0,
            reason: 'noLongerNeeded',
            reasonTxt: null,
            approvedBy: 'system',
            cancelledAt: at,
          },
        },
      ],
      fold(history),
    );
    expect(cancelled.policy?.cancelled).toBe(true);
    const record = docs(
      [
        { type: 'CertificateHolderAdded', data: { orderId, certificateId: 'c1', holder: { name: '张三' } } },
        {
          type: 'CertificateHolderAdded',
          data: { orderId, certificateId: 'c2', holder: { name: '上海飞控测绘有限公司' } },
        },
        { type: 'CertificateWithdrawn', data: { orderId, certificateId: 'c2' } },
        { type: 'CertificateWithdrawn', data: { orderId, certificateId: 'unknown' } },
      ],
      fold(history),
    );
    expect(record.certificates).toEqual({
      c1: { holder: '张*', withdrawn: false },
      c2: { holder: '上海飞控***公司', withdrawn: true },
    });
  });
});

describe('the answer', () => {
  const issued = (more: Partial<IssuedDocument> = {}): IssuedDocument => ({
    orderId,
    kind: 'policy',
    certificateId: null,
    fileSha256: 'f'.repeat(64),
    contentSha256: 'c'.repeat(64),
    ...more,
  });
  const record = docs(
    [{ type: 'CertificateHolderAdded', data: { orderId, certificateId: 'c1', holder: { name: '张三' } } }],
    fold(history),
  );
  const during = new Date('2027-01-01T00:00:00.000Z');

  it('shows the public fields and the status at the moment asked', () => {
    const answer = verificationAnswer(issued(), record, during);
    expect(answer).toMatchObject({
      status: 'valid',
      statusText: '有效',
      document: {
        kind: 'policy',
        kindText: '电子保单',
        policyholder: '飞保测绘***公司',
        holder: null,
        period: { startDate: '2026-12-01', endDate: '2027-11-30', text: '2026-12-01 00:00 至 2027-11-30 24:00' },
        droneCount: 3,
        contentSha256: 'c'.repeat(64),
      },
    });
    expect(verificationAnswer(issued(), record, new Date('2026-11-30T15:59:59.999Z')).status).toBe('notYetValid');
    expect(
      verificationAnswer(issued({ kind: 'certificate', certificateId: 'c1' }), record, during).document?.holder,
    ).toBe('张*');
  });

  it('is 不存在 without an issued document, without policy facts, or for a certificate the record does not know', () => {
    expect(verificationAnswer(null, record, during)).toEqual(notFoundAnswer);
    expect(verificationAnswer(issued(), fold(history.slice(0, -1)), during)).toEqual(notFoundAnswer);
    expect(verificationAnswer(issued({ kind: 'certificate', certificateId: 'c9' }), record, during)).toEqual(
      notFoundAnswer,
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { QuoteDeskCell } from '@feibao/domain/ordering/quoteDesk';
import {
  canEnter,
  canResend,
  canTimeOut,
  cellMessage,
  countdownText,
  deskQuery,
  filtersOf,
  initialEntries,
  manualAnswers,
  shortTime,
} from './desk.ts';

const cell = (patch: Partial<QuoteDeskCell> = {}): QuoteDeskCell => ({
  insuranceCompanyId: 1,
  insuranceCompanyName: '人保财险',
  requestId: 'o.1.1',
  attempt: 0,
  status: 'manual',
  total: null,
  answers: [
    { key: '1:0', kind: 'quoted', premium: 100, deductible: '免赔10%', reason: null },
    { key: '1:1', kind: 'manual', premium: null, deductible: null, reason: '无人机单价超过50万元，需保险公司核保' },
    { key: '2:-', kind: 'pending', premium: null, deductible: null, reason: null },
  ],
  requestedAt: '2026-11-23T02:00:00.000Z',
  answerDueAt: '2026-11-24T02:00:00.000Z',
  deadlineAt: '2026-11-30T02:00:00.000Z',
  workingDaysLeft: 1.5,
  overdue: false,
  validUntil: null,
  ...patch,
});
const name = (key: string) => `险种${key}`;

describe('quote desk', () => {
  it('reads the filters from the address, ignoring unknown values, and sends only the set ones', () => {
    const filters = filtersOf(new URLSearchParams('status=expired&insurer=3&overdue=true&type=1&days=30'));
    expect(filters).toEqual({
      status: 'expired',
      insurerId: '3',
      overdue: true,
      orderType: '1',
      days: '30',
      orderNo: '',
      phone: '',
    });
    expect(deskQuery(filters, 2, 20)).toEqual({
      currentPage: 2,
      pageSize: 20,
      days: '30',
      status: 'expired',
      insurerId: '3',
      overdue: 'true',
      orderType: '1',
    });
    const junk = filtersOf(new URLSearchParams('status=nope&insurer=99&type=7&days=5'));
    expect(junk).toEqual({
      status: '',
      insurerId: '',
      overdue: false,
      orderType: '',
      days: '7',
      orderNo: '',
      phone: '',
    });
    expect(deskQuery(junk, 1, 20)).toEqual({ currentPage: 1, pageSize: 20, days: '7' });
    // The order number comes from the address; the phone never does, and both are sent when set.
    const search = filtersOf(new URLSearchParams('no=FB2026&phone=13812341234'));
    expect(search).toMatchObject({ orderNo: 'FB2026', phone: '' });
    expect(filtersOf(new URLSearchParams('no=FB%25')).orderNo).toBe('');
    expect(deskQuery({ ...search, phone: '13812341234' }, 1, 20)).toMatchObject({
      orderNo: 'FB2026',
      phone: '13812341234',
    });
  });

  it('counts down in working days and says when the deadline passed', () => {
    expect(countdownText(cell())).toBe('剩余 1.5 个工作日');
    expect(countdownText(cell({ workingDaysLeft: -0.3 }))).toBe('已超时 0.3 个工作日');
    expect(countdownText(cell({ workingDaysLeft: null }))).toBeNull();
    expect(shortTime('2026-11-23T16:30:00.000Z')).toBe('11-24 00:30');
    expect(cellMessage(cell())).toBe('无人机单价超过50万元，需保险公司核保');
  });

  it('offers each action only where the server would take it', () => {
    expect([canEnter(cell()), canTimeOut(cell()), canResend(cell(), 1)]).toEqual([true, true, true]);
    expect([
      canEnter(cell({ status: 'timed-out' })),
      canTimeOut(cell({ status: 'timed-out' })),
      canResend(cell({ status: 'timed-out' }), 2),
    ]).toEqual([false, false, true]);
    for (const status of ['quoted', 'declined', 'expired'] as const)
      expect([canEnter(cell({ status })), canTimeOut(cell({ status })), canResend(cell({ status }), 2)]).toEqual([
        false,
        false,
        false,
      ]);
    expect(canResend(cell(), 3)).toBe(false);
  });

  it('builds the manual answers: manual lines start as a quote, pending ones skipped', () => {
    const rows = initialEntries(cell());
    expect(rows.map((r) => [r.key, r.mode])).toEqual([
      ['1:1', 'quote'],
      ['2:-', 'skip'],
    ]);
    expect(manualAnswers(rows, name)).toBe('请填写险种1:1的保费');
    expect(manualAnswers([{ ...rows[0]!, premium: '-1', deductible: 'x' }], name)).toBe('险种1:1的保费不能为负数');
    expect(manualAnswers([{ ...rows[0]!, premium: '12.345' }], name)).toBe('请填写险种1:1的免赔说明');
    expect(manualAnswers([{ ...rows[0]!, mode: 'decline' }], name)).toBe('请填写险种1:1的拒保原因');
    expect(manualAnswers([{ ...rows[0]!, mode: 'skip' }], name)).toBe('请至少录入一条报价或拒保');
    expect(
      manualAnswers(
        [
          { ...rows[0]!, premium: '12.345', deductible: ' 免赔10% ' },
          { ...rows[1]!, mode: 'decline', reason: ' 超出承保范围 ' },
        ],
        name,
      ),
    ).toEqual([
      { key: '1:1', premium: 12.35, deductible: '免赔10%' },
      { key: '2:-', declined: true, reason: '超出承保范围' },
    ]);
  });
});

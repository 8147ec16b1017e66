import { describe, expect, it } from 'vitest';
import type { Assessment } from '@feibao/domain/claims/claim.events';
import type { HistoryEntry } from '@feibao/domain/claims/history';
import { ACCEPT_TARGET, CLOSE_TARGET, claimProgress, type ProgressClaim } from './progress.ts';

const entry = (operateType: string, operateDate: string): HistoryEntry => ({
  position: 0,
  operateDate,
  userName: 'u',
  operateType,
  moduleName: '理赔单',
  fieldName: '',
  details: '',
  remark: '',
});

const history = [
  entry('创建', '2026-11-20 09:00:00'),
  entry('提交', '2026-11-20 10:00:00'),
  entry('受理', '2026-11-20 15:30:00'),
];

const assessment: Assessment = {
  at: '2026-11-23T02:00:00.000Z',
  by: 'staff',
  lossAmount: 12000,
  payableAmount: 10800,
  reason: null,
  exposures: [
    {
      lineKey: 'hull',
      kind: 'drone',
      lossAmount: 12000,
      lineName: '机身险（UAV-1）',
      deductibleText: '10%',
      deductibleAmount: 1200,
      payableAmount: 10800,
      limitAmount: 50000,
      cappedBy: null,
      understood: true,
    },
  ],
};

const claim = (over: Partial<ProgressClaim>): ProgressClaim => ({
  claimState: 1,
  applyTime: null,
  finishClaimTime: null,
  evidenceRequest: null,
  assessment: null,
  sla: { acceptDueAt: null, closeDueAt: null, overdue: [], missedStages: [] },
  ...over,
});

const shape = (view: ReturnType<typeof claimProgress>) => view.steps.map((s) => `${s.key}:${s.status}`);

describe('claimProgress()', () => {
  it('a draft: created is current, submitting is next without a service clock', () => {
    const view = claimProgress(claim({ claimState: 2 }), history.slice(0, 1));
    expect(shape(view)).toEqual([
      'created:current',
      'submitted:pending',
      'accepted:pending',
      'assessed:pending',
      'closed:pending',
    ]);
    expect(view.steps[0]?.at).toBe('2026-11-20 09:00:00');
    expect(view.next).toMatchObject({ title: '提交', stage: null, dueAt: null });
  });

  it('submitted: acceptance is next, within one working day, due in Shanghai time', () => {
    const view = claimProgress(
      claim({
        claimState: 3,
        applyTime: '2026-11-20T02:00:00.000Z',
        sla: { acceptDueAt: '2026-11-23T10:00:00.000Z', closeDueAt: null, overdue: [], missedStages: [] },
      }),
      history.slice(0, 2),
    );
    expect(shape(view)).toEqual([
      'created:done',
      'submitted:current',
      'accepted:pending',
      'assessed:pending',
      'closed:pending',
    ]);
    expect(view.steps[1]?.at).toBe('2026-11-20 10:00:00');
    expect(view.next).toEqual({
      title: '受理',
      hint: ACCEPT_TARGET,
      stage: 'accept',
      dueAt: '2026-11-23 18:00',
      overdue: false,
    });
  });

  it('an overdue acceptance tags the waiting step and the next step', () => {
    const view = claimProgress(
      claim({
        claimState: 3,
        applyTime: '2026-11-20T02:00:00.000Z',
        sla: {
          acceptDueAt: '2026-11-23T10:00:00.000Z',
          closeDueAt: null,
          overdue: ['accept'],
          missedStages: ['accept'],
        },
      }),
      history.slice(0, 2),
    );
    expect(view.next?.overdue).toBe(true);
    expect(view.steps.find((s) => s.key === 'accepted')?.overdue).toBe(true);
    expect(view.steps.filter((s) => s.overdue)).toHaveLength(1);
  });

  it('processing: accepted at the history time; assessment next, closing within ten working days', () => {
    const view = claimProgress(
      claim({
        claimState: 4,
        applyTime: '2026-11-20T02:00:00.000Z',
        sla: { acceptDueAt: null, closeDueAt: '2026-12-04T07:30:00.000Z', overdue: [], missedStages: [] },
      }),
      history,
    );
    expect(shape(view)).toEqual([
      'created:done',
      'submitted:done',
      'accepted:current',
      'assessed:pending',
      'closed:pending',
    ]);
    expect(view.steps[2]?.at).toBe('2026-11-20 15:30:00');
    expect(view.next).toEqual({
      title: '定损',
      hint: CLOSE_TARGET,
      stage: 'close',
      dueAt: '2026-12-04 15:30',
      overdue: false,
    });
  });

  it('assessed: the payable per cover and in total; closing is next', () => {
    const view = claimProgress(
      claim({
        claimState: 4,
        applyTime: '2026-11-20T02:00:00.000Z',
        assessment,
        sla: { acceptDueAt: null, closeDueAt: '2026-12-04T07:30:00.000Z', overdue: ['close'], missedStages: ['close'] },
      }),
      history,
    );
    const assessed = view.steps.find((s) => s.key === 'assessed');
    expect(assessed).toMatchObject({ status: 'current', at: '2026-11-23 10:00:00' });
    expect(assessed?.assessment?.exposures[0]).toMatchObject({ lineName: '机身险（UAV-1）', payableAmount: 10800 });
    expect(assessed?.assessment?.payableAmount).toBe(10800);
    expect(view.next).toMatchObject({ title: '结案', overdue: true });
    expect(view.steps.find((s) => s.key === 'closed')?.overdue).toBe(true);
  });

  it('evidence requested: the message is the current step and resubmitting is next', () => {
    const view = claimProgress(
      claim({
        claimState: 2,
        applyTime: '2026-11-20T02:00:00.000Z',
        evidenceRequest: { message: '请补充飞行记录截图', at: '2026-11-21T01:00:00.000Z' },
      }),
      history,
    );
    expect(shape(view)).toEqual([
      'created:done',
      'submitted:done',
      'accepted:done',
      'evidence:current',
      'assessed:pending',
      'closed:pending',
    ]);
    expect(view.steps[3]).toMatchObject({ message: '请补充飞行记录截图', at: '2026-11-21 09:00:00' });
    expect(view.next).toMatchObject({ title: '重新提交', dueAt: null });
  });

  it('evidence requested before acceptance puts acceptance after it', () => {
    const view = claimProgress(
      claim({
        claimState: 2,
        applyTime: '2026-11-20T02:00:00.000Z',
        evidenceRequest: { message: 'm', at: '2026-11-20T03:00:00.000Z' },
      }),
      history.slice(0, 2),
    );
    expect(shape(view)).toEqual([
      'created:done',
      'submitted:done',
      'evidence:current',
      'accepted:pending',
      'assessed:pending',
      'closed:pending',
    ]);
  });

  it('closed: every step done, closed current, nothing next', () => {
    const view = claimProgress(
      claim({
        claimState: 5,
        applyTime: '2026-11-20T02:00:00.000Z',
        assessment,
        finishClaimTime: '2026-11-24T08:00:00.000Z',
      }),
      history,
    );
    expect(shape(view)).toEqual(['created:done', 'submitted:done', 'accepted:done', 'assessed:done', 'closed:current']);
    expect(view.steps.at(-1)?.at).toBe('2026-11-24 16:00:00');
    expect(view.next).toBeNull();
  });

  it('withdrawn: the steps reached, then 已撤回 at its history time', () => {
    const view = claimProgress(claim({ claimState: 6, applyTime: '2026-11-20T02:00:00.000Z' }), [
      ...history.slice(0, 2),
      entry('撤回', '2026-11-20 11:00:00'),
    ]);
    expect(shape(view)).toEqual(['created:done', 'submitted:done', 'withdrawn:current']);
    expect(view.steps.at(-1)).toMatchObject({ title: '已撤回', at: '2026-11-20 11:00:00' });
    expect(view.next).toBeNull();
  });

  it('works before the history has loaded', () => {
    const view = claimProgress(claim({ claimState: 3, applyTime: '2026-11-20T02:00:00.000Z' }), []);
    expect(view.steps[0]).toMatchObject({ key: 'created', at: null });
    expect(view.next?.dueAt).toBeNull();
  });
});

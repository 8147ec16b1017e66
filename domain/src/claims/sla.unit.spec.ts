import { describe, expect, it } from 'vitest';
import type { ClaimStatus, SlaStage } from './claim.events.ts';
import { currentStageOverdue, runningSlaStage } from './sla.ts';

describe('the current SLA stage and its lateness', () => {
  it('runs the accept clock while submitted and the close clock while processing, none otherwise', () => {
    const stages = (['editing', 'saved', 'submitted', 'processing', 'closed', 'withdrawn', 'cancelled'] as const).map(
      (status) => [status, runningSlaStage(status)],
    );
    expect(stages).toEqual([
      ['editing', null],
      ['saved', null],
      ['submitted', 'accept'],
      ['processing', 'close'],
      ['closed', null],
      ['withdrawn', null],
      ['cancelled', null],
    ]);
  });

  it('is overdue only while the current stage is late: a stage missed before stays history', () => {
    const overdue = (status: ClaimStatus, missed: SlaStage[]) => currentStageOverdue({ status, overdue: missed });
    expect(overdue('submitted', [])).toEqual([]);
    expect(overdue('submitted', ['accept'])).toEqual(['accept']);
    // Accepted late: processing, and the close stage not (yet) late.
    expect(overdue('processing', ['accept'])).toEqual([]);
    expect(overdue('processing', ['accept', 'close'])).toEqual(['close']);
    expect(overdue('closed', ['accept', 'close'])).toEqual([]);
    expect(overdue('withdrawn', ['accept'])).toEqual([]);
  });
});

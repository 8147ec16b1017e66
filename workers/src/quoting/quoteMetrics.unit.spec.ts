import { describe, expect, it } from 'vitest';
import { metricsFor } from '@feibao/platform/metrics';
import { runInContext } from '@feibao/platform/context';
import { observeQuoteTurnaround } from './quoteMetrics.ts';

describe('quote turnaround', () => {
  it('observes answers and time-outs from the request time, by insurer', async () => {
    const state = {
      insurers: [
        { request: { requestId: 'r1', insurerName: '甲保险', requestedAt: '2026-01-05T00:00:00.000Z' } },
        { request: { requestId: 'r2', insurerName: '乙保险', requestedAt: '2026-01-05T00:00:00.000Z' } },
      ],
    };
    runInContext({ service: 'turnaround-test' }, () =>
      observeQuoteTurnaround(
        [
          { type: 'InsurerQuoteRecorded', data: { requestId: 'r1', recordedAt: '2026-01-05T01:00:00.000Z' } },
          { type: 'InsurerQuoteTimedOut', data: { requestId: 'r2', timedOutAt: '2026-01-06T00:00:00.000Z' } },
          { type: 'InsurerQuoteRecorded', data: { requestId: 'unknown', recordedAt: '2026-01-05T01:00:00.000Z' } },
          { type: 'OrderDraftSaved', data: {} },
        ],
        state,
      ),
    );
    const text = await metricsFor('turnaround-test').registry.metrics();
    expect(text).toContain(
      'quote_turnaround_seconds_sum{service="turnaround-test",insurer="甲保险",outcome="answered"} 3600',
    );
    expect(text).toContain(
      'quote_turnaround_seconds_sum{service="turnaround-test",insurer="乙保险",outcome="timed_out"} 86400',
    );
    expect(text).toContain(
      'quote_turnaround_seconds_count{service="turnaround-test",insurer="甲保险",outcome="answered"} 1',
    );
  });
});

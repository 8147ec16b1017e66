import { DeciderSpecification } from '@event-driven-io/emmett';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '../shared/codes.ts';
import { DomainError } from '../shared/errors.ts';
import { opsDecider, opsMessages, type OpsCommand } from './operations.ts';
import { projectionStateOf } from './api.ts';

const spec = DeciderSpecification.for(opsDecider);
const now = new Date('2025-03-03T02:00:00Z');
const meta = (reason: string) => ({ now, by: '19900000000', reason });

describe('operations record', () => {
  it('records a skip with who, when, why and the event skipped', () => {
    const command: OpsCommand = {
      type: 'SkipProjectionEvent',
      data: { name: 'uploads', position: 40, eventType: 'FileUploaded', streamId: 'upload-x', lastError: 'boom' },
      metadata: meta('  数据错误  '),
    };
    spec([])
      .when(command)
      .then([
        {
          type: 'ProjectionEventSkipped',
          data: {
            name: 'uploads',
            position: 40,
            eventType: 'FileUploaded',
            streamId: 'upload-x',
            lastError: 'boom',
            by: '19900000000',
            reason: '数据错误',
            at: now.toISOString(),
          },
        },
      ]);
  });

  it('refuses an action without a reason, whatever it is', () => {
    for (const reason of ['', '   '])
      spec([])
        .when({
          type: 'RetryQueueJob',
          data: { queue: 'insurer', jobId: '1', jobName: 'quote', failedReason: null },
          metadata: meta(reason),
        })
        .thenThrows(
          (e) =>
            e instanceof DomainError && e.code === ResultCode.badRequest && e.message === opsMessages.reasonRequired,
        );
    spec([])
      .when({ type: 'RetryProjection', data: { name: 'uploads', lastError: null }, metadata: meta('x'.repeat(501)) })
      .thenThrows((e) => e instanceof DomainError && e.message === opsMessages.reasonTooLong);
  });

  it('names a projection retrying while it backs off, parked once it stopped', () => {
    expect(projectionStateOf('running', 0)).toBe('running');
    expect(projectionStateOf('running', 2)).toBe('retrying');
    expect(projectionStateOf('parked', 0)).toBe('parked');
  });
});

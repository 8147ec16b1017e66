import { describe, expect, it } from 'vitest';
import { claimMessages } from './messages.ts';
import { ResultCode } from '../shared/codes.ts';
import { DomainError } from '../shared/errors.ts';
import {
  assessClaimBody,
  assignClaimBody,
  claimDroneQuery,
  claimIdIn,
  claimIdQuery,
  claimListFilterOf,
  claimPageBody,
  contrastVersionOf,
  explanationsOf,
  openClaimQuery,
  pictureBatchOf,
  pictureCategoryOf,
  pictureCodesOf,
  saveLogBody,
  withdrawReasonOf,
  withReasonBody,
} from './requests.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('claim request schemas', () => {
  it('takes a trimmed claim id and refuses a missing or blank one with one message', () => {
    expect(claimIdQuery.parse({ id: ' c1 ' })).toEqual({ id: 'c1' });
    expect(firstMessage(claimIdQuery.safeParse({}))).toBe(claimMessages.idRequired);
    expect(firstMessage(claimIdQuery.safeParse({ id: '  ' }))).toBe(claimMessages.idRequired);
    expect(firstMessage(openClaimQuery.safeParse({ orderId: '' }))).toBe(claimMessages.orderIdRequired);
  });

  it('words the staff desk’s refusals from the catalogue', () => {
    expect(firstMessage(withReasonBody.safeParse({ id: 'c1', reason: ' ' }))).toBe(claimMessages.reasonRequired);
    expect(firstMessage(assessClaimBody.safeParse({ id: 'c1', exposures: [] }))).toBe(claimMessages.lossesRequired);
    expect(assignClaimBody.parse({ id: 'c1', assignee: '' })).toEqual({ id: 'c1', assignee: null });
  });

  it('words the amendment’s refusals from the catalogue and keys explanations by path', () => {
    expect(firstMessage(saveLogBody.safeParse({ id: 'c1', form: {}, version: 'x', list: [] }))).toBe(
      claimMessages.compareFirst,
    );
    expect(firstMessage(saveLogBody.safeParse({ id: 'c1', form: {}, version: 1, list: 'x' }))).toBe(
      claimMessages.explanationsInvalid,
    );
    expect(
      firstMessage(
        saveLogBody.safeParse({ id: 'c1', form: {}, version: 1, list: [{ path: 'a', remark: 'x'.repeat(501) }] }),
      ),
    ).toBe(claimMessages.explanationTooLong);
    expect(explanationsOf([{ path: 'a', remark: '更正' }, { path: 'b' }])).toEqual({ a: '更正', b: '' });
  });

  it('reads contrast’s version and withdraw’s reason as the old client sends them', () => {
    expect(contrastVersionOf({})).toBeNull();
    expect(contrastVersionOf({ version: '' })).toBeNull();
    expect(contrastVersionOf({ version: '3' })).toBe(3);
    for (const version of [0, 1.5, 'x'])
      expect(() => contrastVersionOf({ version })).toThrow(
        new DomainError(claimMessages.seenVersionInvalid, ResultCode.badRequest),
      );
    expect(withdrawReasonOf({ reason: '  不需要了 ' })).toBe('不需要了');
    expect(withdrawReasonOf({ reason: '   ' })).toBeNull();
    expect(withdrawReasonOf({ reason: 5 })).toBeNull();
    expect(withdrawReasonOf(undefined)).toBeNull();
  });

  it('words the list’s filter refusals from the catalogue', () => {
    expect(firstMessage(claimPageBody.safeParse({ claimState: 9 }))).toBe(claimMessages.claimStateInvalid);
    expect(firstMessage(claimPageBody.safeParse({ overdue: 'yes' }))).toBe(claimMessages.overdueInvalid);
    expect(firstMessage(claimPageBody.safeParse({ applyTimeFrom: '2026-02-30' }))).toBe(claimMessages.applyDateInvalid);
    expect(firstMessage(claimPageBody.safeParse({ applyTimeFrom: '2026-03-02', applyTimeTo: '2026-03-01' }))).toBe(
      claimMessages.applyDatesReversed,
    );
    expect(firstMessage(claimPageBody.safeParse({ queue: 'mine' }))).toBe(claimMessages.queueInvalid);
    expect(firstMessage(claimDroneQuery.safeParse({ id: 'c1', deviceNumber: ' ' }))).toBe(
      claimMessages.deviceNumberRequired,
    );
    expect(() => pictureCodesOf('nope')).toThrow(claimMessages.imageTypeInvalid);
    expect(pictureCodesOf(undefined).length).toBeGreaterThan(0);
  });

  it('lists a customer only their own claims and gives the desk filters to staff alone', () => {
    const body = claimPageBody.parse({
      queue: 'submitted',
      assignee: 'me',
      applyTimeFrom: '2026-03-01',
      applyTimeTo: '2026-03-01',
    });
    expect(claimListFilterOf(body, { sub: '13800000001', roles: ['user'] })).toMatchObject({
      owner: '13800000001',
      queue: undefined,
      assignee: undefined,
    });
    expect(claimListFilterOf(body, { sub: '13700000001', roles: ['claims'] })).toMatchObject({
      owner: undefined,
      queue: 'submitted',
      assignee: '13700000001',
      // Shanghai days: 2026-03-01 00:00 +08:00 up to the next day's midnight.
      applyFrom: '2026-02-28T16:00:00.000Z',
      applyTo: '2026-03-01T16:00:00.000Z',
    });
  });
});

describe('picture batches', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof DomainError ? [error.code, error.message] : error;
    }
    return null;
  };

  it('takes a bare array or { ids } of one claim’s pictures and names that claim', () => {
    expect(pictureBatchOf([' c1.a ', 'c1.b'])).toEqual({ claimId: 'c1', ids: ['c1.a', 'c1.b'] });
    expect(pictureBatchOf({ ids: ['c2.a'] })).toEqual({ claimId: 'c2', ids: ['c2.a'] });
  });

  it('refuses no pictures, and pictures of more than one claim', () => {
    for (const body of [[], {}, undefined, { ids: [] }, 'c1.a'])
      expect(refusal(() => pictureBatchOf(body))).toEqual([ResultCode.badRequest, claimMessages.pictureRequired]);
    expect(refusal(() => pictureBatchOf(['c1.a', 'c2.b']))).toEqual([
      ResultCode.badRequest,
      claimMessages.sameClaimPictures,
    ]);
  });

  it('words a blank or overlong picture id in Chinese, as every other refusal', () => {
    expect(refusal(() => pictureBatchOf(['  ']))).toEqual([ResultCode.badRequest, claimMessages.pictureRequired]);
    expect(refusal(() => pictureBatchOf([`c1.${'x'.repeat(300)}`]))).toEqual([
      ResultCode.badRequest,
      claimMessages.pictureNotFound,
    ]);
  });

  it('reads the category a batch moves to, and refuses a missing one with one message', () => {
    expect(pictureCategoryOf({ imageTypeCode: ' 11 ', imageTypeName: '现场' })).toBe('11');
    for (const query of [{}, { imageTypeCode: ' ' }, { imageTypeCode: '12345678901' }])
      expect(refusal(() => pictureCategoryOf(query))).toEqual([ResultCode.badRequest, claimMessages.categoryUnknown]);
  });
});

describe('a claim id in the body or the query', () => {
  it('takes the body’s id before the query’s, trimmed', () => {
    expect(claimIdIn({ id: ' c1 ' }, { id: 'c2' })).toBe('c1');
    expect(claimIdIn(undefined, { id: 'c2' })).toBe('c2');
    expect(claimIdIn([], { id: 'c2' })).toBe('c2');
  });

  it('refuses none, or a blank one, with one message', () => {
    for (const [body, query] of [
      [undefined, {}],
      [{ id: ' ' }, { id: 'c2' }],
      [{ id: 5 }, {}],
    ] as const) {
      const error = (() => {
        try {
          claimIdIn(body, query);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(DomainError);
      expect([(error as DomainError).code, (error as DomainError).message]).toEqual([
        ResultCode.badRequest,
        claimMessages.idRequired,
      ]);
    }
  });
});

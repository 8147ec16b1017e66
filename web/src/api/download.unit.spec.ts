import { describe, expect, it } from 'vitest';
import { attachmentName } from './download.ts';

describe('attachmentName()', () => {
  it("takes the server's file name (named after the claim number)", () => {
    expect(attachmentName('attachment; filename="claim-LP20261123000001-history.csv"', 'claim-c-1-history.csv')).toBe(
      'claim-LP20261123000001-history.csv',
    );
    expect(attachmentName('attachment; filename=claim-LP1-history.csv', 'claim-c-1-history.csv')).toBe(
      'claim-LP1-history.csv',
    );
  });
  it('prefers an encoded filename*', () => {
    expect(
      attachmentName(
        'attachment; filename="x.csv"; filename*=UTF-8\'\'claim-%E7%90%861-history.csv',
        'claim-c-1-history.csv',
      ),
    ).toBe('claim-理1-history.csv');
  });
  it('falls back to the claim id', () => {
    expect(attachmentName(null, 'claim-c-1-history.csv')).toBe('claim-c-1-history.csv');
    expect(attachmentName('attachment', 'claim-c-1-history.csv')).toBe('claim-c-1-history.csv');
  });
});

import { describe, expect, it } from 'vitest';
import { csvFileName } from './csv.ts';

describe('csvFileName()', () => {
  it("takes the server's file name (named after the claim number)", () => {
    expect(csvFileName('attachment; filename="claim-LP20261123000001-history.csv"', 'c-1')).toBe('claim-LP20261123000001-history.csv');
    expect(csvFileName('attachment; filename=claim-LP1-history.csv', 'c-1')).toBe('claim-LP1-history.csv');
  });
  it('prefers an encoded filename*', () => {
    expect(csvFileName("attachment; filename=\"x.csv\"; filename*=UTF-8''claim-%E7%90%861-history.csv", 'c-1')).toBe('claim-理1-history.csv');
  });
  it('falls back to the claim id', () => {
    expect(csvFileName(null, 'c-1')).toBe('claim-c-1-history.csv');
    expect(csvFileName('attachment', 'c-1')).toBe('claim-c-1-history.csv');
  });
});

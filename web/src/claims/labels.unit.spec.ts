import { describe, expect, it } from 'vitest';
import { ClaimState } from '@feibao/domain/claims/claim.events';
import {
  accidentTypeLabel,
  claimStateChoices,
  claimStateIntent,
  claimStateLabel,
  claimStateMinimal,
  dateTime,
  money,
  newClaimHref,
  opensInCreateMode,
  overdueLabel,
  reportHref,
} from './labels.ts';

describe('claim state labels', () => {
  it('names every state 1–6 with its own label', () => {
    const labels = Object.values(ClaimState).map(claimStateLabel);
    expect(labels).toEqual(['填写中', '已暂存', '已提交', '处理中', '已结案', '已撤回']);
    expect(new Set(labels).size).toBe(6);
  });
  it('colours the states and quiets the withdrawn one', () => {
    expect(claimStateIntent(ClaimState.saved)).toBe('warning');
    expect(claimStateIntent(ClaimState.submitted)).toBe('primary');
    expect(claimStateIntent(ClaimState.closed)).toBe('success');
    expect(claimStateMinimal(ClaimState.withdrawn)).toBe(true);
    expect(claimStateMinimal(ClaimState.submitted)).toBe(false);
  });
  it('reads an unknown state plainly', () => {
    expect(claimStateLabel(9)).toBe('状态9');
    expect(claimStateIntent(9)).toBe('none');
  });
  it('offers the six states as filter choices in order', () => {
    expect(claimStateChoices.map((c) => c.value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });
});

describe('row values', () => {
  it('labels the accident type by code, else the server name, else —', () => {
    expect(accidentTypeLabel('3')).toBe('碰撞后坠毁');
    expect(accidentTypeLabel('9', '其他')).toBe('其他');
    expect(accidentTypeLabel(null)).toBe('—');
  });
  it('shows times in Shanghai to the minute', () => {
    expect(dateTime('2026-03-01T16:05:09.000Z')).toBe('2026-03-02 00:05');
    expect(dateTime(null)).toBe('—');
  });
  it('shows the assessed loss in yuan', () => {
    expect(money(12345.5)).toBe('¥12,345.50');
    expect(money(null)).toBe('—');
  });
  it('names the overdue stages', () => {
    expect(overdueLabel('accept')).toBe('受理超时');
    expect(overdueLabel('close')).toBe('结案超时');
  });
});

describe('report addresses', () => {
  it('opens states up to 2 in create mode, later ones without', () => {
    expect(opensInCreateMode(ClaimState.editing)).toBe(true);
    expect(opensInCreateMode(ClaimState.saved)).toBe(true);
    expect(opensInCreateMode(ClaimState.submitted)).toBe(false);
    expect(reportHref('/touch/report', 'c1', 2)).toBe('/touch/report?id=c1&claimState=2&create=true');
    expect(reportHref('/platform/report', 'c1', 3)).toBe('/platform/report?id=c1&claimState=3');
    expect(reportHref('/platform/report', 'c1', 6)).toBe('/platform/report?id=c1&claimState=6');
  });
  it('sends only the id when the state is unknown, and passes a partner marker on', () => {
    expect(reportHref('/platform/report', 'c1', null)).toBe('/platform/report?id=c1');
    expect(reportHref('/touch/report', 'c1', 4, 'partner')).toBe('/touch/report?id=c1&claimState=4&from=partner');
  });
  it('opens a new claim in create mode', () => {
    expect(newClaimHref('/platform/report', 'c 1')).toBe('/platform/report?create=true&id=c+1');
  });
});

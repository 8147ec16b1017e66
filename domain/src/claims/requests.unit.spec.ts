import { describe, expect, it } from 'vitest';
import { claimMessages } from './messages.ts';
import { assessClaimBody, assignClaimBody, claimIdQuery, openClaimQuery, withReasonBody } from './requests.ts';

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
});

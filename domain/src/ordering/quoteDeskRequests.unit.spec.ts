import { describe, expect, it } from 'vitest';
import { orderMessages } from './messages.ts';
import { manualQuoteBody, quoteDeskQuery, quoteRequestBody } from './quoteDeskRequests.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('quote desk requests', () => {
  it('reads a manual answer as priced or declined, in cents', () => {
    const body = manualQuoteBody.parse({
      requestId: 'o.1.2',
      answers: [
        { key: 'a', premium: '12.345', deductible: '500元' },
        { key: 'b', declined: true, reason: '机型不承保' },
      ],
    });
    expect(body.answers).toEqual([
      { key: 'a', kind: 'quoted', premium: 12.35, deductible: '500元' },
      { key: 'b', kind: 'declined', reason: '机型不承保' },
    ]);
  });

  it('names what a manual answer lacks in the catalogue words', () => {
    const answer = (a: object) => manualQuoteBody.safeParse({ requestId: 'o.1.2', answers: [{ key: 'a', ...a }] });
    expect(firstMessage(answer({ deductible: 'x' }))).toBe(orderMessages.premiumRequired);
    expect(firstMessage(answer({ premium: 1 }))).toBe(orderMessages.deductibleRequired);
    expect(firstMessage(answer({ declined: true }))).toBe(orderMessages.declineReasonRequired);
    expect(firstMessage(answer({ premium: -1, deductible: 'x' }))).toBe(orderMessages.premiumNegative);
    expect(
      firstMessage(
        manualQuoteBody.safeParse({
          requestId: 'o.1.2',
          answers: [
            { key: 'a', declined: true, reason: 'r' },
            { key: 'a', declined: true, reason: 'r' },
          ],
        }),
      ),
    ).toBe(orderMessages.answerRepeated);
    expect(firstMessage(manualQuoteBody.safeParse({ requestId: 'o.1.2', answers: [] }))).toBe(
      orderMessages.answersRequired,
    );
    expect(firstMessage(quoteRequestBody.safeParse({ requestId: ' ' }))).toBe(orderMessages.requestIdRequired);
  });

  it('treats a cleared filter as none and refuses a bad one', () => {
    expect(quoteDeskQuery.parse({ status: '', insurerId: '', overdue: '', orderType: '' })).toEqual({
      status: undefined,
      insurerId: undefined,
      overdue: false,
      orderType: undefined,
      days: 7,
      currentPage: 1,
      pageSize: 20,
    });
    expect(firstMessage(quoteDeskQuery.safeParse({ days: '91' }))).toBe(orderMessages.deskDaysInvalid);
    expect(firstMessage(quoteDeskQuery.safeParse({ status: 'lost' }))).toBe(orderMessages.deskStatusInvalid);
    expect(firstMessage(quoteDeskQuery.safeParse({ pageSize: '0' }))).toBe(orderMessages.pageSizeInvalid);
  });
});

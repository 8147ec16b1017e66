import { describe, expect, it } from 'vitest';
import { decideInbox, evolveInbox, inboxDecider } from './inbox.ts';

const metadata = { now: new Date('2026-11-27T01:00:00.000Z'), actor: '13800000001' };

describe('inbox decider', () => {
  it('records marked ids once each, and mark-all as everything up to now', () => {
    expect(
      decideInbox({ type: 'MarkNotificationsRead', data: { ids: ['a', 'a', 'b'] }, metadata }, { sms: {} }),
    ).toEqual([
      {
        type: 'NotificationsRead',
        data: { userId: metadata.actor, ids: ['a', 'b'], upTo: null, at: metadata.now.toISOString() },
      },
    ]);
    expect(decideInbox({ type: 'MarkAllNotificationsRead', data: {}, metadata }, { sms: {} })[0]!.data).toMatchObject({
      ids: null,
      upTo: metadata.now.toISOString(),
    });
    expect(() => decideInbox({ type: 'MarkNotificationsRead', data: { ids: [] }, metadata }, { sms: {} })).toThrow(
      '请选择要标记已读的消息',
    );
  });

  it('keeps SMS choices, records only a change, refuses unknown kinds', () => {
    const events = decideInbox(
      { type: 'SetNotificationPreferences', data: { sms: { quotesIn: true } }, metadata },
      { sms: {} },
    );
    const state = events.reduce(evolveInbox, inboxDecider.initialState());
    expect(state).toEqual({ sms: { quotesIn: true } });
    expect(
      decideInbox({ type: 'SetNotificationPreferences', data: { sms: { quotesIn: true } }, metadata }, state),
    ).toEqual([]);
    expect(
      decideInbox({ type: 'SetNotificationPreferences', data: { sms: { paymentDue: false } }, metadata }, state),
    ).toMatchObject([{ data: { sms: { quotesIn: true, paymentDue: false } } }]);
    expect(() =>
      decideInbox({ type: 'SetNotificationPreferences', data: { sms: { nope: true } as never }, metadata }, state),
    ).toThrow('消息类型不正确');
  });
});

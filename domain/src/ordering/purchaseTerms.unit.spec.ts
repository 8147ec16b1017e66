import { describe, expect, it } from 'vitest';
import type { DomainError } from '../shared/errors.ts';
import { generalApplication } from './fixtures.ts';
import { normaliseOrderForm, parseOrderForm } from './form.ts';
import { mayInsureWith } from './guards.ts';
import { decideOrder, type OrderCommand } from './order.commands.ts';
import { evolveOrder, initialOrder, type Order, type OrderEvent } from './order.events.ts';
import { buildPlanLines } from './plan.ts';
import { isTermsRefusal, maskIp, purchaseTermsMessages as pm, requiredTexts } from './purchaseTerms.ts';
import { requestIdOf } from './inquiry.ts';
import { confirmTerms, TERMS_IN_FORCE } from './termsFixtures.ts';

const t0 = new Date('2026-11-27T08:00:00Z');
const owner = '13800000001';
const user = { now: t0, actor: owner };
const system = { now: t0, actor: 'system', system: true };
const parsed = parseOrderForm(generalApplication());
if (!parsed.ok) throw new Error(parsed.message);
const form = normaliseOrderForm(parsed.form);
const lines = buildPlanLines(form);

const quote = (insurerId: number): OrderCommand => ({
  type: 'RecordInsurerQuote',
  data: {
    requestId: requestIdOf('o1', 1, insurerId),
    answers: lines.map((l) => ({ key: l.key, kind: 'quoted' as const, premium: 1000, deductible: '免赔10%' })),
    source: 'automatic',
  },
  metadata: system,
});
const run = (commands: OrderCommand[], start: OrderEvent[] = []) =>
  commands.reduce(
    (events, command) => [...events, ...decideOrder(command, events.reduce(evolveOrder, initialOrder()))],
    start,
  );
const state = (events: OrderEvent[]): Order => events.reduce(evolveOrder, initialOrder());
const quoted = run([
  { type: 'SaveDraft', data: { orderId: 'o1', orderNo: 'FB1', form }, metadata: user },
  {
    type: 'RequestInquiry',
    data: {
      orderId: 'o1',
      orderNo: 'FB1',
      form,
      lines,
      requests: [1, 2].map((insurerId) => ({
        requestId: requestIdOf('o1', 1, insurerId),
        insurerId,
        insurerName: `保险公司${insurerId}`,
        requestedAt: t0.toISOString(),
        answerDueAt: t0.toISOString(),
        deadlineAt: new Date(t0.getTime() + 5 * 86_400_000).toISOString(),
      })),
    },
    metadata: user,
  },
  quote(1),
  quote(2),
]);
const insure = (insurerId: number, terms = TERMS_IN_FORCE): OrderCommand => ({
  type: 'Insure',
  data: { insurerId, terms },
  metadata: user,
});
const outcome = (command: OrderCommand, events: OrderEvent[]) => {
  try {
    return decideOrder(command, state(events)).map((e) => e.type);
  } catch (e) {
    return (e as DomainError).message;
  }
};
const v2 = { ...TERMS_IN_FORCE, 'exclusions-1': { version: 2, title: '免责条款', sha256: 'v2' } };

describe('投保前阅读确认: the confirmation guard', () => {
  it('needs the two platform texts and the 免责条款 of every cover on the plan', () => {
    expect(requiredTexts(lines).map((r) => r.kind + (r.coverId ?? ''))).toEqual([
      'customerNotice',
      'purchaseInstructions',
      'exclusions1',
      'exclusions2',
    ]);
  });

  it('refuses 投保 without a confirmation for that insurer, and the plan flag comes from the same guard', () => {
    expect(outcome(insure(1), quoted)).toBe(pm.notConfirmed);
    const refusal = mayInsureWith(state(quoted), 1, user, t0, TERMS_IN_FORCE);
    expect(isTermsRefusal(refusal)).toBe(true);
    const confirmed = run([confirmTerms(1, user)], quoted);
    expect(mayInsureWith(state(confirmed), 1, user, t0, TERMS_IN_FORCE)).toBeNull();
    expect(outcome(insure(1), confirmed)).toEqual(['OrderInsured']);
    // Confirmed for insurer 1 only.
    expect(outcome(insure(2), confirmed)).toBe(pm.notConfirmed);
  });

  it('a newer version in force makes the confirmation stale; confirming the old version is refused', () => {
    const confirmed = run([confirmTerms(1, user)], quoted);
    expect(outcome(insure(1, v2), confirmed)).toBe(pm.stale);
    expect(outcome(confirmTerms(1, user, v2), confirmed)).toEqual(['PurchaseTermsConfirmed']);
    const stale = { ...confirmTerms(1, user, v2) };
    stale.data = { ...stale.data, texts: stale.data.texts.map((t) => ({ ...t, version: 1 })) };
    expect(outcome(stale, confirmed)).toBe(pm.stale);
    expect(outcome(insure(1, v2), run([confirmTerms(1, user, v2)], confirmed))).toEqual(['OrderInsured']);
  });

  it('records versions, digests, address and device; a new inquiry round needs a new confirmation', () => {
    const [event] = decideOrder(confirmTerms(1, user), state(quoted));
    expect(event).toMatchObject({
      type: 'PurchaseTermsConfirmed',
      data: { insurerId: 1, insurerName: '保险公司1', ip: '203.0.113.7', confirmedBy: owner },
    });
    expect(
      event?.type === 'PurchaseTermsConfirmed' &&
        event.data.texts.map((t) => `${t.kind}${t.coverId ?? ''}@${t.version}`),
    ).toEqual(['customerNotice@1', 'purchaseInstructions@1', 'exclusions1@1', 'exclusions2@1']);
    // Someone else's order reads as missing; a text left out is refused.
    expect(outcome(confirmTerms(1, { now: t0, actor: '13900000000' }), quoted)).toBe('订单不存在');
    const partial = confirmTerms(1, user);
    partial.data = { ...partial.data, texts: partial.data.texts.slice(0, 1) };
    expect(outcome(partial, quoted)).toBe(pm.incomplete);
  });

  it('masks an address for whoever reads the record', () => {
    expect(maskIp('203.0.113.7')).toBe('203.0.113.*');
    expect(maskIp('::ffff:10.1.2.3')).toBe('10.1.2.*');
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:*');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canRead } from '../accounts/roles.ts';
import { DomainError } from '../shared/errors.ts';
import { generalApplication, prepared, trainingApplication } from './fixtures.ts';
import type { OrderForm } from './form.ts';
import { allowedActions, mayInsureWith, orderFacts, type OrderActor } from './guards.ts';
import { orderToWrite, requestIdOf } from './inquiry.ts';
import { orderMessages } from './messages.ts';
import { decideOrder, type OrderCommand, type OrderMetadata } from './order.commands.ts';
import { evolveOrder, initialOrder, type LineAnswer, type Order, type OrderEvent } from './order.events.ts';
import { buildPlanLines } from './plan.ts';
import { noRequirements } from './requirements.ts';
import { confirmTerms, TERMS_IN_FORCE } from './termsFixtures.ts';
import { purchaseTermsMessages } from './purchaseTerms.ts';

/**
 * The actions listed for an order are exactly the commands the decider accepts: histories are
 * random sequences of commands through the decider itself (refused ones leave no trace), then a
 * random actor asks at a random later time. "Accepted" means the decider appends something; a
 * repeated request that changes nothing (a second reset) is no action of its own.
 */

const owner = '13800000001';
const t0 = Date.parse('2026-11-23T02:00:00.000Z');
const DAY = 86_400_000;
const insurerIds = [1, 3] as const; // 30 and 15 days of validity
const forms = {
  general: prepared(generalApplication()),
  // Underwritten before its start: the policy waits in 'underwritten' until the requested day.
  later: { ...prepared(generalApplication()), startDate: '2027-01-15' },
  training: prepared(trainingApplication()),
} satisfies Record<string, OrderForm>;
type FormName = keyof typeof forms;

type Who = { name: string; actor: OrderActor };
const actors: Who[] = [
  { name: 'owner', actor: { actor: owner, roles: ['user'] } },
  { name: 'other customer', actor: { actor: '13900000009', roles: ['user'] } },
  { name: 'admin', actor: { actor: '19900000001', roles: ['admin'] } },
  { name: 'claims staff', actor: { actor: '19900000002', roles: ['claims'] } },
  { name: 'auditor', actor: { actor: '19900000003', roles: ['auditor'] } },
  { name: 'system', actor: { actor: 'system', roles: [], system: true } },
];
const ownerMeta = (now: number): OrderMetadata => ({ now: new Date(now), actor: owner, roles: ['user'] });
const systemMeta = (now: number): OrderMetadata => ({ now: new Date(now), actor: 'system', roles: [], system: true });
const staffMeta = (now: number): OrderMetadata => ({ now: new Date(now), actor: '19900000001', roles: ['admin'] });

const lineKeys = (order: Order, form: OrderForm) =>
  'lines' in order ? order.lines.map((l) => l.key) : buildPlanLines(form).map((l) => l.key);
const roundOf = (order: Order) => ('round' in order ? order.round : 0);

type Step = { kind: string; advance: number; insurer: number; pick: number; answers: readonly number[] };
// Weighted so that histories reach every state: most steps move the order forward.
const kinds = {
  save: 1,
  inquire: 3,
  quote: 8,
  manualQuote: 1,
  timeOut: 2,
  forceTimeOut: 1,
  resend: 1,
  revoke: 1,
  reset: 1,
  deleteLine: 1,
  confirmTerms: 3,
  insure: 3,
  confirmPayment: 2,
  lapsePayment: 1,
  underwrite: 3,
  takeEffect: 2,
  lapse: 2,
};
const step = fc.record({
  kind: fc.oneof(...Object.entries(kinds).map(([kind, weight]) => ({ arbitrary: fc.constant(kind), weight }))),
  advance: fc.oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.integer({ min: 0, max: 3 * DAY }), weight: 4 },
    { arbitrary: fc.integer({ min: 0, max: 40 * DAY }), weight: 2 },
    { arbitrary: fc.integer({ min: 0, max: 400 * DAY }), weight: 2 },
  ),
  insurer: fc.constantFrom(...insurerIds),
  pick: fc.nat(20),
  answers: fc.oneof(
    { arbitrary: fc.constant([0]), weight: 3 },
    { arbitrary: fc.array(fc.constantFrom(0, 0, 1, 2), { minLength: 8, maxLength: 8 }), weight: 2 },
  ),
});

/** One step as a command on the current state; answers: 0 priced, 1 declined, 2 left to staff. */
const commandOf = (s: Step, order: Order, form: OrderForm, now: number): OrderCommand => {
  const round = roundOf(order);
  const requestId = requestIdOf('o1', Math.max(round, 1), s.insurer);
  const keys = lineKeys(order, form);
  const answers = keys.map((key, i): LineAnswer => {
    const kind = s.answers[i % s.answers.length];
    if (kind === 1) return { key, kind: 'declined', reason: '超出承保范围' };
    if (kind === 2) return { key, kind: 'manual', reason: '需人工核保' };
    return { key, kind: 'quoted', premium: 100 + s.pick, deductible: '免赔10%' };
  });
  switch (s.kind) {
    case 'save':
      return { type: 'SaveDraft', data: { orderId: 'o1', orderNo: 'FB1', form }, metadata: ownerMeta(now) };
    case 'inquire':
      return inquiry(order, form, now, ownerMeta(now));
    case 'quote':
      return {
        type: 'RecordInsurerQuote',
        data: { requestId, answers, source: 'automatic' },
        metadata: systemMeta(now),
      };
    case 'manualQuote':
      return {
        type: 'RecordInsurerQuote',
        data: { requestId, answers: answers.filter((a) => a.kind !== 'manual'), source: 'manual' },
        metadata: staffMeta(now),
      };
    case 'timeOut':
      return { type: 'TimeOutInsurerQuote', data: { requestId }, metadata: systemMeta(now) };
    case 'forceTimeOut':
      return { type: 'TimeOutInsurerQuote', data: { requestId, force: true }, metadata: staffMeta(now) };
    case 'resend':
      return {
        type: 'ResendQuoteRequest',
        data: {
          requestId,
          answerDueAt: new Date(now + DAY).toISOString(),
          deadlineAt: new Date(now + 5 * DAY).toISOString(),
        },
        metadata: staffMeta(now),
      };
    case 'revoke':
      return {
        type: 'RevokeInquiry',
        data: { revokeReason: '需求变更', revokeReasonTxt: null },
        metadata: ownerMeta(now),
      };
    case 'reset':
      return { type: 'ResetPlan', data: {}, metadata: ownerMeta(now) };
    case 'deleteLine':
      return { type: 'DeletePlanLine', data: { key: keys[s.pick % keys.length] ?? 'x' }, metadata: ownerMeta(now) };
    case 'confirmTerms':
      return confirmTerms(s.insurer, ownerMeta(now));
    case 'insure':
      // Even picks buy with a payment step (the forward path's do); odd ones as before payments.
      return {
        type: 'Insure',
        data: {
          insurerId: s.insurer,
          terms: TERMS_IN_FORCE,
          ...(s.pick % 2 === 0
            ? { payment: { tradeNo: `T${now}`, dueAt: new Date(now + 30 * 60_000).toISOString() } }
            : {}),
        },
        metadata: ownerMeta(now),
      };
    case 'confirmPayment': {
      const payment =
        'payment' in order && order.payment ? order.payment : order.status !== 'none' ? order.payments?.lapsed : null;
      return {
        type: 'ConfirmPayment',
        data: {
          tradeNo: payment?.tradeNo ?? 'T0',
          amount: payment?.amount ?? 1,
          providerTradeNo: 'G1',
          paidAt: new Date(now).toISOString(),
          via: 'notify',
          refundNo: `R${now}`,
        },
        metadata: systemMeta(now),
      };
    }
    case 'lapsePayment':
      return {
        type: 'LapsePayment',
        data: { tradeNo: 'payment' in order && order.payment ? order.payment.tradeNo : 'T0' },
        metadata: systemMeta(now),
      };
    case 'underwrite':
      return { type: 'UnderwritePolicy', data: { policyNo: 'P1' }, metadata: systemMeta(now) };
    case 'takeEffect':
      return { type: 'TakeEffect', data: {}, metadata: systemMeta(now) };
    default:
      return { type: 'Lapse', data: {}, metadata: systemMeta(now) };
  }
};

const inquiry = (order: Order, form: OrderForm, now: number, metadata: OrderMetadata): OrderCommand => {
  const round = roundOf(order) + 1;
  const at = new Date(now).toISOString();
  return {
    type: 'RequestInquiry',
    data: {
      orderId: 'o1',
      orderNo: 'FB1',
      form,
      lines: buildPlanLines(form),
      requests: insurerIds.map((insurerId) => ({
        requestId: requestIdOf('o1', round, insurerId),
        insurerId,
        insurerName: `保险公司${insurerId}`,
        requestedAt: at,
        answerDueAt: new Date(now + DAY).toISOString(),
        deadlineAt: new Date(now + 5 * DAY).toISOString(),
      })),
    },
    metadata,
  };
};

/** Events appended, or the refusal. */
const attempt = (command: OrderCommand, order: Order): OrderEvent[] | DomainError => {
  try {
    return decideOrder(command, order);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};
const accepted = (outcome: OrderEvent[] | DomainError) => Array.isArray(outcome) && outcome.length > 0;

const forwardPath: Step['kind'][] = [
  'inquire',
  'quote1',
  'quote3',
  'insure',
  'confirmPayment',
  'underwrite',
  'takeEffect',
  'lapse',
];

const history = fc.record({
  form: fc.constantFrom<FormName>('general', 'later', 'training'),
  // A forward path of random length (every state is reached often), then random steps.
  forward: fc.nat(forwardPath.length),
  steps: fc.array(step, { minLength: 0, maxLength: 12, size: 'max' }),
  who: fc.constantFrom(...actors),
  after: fc.oneof(fc.integer({ min: 0, max: 2 * DAY }), fc.integer({ min: 0, max: 500 * DAY })),
});

const build = (formName: FormName, forward: number, random: Step[]) => {
  const steps = [
    ...forwardPath.slice(0, forward).map(
      (kind, i): Step => ({
        kind: kind.replace(/\d$/, ''),
        // The policy's dates come only after the term's days.
        advance: (kind === 'lapse' ? 366 * DAY : kind === 'takeEffect' ? 60 * DAY : 0) + (random[i]?.advance ?? 0),
        insurer: kind === 'quote3' ? 3 : 1,
        pick: 0,
        answers: [0],
      }),
    ),
    ...random,
  ];
  const form = forms[formName];
  let order: Order = initialOrder();
  let now = t0;
  // Every history starts with an order; most then go to the insurers.
  for (const s of [{ kind: 'save', advance: 0, insurer: 1, pick: 0, answers: [] }, ...steps]) {
    now += s.advance;
    const outcome = attempt(commandOf(s, order, form, now), order);
    if (Array.isArray(outcome)) order = outcome.reduce(evolveOrder, order);
  }
  return { order, form, now };
};

describe('allowedActions lists exactly what the decider accepts', () => {
  it('for every history, actor and time', () => {
    fc.assert(
      fc.property(history, ({ form: formName, forward, steps, who, after }) => {
        const { order, form, now: last } = build(formName, forward, steps);
        if (order.status === 'none') return;
        const at = last + after;
        const now = new Date(at);
        const meta: OrderMetadata = { now, ...who.actor };
        const listed = new Set(allowedActions(orderFacts(order), now, who.actor));
        const keys = lineKeys(order, form);
        const reads =
          who.actor.system === true || canRead({ sub: who.actor.actor, roles: who.actor.roles ?? [] }, owner);

        const sameOrNew = (() => {
          try {
            return orderToWrite(order, who.actor);
          } catch {
            return null;
          }
        })();
        const save: OrderCommand = { type: 'SaveDraft', data: { orderId: 'o1', orderNo: 'FB1', form }, metadata: meta };
        const expected = {
          stateRequirements: accepted(
            attempt({ type: 'StateRequirements', data: { requirements: noRequirements }, metadata: meta }, order),
          ),
          edit: sameOrNew === 'new' || (sameOrNew === 'same' && accepted(attempt(save, order))),
          viewPlan: reads && 'lines' in order,
          reInquire: reads,
          // Awaiting inquiry, the same command is the draft's first inquiry, which edit leads to.
          newRound: order.status !== 'awaitingInquiry' && accepted(attempt(inquiry(order, form, at, meta), order)),
          revoke: accepted(
            attempt(
              { type: 'RevokeInquiry', data: { revokeReason: '需求变更', revokeReasonTxt: null }, metadata: meta },
              order,
            ),
          ),
          reset: accepted(attempt({ type: 'ResetPlan', data: {}, metadata: meta }, order)),
          deletePlanLine: keys.length > 1 && accepted(attempt(deleteLine(keys[0] ?? 'x', meta), order)),
          insure: [...insurerIds, 2].some((insurerId) =>
            accepted(attempt({ type: 'Insure', data: { insurerId, terms: TERMS_IN_FORCE }, metadata: meta }, order)),
          ),
          // Paying is done at the provider's cashier; the action is its owner's while the trade is open.
          pay:
            (who.actor.system === true || who.actor.actor === owner) &&
            order.status === 'insured' &&
            !!order.payment &&
            order.payment.paidAt === null &&
            at < Date.parse(order.payment.dueAt),
          // The claim itself is filed with the claims decider; its order-side rule is this.
          claim:
            (who.actor.system === true || who.actor.actor === owner) &&
            order.status === 'inForce' &&
            Date.parse(order.startDate) <= at &&
            at <= Date.parse(order.endDate),
          // 退保 with no claim and the insurer's rule enabled: the claims and the rule are the handling's reads.
          cancel: accepted(
            attempt(
              {
                type: 'RequestCancellation',
                data: {
                  cancellationId: 'c1',
                  reason: 'noLongerNeeded',
                  reasonTxt: null,
                  claims: { open: false, paid: false },
                  rule: {
                    ruleId: 'cancellation-1',
                    version: 1,
                    output: { coolingOffDays: 15, method: 'shortRate', fee: 0, autoApprove: true, keepPct: 10 },
                  },
                  reviewDueAt: new Date(at).toISOString(),
                },
                metadata: meta,
              },
              order,
            ),
          ),
        };

        for (const [action, ok] of Object.entries(expected)) {
          const inputless = inputRefusal(action, order, keys, meta);
          if (inputless) {
            // Listed, yet no input is valid now: the refusal names the input, never the order.
            expect(listed.has(action as never), action).toBe(true);
            continue;
          }
          expect(listed.has(action as never), `${action} for ${who.name} in ${order.status}`).toBe(ok);
        }

        // Per insurer (the plan's 投保 buttons): the read model asks the same guard the decider refuses through.
        for (const insurerId of [...insurerIds, 2]) {
          const outcome = attempt(
            { type: 'Insure', data: { insurerId, terms: TERMS_IN_FORCE }, metadata: meta },
            order,
          );
          const refusal = mayInsureWith(order, insurerId, who.actor, now, TERMS_IN_FORCE);
          expect(refusal === null, `insure ${insurerId}`).toBe(accepted(outcome));
          if (refusal) expect((outcome as DomainError).message).toBe(refusal.message);
        }
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});

const deleteLine = (key: string, metadata: OrderMetadata): OrderCommand => ({
  type: 'DeletePlanLine',
  data: { key },
  metadata,
});

const insurerLevel: readonly string[] = [
  orderMessages.insurerNotQuotedAll,
  orderMessages.quoteExpired,
  orderMessages.insurerNotInInquiry,
  // The 投保前阅读确认 is per insurer too: 投保 opens the texts (docs/api/disclosure.md).
  purchaseTermsMessages.notConfirmed,
  purchaseTermsMessages.stale,
];

/**
 * An action the order allows while no input can succeed: deleting the plan's last line, or
 * insuring when no insurer priced every line (or its quote ran out). The screens offer no button
 * for them (the plan's delete needs two lines; 投保 per insurer follows canInsure).
 */
const inputRefusal = (action: string, order: Order, keys: string[], meta: OrderMetadata): boolean => {
  if (action === 'deletePlanLine' && keys.length === 1) {
    const outcome = attempt(deleteLine(keys[0] ?? 'x', meta), order);
    return outcome instanceof DomainError && outcome.message === orderMessages.keepOneLine;
  }
  if (action === 'insure') {
    const outcomes = [...insurerIds, 2].map((insurerId) =>
      attempt({ type: 'Insure', data: { insurerId, terms: TERMS_IN_FORCE }, metadata: meta }, order),
    );
    return outcomes.every((o) => o instanceof DomainError && insurerLevel.includes(o.message));
  }
  return false;
};

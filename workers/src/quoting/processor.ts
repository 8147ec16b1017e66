import { UnrecoverableError, type Job } from 'bullmq';
import { randomInt } from 'node:crypto';
import { orderDecider, type OrderCommand } from '@feibao/domain/ordering/order.commands';
import {
  OrderState,
  orderStreamId,
  type LineAnswer,
  type Order,
  type OrderStateValue,
} from '@feibao/domain/ordering/order.events';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { aggregate, handleCommand, type EventStore } from '@feibao/platform/eventStore';
import type { InsurerJob } from './jobs.ts';
import { observeQuoteTurnaround } from './quoteMetrics.ts';
import type { RulesEngine } from '@feibao/read-models/rules/engine/engine';
import { answerEndorsement } from '../endorsement/answer.ts';

export type InsurerWorkDeps = {
  eventStore: EventStore;
  /** Rates the lines by the enabled rule versions (platform rules/engine.ts); answer jobs need it, policy steps do not. */
  rules?: Pick<RulesEngine, 'quoteLines' | 'endorsementTerms'>;
  /** How long an extra premium of a 批改 stays payable (PAYMENT_DUE_MINUTES, scaled); 30 minutes without. */
  paymentDueMs?: number;
  now: () => Date;
  /** Policy steps that are due, from the orders read model (for the sweep). */
  duePolicySteps: (now: Date) => Promise<{ id: string; state: OrderStateValue }[]>;
};

const policyNoFor = (insurerId: number, at: Date) =>
  `P${String(insurerId).padStart(2, '0')}${shanghaiDate(at).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * One simulated insurer round-trip per job. The insurer rates from the stored application
 * (the form in the order's stream) and answers through the same command a back-office
 * entry uses; duplicates and late answers are no-ops in the decider.
 */
export const insurerProcessor = (deps: InsurerWorkDeps) => {
  const system = () => ({ now: deps.now(), actor: 'system', system: true });
  const run = async (orderId: string, command: OrderCommand | ((state: Order) => OrderCommand)) => {
    const result = await handleCommand(deps.eventStore, orderStreamId(orderId), orderDecider, command);
    observeQuoteTurnaround(result.events, result.state);
    return result;
  };

  /**
   * Rating is async (the engine), deciding is not: the answers are rated on the state read first;
   * the decider then refuses nothing new if the round moved on meanwhile (answers to a cancelled
   * request are ignored, a re-planned order has new request ids).
   */
  const answer = async (orderId: string, requestId: string) => {
    const state = await aggregate(deps.eventStore, orderStreamId(orderId), orderDecider);
    const progress = 'insurers' in state ? state.insurers.find((p) => p.request.requestId === requestId) : undefined;
    // Only lines still open to an answer are rated: a duplicate delivery rates nothing.
    const open =
      progress && !progress.timedOut && 'lines' in state
        ? state.lines.filter((l) => progress.answers[l.key] === undefined || progress.answers[l.key]?.kind === 'manual')
        : [];
    let answers: LineAnswer[] = [];
    if (progress && open.length > 0 && 'form' in state) {
      if (!deps.rules) throw new UnrecoverableError('insurer answers need the rules engine');
      answers = await deps.rules.quoteLines(open, state.form, progress.request.insurerId, {
        today: shanghaiDate(deps.now()),
      });
    }
    return run(orderId, {
      type: 'RecordInsurerQuote',
      data: { requestId, answers, source: 'automatic' },
      metadata: system(),
    });
  };

  return async (job: Job<InsurerJob>) => {
    const data = job.data;
    switch (data.kind) {
      case 'answer':
        return (await answer(data.orderId, data.requestId)).events.map((e) => e.type);
      case 'timeout':
        return (
          await run(data.orderId, {
            type: 'TimeOutInsurerQuote',
            data: { requestId: data.requestId },
            metadata: system(),
          })
        ).events.map((e) => e.type);
      case 'underwrite':
        return (
          await run(data.orderId, (state) => ({
            type: 'UnderwritePolicy',
            data: { policyNo: policyNoFor('insurer' in state ? state.insurer.id : 0, deps.now()) },
            metadata: system(),
          }))
        ).events.map((e) => e.type);
      case 'take-effect':
        return (await run(data.orderId, { type: 'TakeEffect', data: {}, metadata: system() })).events.map(
          (e) => e.type,
        );
      case 'lapse':
        return (await run(data.orderId, { type: 'Lapse', data: {}, metadata: system() })).events.map((e) => e.type);
      case 'policy-sweep':
        return sweepPolicies(deps);
      case 'endorsement-answer':
        if (!deps.rules) throw new UnrecoverableError('endorsement answers need the rules engine');
        return answerEndorsement(
          {
            eventStore: deps.eventStore,
            rules: deps.rules,
            now: deps.now,
            paymentDueMs: deps.paymentDueMs ?? 1_800_000,
          },
          data.orderId,
          data.endorsementId,
        );
      default:
        throw new UnrecoverableError(`unknown insurer job ${JSON.stringify(data)}`);
    }
  };
};

/**
 * Catches policy steps whose delayed job was lost (Redis flushed, a job removed): every
 * underwritten policy whose start has come takes effect, every policy past its end lapses.
 * The clock comes in, so tests move time instead of waiting a year.
 */
export const sweepPolicies = async (deps: InsurerWorkDeps) => {
  const now = deps.now();
  const due = await deps.duePolicySteps(now);
  let changed = 0;
  for (const order of due) {
    const result = await handleCommand(deps.eventStore, orderStreamId(order.id), orderDecider, {
      type: order.state === OrderState.underwritten ? 'TakeEffect' : 'Lapse',
      data: {},
      metadata: { now, actor: 'system', system: true },
    });
    changed += result.events.length;
  }
  return { due: due.length, changed };
};

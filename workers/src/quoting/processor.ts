import { UnrecoverableError, type Job } from 'bullmq';
import { randomInt } from 'node:crypto';
import {
  orderDecider,
  OrderState,
  orderStreamId,
  rateLine,
  shanghaiDate,
  tariffFor,
  type LineAnswer,
  type Order,
  type OrderCommand,
  type OrderStateValue,
} from '@feibao/domain';
import { handleCommand, observeQuoteTurnaround, type EventStore } from '@feibao/platform';
import type { InsurerJob } from './jobs.ts';

export type InsurerWorkDeps = {
  eventStore: EventStore;
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

  const answer = (orderId: string, requestId: string) =>
    run(orderId, (state): OrderCommand => {
      const progress = 'insurers' in state ? state.insurers.find((p) => p.request.requestId === requestId) : undefined;
      const answers: LineAnswer[] = [];
      if (progress && 'lines' in state) {
        const tariff = tariffFor(progress.request.insurerId);
        if (!tariff) throw new UnrecoverableError(`no tariff for insurer ${progress.request.insurerId}`);
        const context = { today: shanghaiDate(deps.now()) };
        for (const line of state.lines) answers.push({ key: line.key, ...rateLine(tariff, line, state.form, context) });
      }
      return { type: 'RecordInsurerQuote', data: { requestId, answers, source: 'automatic' }, metadata: system() };
    });

  return async (job: Job<InsurerJob>) => {
    const data = job.data;
    switch (data.kind) {
      case 'answer':
        return (await answer(data.orderId, data.requestId)).events.map((e) => e.type);
      case 'timeout':
        return (await run(data.orderId, { type: 'TimeOutInsurerQuote', data: { requestId: data.requestId }, metadata: system() })).events.map(
          (e) => e.type,
        );
      case 'underwrite':
        return (
          await run(data.orderId, (state) => ({
            type: 'UnderwritePolicy',
            data: { policyNo: policyNoFor('insurer' in state ? state.insurer.id : 0, deps.now()) },
            metadata: system(),
          }))
        ).events.map((e) => e.type);
      case 'take-effect':
        return (await run(data.orderId, { type: 'TakeEffect', data: {}, metadata: system() })).events.map((e) => e.type);
      case 'lapse':
        return (await run(data.orderId, { type: 'Lapse', data: {}, metadata: system() })).events.map((e) => e.type);
      case 'policy-sweep':
        return sweepPolicies(deps);
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

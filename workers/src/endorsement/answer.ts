import { orderDecider } from '@feibao/domain/ordering/order.commands';
import { orderStreamId } from '@feibao/domain/ordering/order.events';
import { linesToRate } from '@feibao/domain/ordering/endorsement';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { aggregate, handleCommand, type EventStore } from '@feibao/platform/eventStore';
import type { RulesEngine } from '@feibao/read-models/rules/engine/engine';

export type EndorsementAnswerDeps = {
  eventStore: EventStore;
  rules: Pick<RulesEngine, 'quoteLines' | 'endorsementTerms'>;
  now: () => Date;
  /** How long the customer has to pay an extra premium (PAYMENT_DUE_MINUTES, scaled). */
  paymentDueMs: number;
};

/**
 * The insurer's answer to a 批改, at its due time: the changed lines rated by the enabled rule versions and
 * its 批改规则 read, then the decider prices it (endorsementPremium) and approves, refers or declines. Rating
 * happens on the state read first; a duplicate job (or one after a withdrawal) finds nothing pending and the
 * decider appends nothing, so exactly one answer stands however often the job runs.
 */
export const answerEndorsement = async (deps: EndorsementAnswerDeps, orderId: string, endorsementId: string) => {
  const stream = orderStreamId(orderId);
  const state = await aggregate(deps.eventStore, stream, orderDecider);
  const e = 'endorsement' in state ? state.endorsement : null;
  if (!e || e.endorsementId !== endorsementId || e.status !== 'pending' || !('insurer' in state)) return [];
  const now = deps.now();
  const toRate = linesToRate(state.lines, e.policy);
  const [rated, terms] = await Promise.all([
    toRate.length > 0
      ? deps.rules.quoteLines(toRate, e.policy.form, state.insurer.id, { today: shanghaiDate(now) })
      : Promise.resolve([]),
    deps.rules.endorsementTerms(state.insurer.id),
  ]);
  const { rules: _rules, ...insurerTerms } = terms;
  const result = await handleCommand(deps.eventStore, stream, orderDecider, {
    type: 'AnswerEndorsement',
    data: {
      endorsementId,
      rated,
      terms: insurerTerms,
      paymentDueAt: new Date(now.getTime() + deps.paymentDueMs).toISOString(),
    },
    metadata: { now, actor: 'system', system: true },
  });
  return result.events.map((event) => event.type);
};

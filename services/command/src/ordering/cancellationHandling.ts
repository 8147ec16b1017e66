import { randomUUID } from 'node:crypto';
import { claimDecider } from '@feibao/domain/claims/claim.commands';
import { claimStreamId, type Claim } from '@feibao/domain/claims/claim.events';
import { policyClaimFacts } from '@feibao/domain/claims/cancellationFacts';
import { policyClaimsDecider, policyClaimsStreamId } from '@feibao/domain/claims/policyClaims';
import type { CancellationRule } from '@feibao/domain/ordering/cancellation.events';
import { CANCELLATION_REVIEW_DAYS, type CancellationMetadata } from '@feibao/domain/ordering/cancellation';
import {
  cancellationFacts,
  cancellationRuleInput,
  parseCancellationRuleOutput,
} from '@feibao/domain/ordering/cancellation.terms';
import { orderDecider, type OrderCommand } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, type Order } from '@feibao/domain/ordering/order.events';
import { addWorkingDays } from '@feibao/domain/rating/workingDays';
import { cancellationRuleId } from '@feibao/domain/rules/seed/cancellationRules';
import { evaluateRuleContent } from '@feibao/domain/rules/zen/evaluate';
import { aggregate, handleCommand } from '@feibao/platform/eventStore';
import type { CommandDeps } from '../deps.ts';
import { enabledRuleModel } from '../rules/ruleStreams.ts';

/**
 * 退保's command handling: what the decider needs read first from other streams — the policy's claims
 * (the registry `policy-claims-<orderId>` and each claim's stream) and the insurer's enabled 退保规则
 * (its rule stream, evaluated with ZEN) — handed in on the command (docs/api/cancellation.md).
 */
export const cancellationHandling = (deps: CommandDeps) => {
  const claimsOf = async (orderId: string) => {
    const registry = await aggregate(deps.eventStore, policyClaimsStreamId(orderId), policyClaimsDecider);
    const claims: Claim[] = [];
    for (const claimId of registry.claimIds)
      claims.push(await aggregate(deps.eventStore, claimStreamId(claimId), claimDecider));
    return policyClaimFacts(claims);
  };

  /** The insurer's enabled rule on this policy now; null when none is enabled or its answer is unusable. */
  const ruleFor = async (order: Order, now: Date, claims: { open: boolean; paid: boolean }) => {
    if (order.status !== 'underwritten' && order.status !== 'inForce') return null;
    const model = await enabledRuleModel(deps.eventStore, cancellationRuleId(order.insurer.id));
    if (!model) return null;
    const input = cancellationRuleInput(cancellationFacts(order, now, claims));
    const output = parseCancellationRuleOutput(await evaluateRuleContent(model.content, input));
    return output ? ({ ruleId: model.ruleId, version: model.version, output } satisfies CancellationRule) : null;
  };

  const handle = (orderId: string, command: OrderCommand) =>
    handleCommand(deps.eventStore, orderStreamId(orderId), orderDecider, command);

  const apply = async (
    body: { orderId: string; reason: string; reasonTxt: string | null },
    metadata: CancellationMetadata,
  ) => {
    const claims = await claimsOf(body.orderId);
    const order = await aggregate(deps.eventStore, orderStreamId(body.orderId), orderDecider);
    const rule = await ruleFor(order, metadata.now, claims);
    const cancellationId = randomUUID();
    const reviewDueAt = addWorkingDays(metadata.now, CANCELLATION_REVIEW_DAYS, deps.config.quoteDaySeconds);
    const result = await handle(body.orderId, {
      type: 'RequestCancellation',
      data: {
        cancellationId,
        reason: body.reason,
        reasonTxt: body.reasonTxt,
        claims,
        rule,
        reviewDueAt: reviewDueAt.toISOString(),
      },
      metadata,
    });
    const state = result.state;
    const request = 'cancellationRequest' in state ? state.cancellationRequest : null;
    return {
      position: result.position,
      answer: {
        orderId: body.orderId,
        cancellationId,
        status: state.status === 'cancelled' ? ('cancelled' as const) : ('pending' as const),
        refund: request?.terms.refund ?? 0,
        terms: request?.terms ?? null,
      },
    };
  };

  const approve = async (
    body: { orderId: string; cancellationId: string; reason: string | null },
    metadata: CancellationMetadata,
  ) => {
    const claims = await claimsOf(body.orderId);
    return handle(body.orderId, {
      type: 'ApproveCancellation',
      data: { cancellationId: body.cancellationId, reason: body.reason, claims },
      metadata,
    });
  };

  const decline = (body: { orderId: string; cancellationId: string; reason: string }, metadata: CancellationMetadata) =>
    handle(body.orderId, {
      type: 'DeclineCancellation',
      data: { cancellationId: body.cancellationId, reason: body.reason },
      metadata,
    });

  return { apply, approve, decline };
};

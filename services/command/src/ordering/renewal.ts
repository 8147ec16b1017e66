import { randomInt, randomUUID } from 'node:crypto';
import { userDecider } from '@feibao/domain/accounts/user.commands';
import { userStreamId } from '@feibao/domain/accounts/user.events';
import { orderFacts, orderGuards, refuse } from '@feibao/domain/ordering/guards';
import { mayAskForQuotes, nextRound, orderNumber, planInquiry } from '@feibao/domain/ordering/inquiry';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { orderDecider, type OrderCommand, type OrderMetadata } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, type Order } from '@feibao/domain/ordering/order.events';
import { renewalForm, renewalStart, type RenewalOf } from '@feibao/domain/ordering/renewal';
import { notFound } from '@feibao/domain/shared/errors';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { aggregate, handleCommand, load } from '@feibao/platform/eventStore';
import type { CommandDeps } from '../deps.ts';
import { acceptOrderForm } from './handling.ts';

/**
 * 续保 (docs/api/renewal.md): RenewalStarted on the old order first, with the version read (two clicks
 * race there and the second is refused as already renewed), then the new order from the policy's current
 * application, asked of the insurers chosen like any inquiry, so today's rules price it.
 */
export const renewalHandling = (deps: CommandDeps) => {
  const renew = async (orderId: string, insurerIds: readonly number[] | undefined, meta: OrderMetadata) => {
    const loaded = await load(deps.eventStore, orderStreamId(orderId), orderDecider);
    const old = loaded.state;
    if (old.status === 'none') throw notFound(orderMessages.notFound);
    const graceDays = deps.config.renewalGraceDays;
    // A renewal recorded on the old order whose new order was never written (the process stopped between
    // the two appends) is finished now, under the recorded number, instead of being refused as renewed.
    const unfinished =
      'renewedBy' in old && old.renewedBy && old.owner === meta.actor
        ? (await aggregate(deps.eventStore, orderStreamId(old.renewedBy.orderId), orderDecider)).status === 'none'
          ? old.renewedBy
          : null
        : null;
    // Refused before anything is drawn: the decider judges again with the same guard on append.
    if (!unfinished) refuse(orderGuards.renew({ ...orderFacts(old), renewalGraceDays: graceDays }, meta, meta.now));
    if (!('policyNo' in old)) throw notFound(orderMessages.notFound); // unreachable: the guard admits policies only
    refuse(mayAskForQuotes(await aggregate(deps.eventStore, userStreamId(meta.actor), userDecider)));

    const { startDate, gapDays } = renewalStart(old.endDate, meta.now);
    const newOrderId = unfinished?.orderId ?? randomUUID();
    const newOrderNo = unfinished?.orderNo ?? orderNumber(meta.now, randomInt(0, 1_000_000));
    const chosen = insurerIds && insurerIds.length > 0 ? insurerIds : [old.insurer.id];
    // Today's rules judge the application again, as any form the customer sends.
    const form = acceptOrderForm(renewalForm(old.form, startDate, chosen, newOrderId), shanghaiDate(meta.now));
    const renewalOf: RenewalOf = {
      orderId: old.orderId,
      orderNo: old.orderNo,
      policyNo: old.policyNo,
      previousEndDate: old.endDate,
      gapDays,
    };

    if (!unfinished)
      await handleCommand(
        deps.eventStore,
        orderStreamId(orderId),
        orderDecider,
        { type: 'Renew', data: { renewalOrderId: newOrderId, renewalOrderNo: newOrderNo, graceDays }, metadata: meta },
        { from: loaded },
      );
    const created = await handleCommand(
      deps.eventStore,
      orderStreamId(newOrderId),
      orderDecider,
      (state: Order): OrderCommand => {
        const { lines, requests } = planInquiry({
          form,
          orderId: newOrderId,
          round: nextRound(state),
          now: meta.now,
          random: deps.random,
          quoteDaySeconds: deps.config.quoteDaySeconds,
          quoteDeadlineDays: deps.config.quoteDeadlineDays,
        });
        return {
          type: 'RequestInquiry',
          data: { orderId: newOrderId, orderNo: newOrderNo, form, lines, requests, renewalOf },
          metadata: meta,
        };
      },
      { from: 'new' },
    );
    return { orderId: newOrderId, orderNo: newOrderNo, startDate, gapDays, position: created.position };
  };
  return { renew };
};

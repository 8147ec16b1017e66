import { randomUUID } from 'node:crypto';
import { orderDecider, type OrderCommand, type OrderMetadata } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, type Order } from '@feibao/domain/ordering/order.events';
import { planResend } from '@feibao/domain/ordering/inquiry';
import { endorsementMessages as em, type EndorsementChange } from '@feibao/domain/ordering/endorsement';
import { scaledMinutesMs, tradeSubject } from '@feibao/domain/payments/gateway';
import { illegalState } from '@feibao/domain/shared/errors';
import { handleCommand, load } from '@feibao/platform/eventStore';
import { logger } from '@feibao/platform/logger';
import type { CommandDeps } from '../deps.ts';

/**
 * The 批改 command handling (docs/api/endorsement.md): ids and the insurer's due times drawn as for a re-sent
 * quote request, the extra premium's due time from PAYMENT_DUE_MINUTES, its cashier opened with the provider.
 */
export const endorsementHandling = (deps: CommandDeps) => {
  const onOrder = (orderId: string, command: OrderCommand | ((state: Order) => OrderCommand)) =>
    handleCommand(deps.eventStore, orderStreamId(orderId), orderDecider, command);
  const paymentDueAt = (now: Date) =>
    new Date(now.getTime() + scaledMinutesMs(deps.config.paymentDueMinutes, deps.config.quoteDaySeconds)).toISOString();

  const request = async (
    orderId: string,
    body: { changes: EndorsementChange[]; effectiveDate?: string | null; confirmedTotal: number },
    meta: OrderMetadata,
  ) => {
    const due = planResend({
      now: meta.now,
      random: deps.random,
      quoteDaySeconds: deps.config.quoteDaySeconds,
      quoteDeadlineDays: deps.config.quoteDeadlineDays,
    });
    const result = await onOrder(orderId, {
      type: 'RequestEndorsement',
      data: { endorsementId: randomUUID(), ...body, ...due },
      metadata: meta,
    });
    const e = 'endorsement' in result.state ? result.state.endorsement : null;
    return { position: result.position, endorsement: e };
  };

  const withdraw = (orderId: string, endorsementId: string, meta: OrderMetadata) =>
    onOrder(orderId, { type: 'WithdrawEndorsement', data: { endorsementId }, metadata: meta });

  const approve = (
    orderId: string,
    body: { endorsementId: string; reason: string; premiums: { key: string; premium: number; deductible: string }[] },
    meta: OrderMetadata,
  ) =>
    onOrder(orderId, {
      type: 'ApproveEndorsement',
      data: { ...body, paymentDueAt: paymentDueAt(meta.now) },
      metadata: meta,
    });

  const decline = (orderId: string, endorsementId: string, reason: string, meta: OrderMetadata) =>
    onOrder(orderId, { type: 'DeclineEndorsement', data: { endorsementId, reason }, metadata: meta });

  /** The cashier of the endorsement's extra premium (opened with the provider on first use). */
  const pay = async (orderId: string, meta: OrderMetadata) => {
    const { state } = await load(deps.eventStore, orderStreamId(orderId), orderDecider);
    const owned = state.status !== 'none' && state.owner === meta.actor;
    const e = owned && 'endorsement' in state ? state.endorsement : null;
    if (state.status === 'none' || !owned) throw illegalState(em.nothingToPay);
    const payment = e?.status === 'awaitingPayment' ? e.payment : null;
    if (!e || !payment || meta.now.getTime() >= new Date(payment.dueAt).getTime()) throw illegalState(em.nothingToPay);
    const trade = {
      tradeNo: payment.tradeNo,
      orderNo: state.orderNo,
      amount: payment.amount,
      subject: `${tradeSubject(state.orderNo)} 批改${e.endorsementNo}`,
      insurerName: 'insurer' in state ? state.insurer.name : '',
      dueAt: payment.dueAt,
    };
    const cashierUrl = await deps.payments.cashierUrl(trade).catch((err: unknown) => {
      logger.warn({ err, tradeNo: trade.tradeNo }, 'endorsement trade not opened yet');
      return null;
    });
    return {
      status: 'unpaid' as const,
      amount: payment.amount,
      dueAt: payment.dueAt,
      paidAt: null,
      tradeNo: payment.tradeNo,
      cashierUrl,
    };
  };

  return { request, withdraw, approve, decline, pay };
};

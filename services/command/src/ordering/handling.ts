import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { userDecider } from '@feibao/domain/accounts/user.commands';
import { userStreamId } from '@feibao/domain/accounts/user.events';
import type { leadSchema } from '@feibao/domain/accounts/validation';
import { leadDecider, leadStreamId } from '@feibao/domain/leads/lead';
import { normaliseOrderForm, parseOrderForm, validateOrderForm, type OrderForm } from '@feibao/domain/ordering/form';
import { refuse } from '@feibao/domain/ordering/guards';
import {
  chooseInsurers,
  mayAskForQuotes,
  nextRound,
  orderIdOfRequest,
  orderNumber,
  orderToWrite,
  planInquiry,
  planResend,
} from '@feibao/domain/ordering/inquiry';
import { orderMessages } from '@feibao/domain/ordering/messages';
import { orderDecider, type OrderCommand, type OrderMetadata } from '@feibao/domain/ordering/order.commands';
import { orderStreamId, type LineAnswer, type Order } from '@feibao/domain/ordering/order.events';
import { shanghaiDate } from '@feibao/domain/shared/calendar';
import { ResultCode } from '@feibao/domain/shared/codes';
import { aggregate, handleCommand, load, type HandleOptions } from '@feibao/platform/eventStore';
import { HttpError } from '@feibao/platform/http/envelope';
import type { CommandDeps } from '../deps.ts';

/**
 * The ordering slice's command handling, between the routes (which translate HTTP) and the domain
 * (which decides): what a decision needs read first (the target order, the policyholder's profile),
 * the numbers and due times drawn for it, and the form as stored. Refusals are the domain's
 * (DomainError) or bad input (HttpError 40000).
 */

/** The form as stored: parsed, with every automatic rule applied, then checked. */
export const acceptOrderForm = (body: unknown, today: string): OrderForm => {
  const parsed = parseOrderForm(body);
  if (!parsed.ok) throw new HttpError(ResultCode.badRequest, parsed.message);
  const form = normaliseOrderForm(parsed.form);
  const refusal = validateOrderForm(form, today);
  if (refusal) throw new HttpError(ResultCode.badRequest, refusal);
  return form;
};

/** The caller as the command handling sees them: the decider's metadata, and whether they are a guest. */
export type OrderCaller = { meta: OrderMetadata; guest: boolean };

/** Who submits a lead: a visitor's address (limited per address) and, if signed in, their bearer token. */
export type LeadSender = { ip: string; bearerToken: string | undefined };

/** Information collection: at most this many leads per address per hour. */
const LEADS_PER_HOUR = 20;

export const orderHandling = (deps: CommandDeps) => {
  const handle = (
    orderId: string,
    command: OrderCommand | ((state: Order) => OrderCommand),
    options?: HandleOptions<Order>,
  ) => handleCommand(deps.eventStore, orderStreamId(orderId), orderDecider, command, options);

  const newOrderNo = (at: Date) => orderNumber(at, randomInt(0, 1_000_000));

  /**
   * A new order for a form without an id (or the id of a lapsed order); otherwise the caller's own order.
   * `from` is what the command can start from without reading the order again.
   */
  const targetOrder = async (
    id: string | null | undefined,
    meta: OrderMetadata,
  ): Promise<{ orderId: string; from: HandleOptions<Order>['from'] }> => {
    if (!id) return { orderId: randomUUID(), from: 'new' };
    const loaded = await load(deps.eventStore, orderStreamId(id), orderDecider);
    return orderToWrite(loaded.state, meta) === 'new'
      ? { orderId: randomUUID(), from: 'new' }
      : { orderId: id, from: loaded };
  };

  const saveDraft = async (body: unknown, meta: OrderMetadata) => {
    const form = acceptOrderForm(body, shanghaiDate(meta.now));
    const { orderId, from } = await targetOrder(form.id, meta);
    const orderNo = newOrderNo(meta.now);
    const result = await handle(
      orderId,
      { type: 'SaveDraft', data: { orderId, orderNo, form: { ...form, id: orderId } }, metadata: meta },
      { from },
    );
    return {
      orderId,
      orderNo: result.state.status === 'none' ? orderNo : result.state.orderNo,
      position: result.position,
    };
  };

  /** The policyholder's profile is judged before the form: an incomplete one is sent to the profile form first. */
  const requestInquiry = async (body: unknown, caller: OrderCaller) => {
    const { meta } = caller;
    const policyholder = caller.guest ? null : await aggregate(deps.eventStore, userStreamId(meta.actor), userDecider);
    refuse(mayAskForQuotes(policyholder));
    const form = acceptOrderForm(body, shanghaiDate(meta.now));
    chooseInsurers(form); // an empty choice is refused before the order is looked up
    const { orderId, from } = await targetOrder(form.id, meta);
    const result = await handle(
      orderId,
      (state): OrderCommand => {
        const { lines, requests } = planInquiry({
          form,
          orderId,
          round: nextRound(state),
          now: meta.now,
          random: deps.random,
          quoteDaySeconds: deps.config.quoteDaySeconds,
          quoteDeadlineDays: deps.config.quoteDeadlineDays,
        });
        return {
          type: 'RequestInquiry',
          data: { orderId, orderNo: newOrderNo(meta.now), form: { ...form, id: orderId }, lines, requests },
          metadata: meta,
        };
      },
      { from },
    );
    return { orderId, position: result.position };
  };

  /** A manual (verified) premium or decline goes through the same command and event as an automatic answer. */
  const recordManualQuote = async (requestId: string, answers: LineAnswer[], meta: OrderMetadata) => {
    const result = await handle(orderIdOfRequest(requestId), {
      type: 'RecordInsurerQuote',
      data: { requestId, answers, source: 'manual' },
      metadata: meta,
    });
    return { recorded: result.events.length > 0, position: result.position };
  };

  /** Asking again runs on the same clock as a new inquiry: new due times from now. */
  const resendQuoteRequest = async (requestId: string, meta: OrderMetadata) => {
    const due = planResend({
      now: meta.now,
      random: deps.random,
      quoteDaySeconds: deps.config.quoteDaySeconds,
      quoteDeadlineDays: deps.config.quoteDeadlineDays,
    });
    const result = await handle(orderIdOfRequest(requestId), {
      type: 'ResendQuoteRequest',
      data: { requestId, ...due },
      metadata: meta,
    });
    return { due, position: result.position };
  };

  /** Staff let a request time out now; the last one out ends the quoting. */
  const timeOutQuoteRequest = async (requestId: string, meta: OrderMetadata) => {
    const result = await handle(orderIdOfRequest(requestId), {
      type: 'TimeOutInsurerQuote',
      data: { requestId, force: true },
      metadata: meta,
    });
    return {
      quotingCompleted: result.events.some((e) => e.type === 'QuotingCompleted'),
      position: result.position,
    };
  };

  /** Open to visitors, so limited per address; a signed-in sender is remembered, a bad token is not an error. */
  const submitLead = async (form: z.output<typeof leadSchema>, sender: LeadSender) => {
    if (!(await deps.limiter.hit(`lead:ip:${sender.ip}`, LEADS_PER_HOUR, 3600)))
      throw new HttpError(ResultCode.tooManyRequests, orderMessages.leadsTooFrequent);
    const submittedBy = sender.bearerToken
      ? await deps.tokens.verify(sender.bearerToken).then(
          (c) => c.sub,
          () => null,
        )
      : null;
    const leadId = randomUUID();
    const result = await handleCommand(
      deps.eventStore,
      leadStreamId(leadId),
      leadDecider,
      {
        type: 'SubmitLead',
        data: {
          leadId,
          phone: form.phone,
          mailbox: form.mailbox ?? null,
          enterpriseType: form.enterpriseType ?? null,
          guaranteeRange: form.guaranteeRange ?? null,
          submittedBy,
        },
        metadata: { now: deps.now() },
      },
      { from: 'new' },
    );
    return { leadId, position: result.position };
  };

  return {
    handle,
    saveDraft,
    requestInquiry,
    recordManualQuote,
    resendQuoteRequest,
    timeOutQuoteRequest,
    submitLead,
  };
};

export type OrderHandling = ReturnType<typeof orderHandling>;

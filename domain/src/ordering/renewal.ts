import { z } from 'zod';
import { illegalState, invalid, type DomainError } from '../shared/errors.ts';
import { shanghaiDate, shanghaiMidnight } from '../shared/calendar.ts';
import { policyPeriod } from '../verification/status.ts';
import { idField } from '../shared/fields.ts';
import { visibleInsurers } from './catalogue.ts';
import { orderMessages } from './messages.ts';
import type { OrderForm } from './form.ts';

/**
 * 续保 (docs/api/renewal.md): a policy near or just past its end is continued by a new order made from
 * its application, quoted again by today's rules. Pure: the clock and the grace days come in.
 */

/** How long before the end 续保 opens. */
export const RENEWAL_OPENS_DAYS = 30;
/** After the end, 续保 stays open this long unless RENEWAL_GRACE_DAYS says otherwise. */
export const DEFAULT_RENEWAL_GRACE_DAYS = 15;

const DAY_MS = 86_400_000;

export const renewalMessages = {
  notRenewable: '仅已承保、保障中或已过期的保单可以续保',
  tooEarly: `距保险止期超过${RENEWAL_OPENS_DAYS}天，暂不能续保`,
  graceOver: (days: number) => `已超过续保宽限期（${days}天），请重新投保`,
  alreadyRenewed: (orderNo: string) => `已续保为 ${orderNo}`,
  insurerUnknown: '所选保险公司不存在',
  renewed: '已创建续保订单，正在询价',
} as const;

/** The old order as the new one names it: 续保自 (the new order's `renewalOf`). */
export type RenewalOf = {
  orderId: string;
  orderNo: string;
  policyNo: string;
  /** The old policy's endDate (the instant its cover ended). */
  previousEndDate: string;
  /** Days without cover between the old end and the new start; 0 when the cover continues. */
  gapDays: number;
};
/** The new order as the old one names it: 已续保为 (the old order's `renewedBy`). */
export type RenewedBy = { orderId: string; orderNo: string; at: string };

/**
 * The window of 续保: from 30 days before the cover ends (24:00 of its last day, verification
 * policyPeriod) until the grace days after it, both ends included.
 */
export const renewalWindow = (endDate: string, graceDays: number) => {
  const { endsAt } = policyPeriod(endDate, endDate);
  return {
    opensAt: new Date(endsAt.getTime() - RENEWAL_OPENS_DAYS * DAY_MS),
    endsAt,
    closesAt: new Date(endsAt.getTime() + graceDays * DAY_MS),
  };
};

/** Why 续保 is refused at `now` for the time alone (null: inside the window). */
export const renewalTimeRefusal = (endDate: string | null, now: Date, graceDays: number): DomainError | null => {
  if (!endDate) return illegalState(renewalMessages.notRenewable);
  const window = renewalWindow(endDate, graceDays);
  if (now.getTime() < window.opensAt.getTime()) return illegalState(renewalMessages.tooEarly);
  if (now.getTime() > window.closesAt.getTime()) return illegalState(renewalMessages.graceOver(graceDays));
  return null;
};

const addDays = (day: string, days: number) => shanghaiDate(new Date(shanghaiMidnight(day).getTime() + days * DAY_MS));

/**
 * The new cover's first day: the day after the old one's last day, so the cover continues; once that
 * day has passed, today, and the days in between are the gap.
 */
export const renewalStart = (endDate: string, now: Date): { startDate: string; gapDays: number } => {
  const continuing = addDays(policyPeriod(endDate, endDate).endDay, 1);
  const today = shanghaiDate(now);
  if (continuing >= today) return { startDate: continuing, gapDays: 0 };
  return {
    startDate: today,
    gapDays: Math.round((shanghaiMidnight(today).getTime() - shanghaiMidnight(continuing).getTime()) / DAY_MS),
  };
};

/**
 * The renewal's application: the policy's current form (as last endorsed), starting at the renewal's
 * start, asking the insurers chosen (the policy's insurer when none is named). The caller validates it
 * by today's rules as any form.
 */
export const renewalForm = (
  form: OrderForm,
  start: string,
  insurerIds: readonly number[],
  newOrderId: string,
): OrderForm => {
  const insurers = insurerIds.map((id) => visibleInsurers.find((i) => i.id === id));
  if (insurers.some((i) => i === undefined)) throw invalid(renewalMessages.insurerUnknown);
  return {
    ...form,
    id: newOrderId,
    startDate: start,
    insuranceCompanyList: insurers.map((i) => ({ id: i!.id, name: i!.name })),
  };
};

/** `POST /order/renew`: the policy's order and, optionally, the insurers to ask (default: the same insurer). */
export const renewBody = z.object({
  id: idField(orderMessages.idRequired),
  insuranceCompanyIds: z
    .array(z.number({ error: '保险公司编号格式不正确' }).int('保险公司编号格式不正确'), {
      error: '保险公司编号格式不正确',
    })
    .max(20, '保险公司过多')
    .optional(),
});

/** The chain as the answers carry it (order list rows and details), for the API document. */
export const renewalChainSchema = {
  renewalOf: z
    .object({
      orderId: z.string(),
      orderNo: z.string(),
      policyNo: z.string(),
      previousEndDate: z.string(),
      gapDays: z.number(),
    })
    .nullable()
    .describe('续保自: the order this one renews (docs/api/renewal.md)'),
  renewedBy: z
    .object({ orderId: z.string(), orderNo: z.string(), at: z.string() })
    .nullable()
    .describe('已续保为: the order that renews this one'),
};

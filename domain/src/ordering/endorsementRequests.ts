import { z } from 'zod';
import { endorsementChangesSchema, endorsementMessages as em } from './endorsement.ts';
import { orderMessages } from './messages.ts';
import { idField } from '../shared/fields.ts';

/** The bodies of the 批改 calls (docs/api/endorsement.md), with their Chinese refusals. */

const orderId = idField(orderMessages.idRequired);
const endorsementId = idField(em.notFound);
const day = z
  .string({ error: em.effectiveDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: em.effectiveDateInvalid })
  .nullish();
const reason = z.string({ error: em.reasonRequired }).trim().min(1, { error: em.reasonRequired }).max(200, {
  error: em.reasonTooLong,
});

/** The preview: the changes on the order's current policy, from the next midnight or a chosen day. */
export const endorsementPriceBody = z.object({ id: orderId, changes: endorsementChangesSchema, effectiveDate: day });
/** 确认批改: the same, with the total the customer saw (a different authoritative total is referred). */
export const endorsementRequestBody = endorsementPriceBody.extend({
  confirmedTotal: z.number({ error: em.confirmedTotalRequired }).min(-10_000_000).max(10_000_000),
});
export const endorsementRefBody = z.object({ id: orderId, endorsementId });
export const endorsementOrderQuery = z.object({ id: orderId });
export const endorsementApproveBody = z.object({
  orderId,
  endorsementId,
  reason,
  premiums: z
    .array(
      z.object({
        key: z.string().max(40),
        premium: z
          .number({ error: orderMessages.premiumNotNumber })
          .min(0, { error: orderMessages.premiumNegative })
          .max(100_000_000, { error: orderMessages.premiumTooLarge }),
        deductible: z.string().trim().min(1, { error: orderMessages.deductibleRequired }).max(100, {
          error: orderMessages.deductibleTooLong,
        }),
      }),
    )
    .max(200)
    .default([]),
});
export const endorsementDeclineBody = z.object({ orderId, endorsementId, reason });
export const endorsementQueueQuery = z.object({
  status: z.enum(['open', 'referred', 'pending', 'settled'], { error: em.queueStatusInvalid }).default('open'),
});

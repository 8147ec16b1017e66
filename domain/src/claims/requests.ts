import { z } from 'zod';
import { claimMessages as m } from './messages.ts';

/** A claim's id as both services take it (query `id` or body `id`). */
export const claimIdSchema = z.string({ error: m.idRequired }).trim().min(1, { error: m.idRequired }).max(64);
export const claimIdQuery = z.object({ id: claimIdSchema });

/** "Apply for a claim" on an order (its policy). */
export const openClaimQuery = z.object({
  orderId: z.string({ error: m.orderIdRequired }).trim().min(1, { error: m.orderIdRequired }).max(64),
});

const optionalReason = z.string().trim().max(500, { error: m.reasonTooLong }).nullish();
const requiredReason = z
  .string({ error: m.reasonRequired })
  .trim()
  .min(1, { error: m.reasonRequired })
  .max(500, { error: m.reasonTooLong });

/** The staff desk's calls (accept; close and reopen need a reason). */
export const withOptionalReasonBody = z.object({ id: claimIdSchema, reason: optionalReason });
export const withReasonBody = z.object({ id: claimIdSchema, reason: requiredReason });
export const evidenceRequestBody = z.object({
  id: claimIdSchema,
  message: z.string({ error: m.messageRequired }).trim().min(1, { error: m.messageRequired }).max(1000),
});
export const assignClaimBody = z.object({
  id: claimIdSchema,
  // '' and null unassign.
  assignee: z
    .string({ error: m.notClaimsStaff })
    .trim()
    .max(20, { error: m.notClaimsStaff })
    .nullish()
    .transform((v) => v || null),
});
export const assessClaimBody = z.object({
  id: claimIdSchema,
  reason: optionalReason,
  exposures: z
    .array(
      z.object({
        lineKey: z.string({ error: m.lossLineRequired }).min(1, { error: m.lossLineRequired }).max(50),
        kind: z.enum(['drone', 'injury', 'property', 'other'], { error: m.lossKindInvalid }),
        lossAmount: z.coerce
          .number({ error: m.lossAmountInvalid })
          .min(0, { error: m.lossAmountInvalid })
          .max(1_000_000_000, { error: m.lossAmountInvalid }),
        remark: z.string().trim().max(200).optional(),
      }),
      { error: m.lossesRequired },
    )
    .min(1, { error: m.lossesRequired })
    .max(100),
});

import { z } from 'zod';

/** The wire shapes of 退保's answers (docs/api/cancellation.md), for both services' OpenAPI documents. */
export const cancellationTermsSchema = z.object({
  method: z.enum(['full', 'proRata', 'shortRate', 'none']),
  premium: z.number(),
  refund: z.number(),
  fee: z.number(),
  kept: z.number(),
  daysTotal: z.number(),
  daysElapsed: z.number(),
  monthsElapsed: z.number(),
  coolingOffDays: z.number(),
  keepPct: z.number().nullable(),
  autoApprove: z.boolean(),
  rule: z.object({ ruleId: z.string(), version: z.number() }),
  explanation: z.array(z.string()),
});

export const cancellationAppliedSchema = z.object({
  orderId: z.string(),
  cancellationId: z.string(),
  status: z.enum(['cancelled', 'pending']),
  refund: z.number(),
  terms: cancellationTermsSchema.nullable(),
});

export const cancellationQuoteSchema = z.object({
  orderId: z.string(),
  policyNo: z.string().nullable(),
  /** Why it cannot be asked for now (Chinese), or null. */
  refusal: z.string().nullable(),
  terms: cancellationTermsSchema.nullable(),
  reasons: z.array(z.object({ value: z.string(), label: z.string() })),
});

export const cancellationQueueRowSchema = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  policyNo: z.string().nullable(),
  userName: z.string(),
  insuranceCompanyName: z.string().nullable(),
  cancellationId: z.string(),
  reason: z.string(),
  reasonLabel: z.string(),
  reasonTxt: z.string().nullable(),
  refund: z.number(),
  method: z.string(),
  explanation: z.array(z.string()),
  requestedAt: z.string(),
  dueAt: z.string().nullable(),
  /** Working days since the request (QUOTE_DAY_SECONDS scales a day in demos). */
  ageWorkingDays: z.number(),
  overdue: z.boolean(),
});
export type CancellationQueueRow = z.output<typeof cancellationQueueRowSchema>;
export type CancellationQuote = z.output<typeof cancellationQuoteSchema>;
export type CancellationApplied = z.output<typeof cancellationAppliedSchema>;

/** The order's latest 退保 as the details show it: the request, its outcome, the refund's progress. */
export const cancellationViewSchema = z.object({
  cancellationId: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  reason: z.string(),
  reasonLabel: z.string(),
  reasonTxt: z.string().nullable(),
  effectiveDate: z.string(),
  requestedAt: z.string(),
  dueAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  terms: cancellationTermsSchema,
  /** none: nothing to refund; pending: asked of the provider; refunded: the provider confirmed every part. */
  refundStatus: z.enum(['none', 'pending', 'refunded']),
});
export type CancellationView = z.output<typeof cancellationViewSchema>;

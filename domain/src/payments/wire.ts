import { z } from 'zod';

/** The order's `payment` as a schema (the services' OpenAPI docs); the type is api.ts OrderPayment. */
export const orderPaymentSchema = z
  .object({
    status: z.enum(['unpaid', 'paid', 'expired', 'refunded']),
    amount: z.number(),
    dueAt: z.string(),
    paidAt: z.string().nullable(),
    tradeNo: z.string(),
    cashierUrl: z.string().nullable(),
  })
  .nullable();

import { z } from 'zod';
import { claimMessages as m } from './messages.ts';

/** A claim's id as both services take it (query `id` or body `id`). */
export const claimIdSchema = z.string({ error: m.idRequired }).trim().min(1, { error: m.idRequired }).max(64);
export const claimIdQuery = z.object({ id: claimIdSchema });

/** "Apply for a claim" on an order (its policy). */
export const openClaimQuery = z.object({
  orderId: z.string({ error: m.orderIdRequired }).trim().min(1, { error: m.orderIdRequired }).max(64),
});

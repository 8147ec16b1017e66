import { z } from 'zod';
import { revokeReasons } from './catalogue.ts';
import { orderMessages as m } from './messages.ts';

/** The order calls' query strings, shared by the command and the query service. */

const orderId = z.string({ error: m.idRequired }).trim().min(1, { error: m.idRequired }).max(64);

/** `?id=`: the order a call is about. */
export const idQuery = z.object({ id: orderId });

export const insureQuery = idQuery.extend({
  insuranceCompanyId: z.coerce.number({ error: m.insurerRequired }).int().positive({ error: m.insurerRequired }),
  insuranceCompanyName: z.string().max(50).optional(),
});

export const revokeQuery = idQuery.extend({
  revokeReason: z
    .string({ error: m.revokeReasonRequired })
    .trim()
    .min(1, { error: m.revokeReasonRequired })
    .refine((r) => (revokeReasons as readonly string[]).includes(r), { error: m.revokeReasonUnknown }),
  revokeReasonTxt: z.string().trim().max(500, { error: m.revokeTextTooLong }).optional(),
});

/** The plan calls name the order `orderInfoId` (wire names in docs/glossary.md). */
export const deleteLineQuery = z.object({
  orderInfoId: orderId,
  insuranceTypeInfoId: z.coerce
    .number({ error: m.insuranceTypeRequired })
    .int()
    .positive({ error: m.insuranceTypeRequired }),
  uavInfoId: z
    .string()
    .trim()
    .max(10)
    .optional()
    .transform((v) => (v === undefined || v === '' || v === 'null' ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v >= 0), { error: m.droneInvalid }),
});

export const resetQuery = z.object({ orderInfoId: orderId });

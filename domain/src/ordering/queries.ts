import { z } from 'zod';
import { idField, idQuery as sharedIdQuery } from '../shared/fields.ts';
import { revokeReasons, type OrderType } from './catalogue.ts';
import { orderMessages as m } from './messages.ts';

/** The order calls' query strings, shared by the command and the query service. */

const orderId = idField(m.idRequired);

/** `?id=`: the order a call is about. */
export const idQuery = sharedIdQuery(m.idRequired);

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

/** `?id=` of the catalogue lists: the order type, 1 for training, anything else general. */
export const orderTypeQuery = z.object({
  id: z
    .union([z.literal('0'), z.literal('1'), z.literal('')])
    .optional()
    .transform((v) => (v === '1' ? 1 : 0) as OrderType),
});

/** The customer's order list. */
export const orderPageBody = z.object({
  currentPage: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
  // The old client sends its own userName; the list is the caller's whatever it says.
  userName: z.string().max(64).optional().nullable(),
});

/** `?deviceNumber=a,b`: the caller's insured drones among these device numbers. */
export const droneDataQuery = z.object({
  deviceNumber: z.string({ error: m.deviceNumberRequired }).trim().min(1, { error: m.deviceNumberRequired }).max(2000),
});

/** The device numbers a drone lookup names, blanks dropped. */
export const deviceNumbersOf = (query: z.output<typeof droneDataQuery>): string[] =>
  query.deviceNumber
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** The back office's quoting progress list. */
export const quoteProgressQuery = z.object({
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});

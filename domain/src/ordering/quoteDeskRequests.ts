import { z } from 'zod';
import type { OrderType } from './catalogue.ts';
import { orderMessages as m } from './messages.ts';
import type { LineAnswer } from './order.events.ts';
import { deskCellStatuses } from './quoteDesk.ts';
import { orderNoSearch, phoneSearch } from '../shared/search.ts';
import { pageFields } from '../shared/fields.ts';

/** The quote desk's requests (docs/api/quote-desk.md): the grid's filter and staff's writes. */

/** An empty filter field (a cleared select) means no filter. */
const blankless = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema);

export const quoteDeskQuery = z.object({
  status: blankless(z.enum(deskCellStatuses, { error: m.deskStatusInvalid }).optional()),
  insurerId: blankless(
    z.coerce
      .number({ error: m.deskInsurerInvalid })
      .int({ error: m.deskInsurerInvalid })
      .positive({ error: m.deskInsurerInvalid })
      .optional(),
  ),
  overdue: blankless(z.enum(['true', 'false', '1', '0'], { error: m.deskOverdueInvalid }).optional()).transform(
    (v) => v === 'true' || v === '1',
  ),
  orderType: blankless(z.enum(['0', '1'], { error: m.deskOrderTypeInvalid }).optional()).transform((v) =>
    v === undefined ? undefined : (Number(v) as OrderType),
  ),
  /** The order number or its beginning; the customer's whole phone (domain/src/shared/search.ts). */
  orderNo: orderNoSearch,
  phone: phoneSearch,
  days: z.coerce
    .number({ error: m.deskDaysInvalid })
    .int({ error: m.deskDaysInvalid })
    .min(1, { error: m.deskDaysInvalid })
    .max(90, { error: m.deskDaysInvalid })
    .optional()
    .default(7),
  ...pageFields(20),
});

const requestId = z
  .string({ error: m.requestIdRequired })
  .trim()
  .min(1, { error: m.requestIdRequired })
  .max(200, { error: m.requestIdInvalid });

/** A line priced ({key, premium, deductible}) or declined ({key, declined: true, reason}). */
const manualAnswer = z
  .strictObject({
    key: z.string({ error: m.insuranceTypeRequired }).trim().min(1, { error: m.insuranceTypeRequired }).max(40),
    premium: z.coerce
      .number({ error: m.premiumNotNumber })
      .min(0, { error: m.premiumNegative })
      .max(1e9, { error: m.premiumTooLarge })
      .optional(),
    deductible: z.string({ error: m.deductibleRequired }).trim().max(100, { error: m.deductibleTooLong }).optional(),
    declined: z.boolean({ error: m.declinedFlagInvalid }).optional(),
    reason: z.string({ error: m.declineReasonRequired }).trim().max(200, { error: m.declineReasonTooLong }).optional(),
  })
  .transform((a, ctx): LineAnswer => {
    if (a.declined) {
      if (!a.reason) ctx.issues.push({ code: 'custom', message: m.declineReasonRequired, input: a, path: ['reason'] });
      return { key: a.key, kind: 'declined', reason: a.reason ?? '' };
    }
    if (a.premium === undefined)
      ctx.issues.push({ code: 'custom', message: m.premiumRequired, input: a, path: ['premium'] });
    if (!a.deductible)
      ctx.issues.push({ code: 'custom', message: m.deductibleRequired, input: a, path: ['deductible'] });
    return {
      key: a.key,
      kind: 'quoted',
      premium: Math.round((a.premium ?? 0) * 100) / 100,
      deductible: a.deductible ?? '',
    };
  });

/** Staff enter what an insurer verified by hand: one answer per line. */
export const manualQuoteBody = z.strictObject({
  requestId,
  answers: z
    .array(manualAnswer, { error: m.answersRequired })
    .min(1, { error: m.answersRequired })
    .max(500, { error: m.answersTooMany })
    .refine((answers) => new Set(answers.map((a) => a.key)).size === answers.length, { error: m.answerRepeated }),
});

/** Ask an insurer again, or let its request time out now. */
export const quoteRequestBody = z.strictObject({ requestId });

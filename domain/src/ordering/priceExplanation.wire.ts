import { z } from 'zod';
import { idQuery } from './queries.ts';
import { orderMessages as m } from './messages.ts';

/** 价格说明's query and answer (docs/api/price-explanation.md), for the query service and its OpenAPI document. */

export const priceExplanationQuery = idQuery.extend({
  insuranceCompanyId: z.coerce
    .number({ error: m.insurerRequired })
    .int({ error: m.insurerRequired })
    .positive({ error: m.insurerRequired })
    .max(1_000_000, { error: m.insurerRequired }),
});

const factorSchema = z.object({
  label: z.string(),
  value: z.number(),
  kind: z.enum(['coefficient', 'money', 'percent', 'number']),
  text: z.string(),
});
const hintSchema = z.object({
  id: z.string(),
  label: z.string(),
  premium: z.number(),
  term: z.number(),
  saving: z.number(),
  text: z.string(),
});

export const priceExplanationLineSchema = z.object({
  key: z.string(),
  coverName: z.string(),
  droneName: z.string().nullable(),
  /** quoted: priced; manual: with an underwriter; declined; pending: no answer yet. */
  kind: z.enum(['quoted', 'manual', 'declined', 'pending']),
  premium: z.number().nullable(),
  deductible: z.string().nullable(),
  /** Why the line has no automatic price, in the customer's words; null for a priced line. */
  reason: z.string().nullable(),
  /** Whether the price came from the rules (false: an underwriter entered it). */
  byRules: z.boolean(),
  factors: z.array(factorSchema),
  formula: z.string().nullable(),
  ruleVersion: z.string().nullable(),
  /** Re-rating the stored application on the stored version gave the same premium; null: nothing to replay. */
  replayed: z.boolean().nullable(),
  replayPremium: z.number().nullable(),
  hints: z.array(hintSchema),
});

export const priceExplanationSchema = z.object({
  orderId: z.string(),
  insuranceCompanyId: z.number(),
  insuranceCompanyName: z.string(),
  total: z.number().nullable(),
  lines: z.array(priceExplanationLineSchema),
});

export type PriceExplanationLine = z.infer<typeof priceExplanationLineSchema>;
export type PriceExplanation = z.infer<typeof priceExplanationSchema>;

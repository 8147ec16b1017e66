import { z } from 'zod';
import { num } from '../shared/fields.ts';
import { defaultLoss, type LossChoice } from './comparison.ts';
import { idQuery } from './queries.ts';

/** `GET /order/comparison` (docs/api/comparison.md): the query and the answer's wire shape. */

const MAX_LOSS = 100_000_000;
/** Whole fen: the settlement computes in fen, so a third decimal would be rounded away unseen. */
const twoDecimals = (n: number | undefined) => n === undefined || Math.round(n * 100) === n * 100;

export const comparisonQuery = idQuery
  .extend({
    hullLoss: num('机身损失金额', { max: MAX_LOSS }).refine(twoDecimals, { error: '机身损失金额最多两位小数' }),
    hullKind: z.enum(['damage', 'theft'], { error: '机身损失类型只能是 damage 或 theft' }).optional(),
    thirdPartyLoss: num('三者损失金额', { max: MAX_LOSS }).refine(twoDecimals, { error: '三者损失金额最多两位小数' }),
    thirdPartyKind: z.enum(['property', 'injury'], { error: '三者损失类型只能是 property 或 injury' }).optional(),
    uavInfoId: z
      .string()
      .trim()
      .max(10)
      .regex(/^\d*$/, { error: '无人机编号不正确' })
      .optional()
      .transform((v) => (v === undefined || v === '' ? null : v)),
  })
  .transform((q): { id: string; loss: LossChoice } => ({
    id: q.id,
    loss: {
      hullLoss: q.hullLoss ?? defaultLoss.hullLoss,
      hullKind: q.hullKind ?? defaultLoss.hullKind,
      thirdPartyLoss: q.thirdPartyLoss ?? defaultLoss.thirdPartyLoss,
      thirdPartyKind: q.thirdPartyKind ?? defaultLoss.thirdPartyKind,
      uavInfoId: q.uavInfoId,
    },
  }));

const rule = z.object({ percent: z.number(), minimumYuan: z.number() });
const nullableNumber = z.number().nullable();

export const comparisonLineSchema = z.object({
  key: z.string(),
  insuranceTypeInfoId: z.number(),
  insuranceTypeInfoName: z.string(),
  uavInfoId: z.string().nullable(),
  uavInfoName: z.string().nullable(),
  insuranceAmount: z.number().describe('10k yuan, as on the plan'),
  status: z.enum(['requested', 'quoted', 'waiting-verification', 'declined', 'timed-out']),
  premium: nullableNumber,
  premiumPer10k: nullableNumber.describe('premium per ¥10,000 of the sum insured'),
  deductibleText: z.string().nullable(),
  deductible: z
    .object({
      understood: z.boolean(),
      percent: z.number(),
      minimumYuan: z.number(),
      property: rule.nullable(),
      injury: rule.nullable(),
      perPayoutCapYuan: nullableNumber,
    })
    .nullable(),
  loss: z
    .object({
      role: z.enum(['hull', 'thirdParty']),
      kind: z.enum(['drone', 'injury', 'property', 'other']),
      lossYuan: z.number(),
      deductibleYuan: nullableNumber,
      payableYuan: nullableNumber,
      outOfPocketYuan: nullableNumber,
      cappedBy: z.enum(['limit', 'perPayout']).nullable(),
    })
    .nullable(),
});

export const comparisonSchema = z.object({
  orderInfoId: z.string(),
  loss: z.object({
    hullLoss: z.number(),
    hullKind: z.enum(['damage', 'theft']),
    thirdPartyLoss: z.number(),
    thirdPartyKind: z.enum(['property', 'injury']),
    uavInfoId: z.string().nullable(),
    uavInfoName: z.string().nullable(),
  }),
  uncoveredYuan: z.number(),
  drones: z.array(z.object({ uavInfoId: z.string(), uavInfoName: z.string().nullable() })),
  insurers: z.array(
    z.object({
      insuranceCompanyId: z.number(),
      insuranceCompanyName: z.string(),
      label: z.enum(['firm', 'indicative', 'underwriting', 'expired']),
      labelText: z.string(),
      totalPremium: nullableNumber,
      outOfPocketYuan: nullableNumber,
      payableYuan: nullableNumber,
      expectedCostYuan: nullableNumber,
      deductibleNote: z.string().nullable(),
      canInsure: z.boolean(),
      validUntil: z.string().nullable(),
      lines: z.array(comparisonLineSchema),
    }),
  ),
});

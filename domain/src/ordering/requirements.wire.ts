import { z } from 'zod';

/**
 * The 投保要求 answers as the API document describes them (docs/api/requirements.md): the stored
 * requirements (requirements.ts `Requirements`) and the matches (requirementMatch.ts).
 */

export const storedRequirementsSchema = z.object({
  minLiabilityWan: z.number().nullable().describe('三者险最低限额（万元）'),
  maxHullDeductibleYuan: z.number().nullable().describe('机身险每次事故最高免赔额（元，按全损核对）'),
  minTermDays: z.number().nullable().describe('最短保险期间（天）'),
  requiredCoverIds: z.array(z.number()).describe('要求的险种 id'),
  additionalInsured: z.object({ name: z.string(), creditCode: z.string().nullable() }).nullable(),
});

const verdict = z.enum(['met', 'unmet', 'pending']).describe('met ✓ / unmet ✗ / pending 待定');

export const insurerMatchSchema = z.object({
  insuranceCompanyId: z.number(),
  insuranceCompanyName: z.string(),
  verdict,
  checks: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(['liability', 'hullDeductible', 'term', 'cover', 'additionalInsured']),
      label: z.string(),
      verdict,
      reason: z.string(),
    }),
  ),
});

export const requirementMatchSchema = z.object({
  id: z.string(),
  requirements: storedRequirementsSchema.nullable(),
  insurers: z.array(insurerMatchSchema),
  policy: insurerMatchSchema.nullable(),
});

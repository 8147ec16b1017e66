import { z } from 'zod';
import { orderFormSchema } from '../ordering/form.ts';
import { RuleStages } from './definition.ts';

/**
 * The wire shapes of the rule platform (docs/api/rules-versions.md, rules-batch-tests.md, rules-config.md):
 * the `data` schemas of the reads, written after the documents the readers answer with (read-models/rules),
 * and of the commands that answer with the same things. Both services document their routes with these.
 */

const traceStep = z.object({
  rule: z.string(),
  node: z.string(),
  type: z.string(),
  matched: z.string().optional(),
  output: z.record(z.string(), z.unknown()).optional(),
});
export const trace = z.array(traceStep);

export const historyEntry = z.object({ action: z.string(), by: z.string(), at: z.string(), reason: z.string() });

/** A rule definition as stored (domain rules/definition.ts `RuleDefinition`). */
export const ruleDefinition = z.object({
  ruleId: z.string(),
  name: z.string(),
  insurerId: z.number().nullable(),
  scenes: z.array(z.string()),
  type: z.string().nullable(),
  source: z.string().nullable(),
  risk: z.string().nullable(),
  message: z.string().nullable(),
  description: z.string(),
  stage: z.enum(RuleStages),
  rank: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

const versionWithoutContent = z.object({
  ruleId: z.string(),
  version: z.number(),
  status: z.string(),
  draftedBy: z.string(),
  draftedAt: z.string(),
  history: z.array(historyEntry),
});

/** Each rule with its versions (no content), and its definition (null for versions of a rule never defined). */
export const ruleList = z.array(
  z.object({
    ruleId: z.string(),
    enabledVersion: z.number().nullable(),
    versions: z.array(versionWithoutContent),
    definition: ruleDefinition.nullable(),
  }),
);

/**
 * The content is the rule model itself (a JDM graph, domain rules/jdm.ts), kept as its author saved it and handed
 * to the engine as is: its nodes and edges carry whatever the decision model editor wrote, so they stay open.
 */
export const ruleVersion = versionWithoutContent.extend({
  content: z.looseObject({ nodes: z.array(z.looseObject({})), edges: z.array(z.looseObject({})) }),
});

const caseOutcome = z.object({
  referral: z.boolean(),
  premiums: z.record(z.string(), z.number().nullable()),
  lines: z.array(
    z.object({
      insurerId: z.number(),
      key: z.string(),
      kind: z.enum(['quoted', 'manual', 'declined']),
      premium: z.number().optional(),
      reason: z.string().optional(),
    }),
  ),
});
const caseExpectation = z.object({
  referral: z.boolean(),
  premiums: z.record(z.string(), z.number()),
  tolerance: z.number(),
});

/** A rule case as recorded (domain rules/cases.ts `RuleCase`): what its create command answers. */
export const ruleCaseFields = z.object({
  caseId: z.string(),
  name: z.string(),
  form: orderFormSchema,
  expected: caseExpectation,
  orderId: z.string().nullable(),
});

/** A rule case as stored (read-models rules `RuleCaseDocument`), with who changed it last. */
export const ruleCase = ruleCaseFields.extend({
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

/** A run without its per-case results (domain rules/batchTests.ts `BatchTestRunSummary`). */
export const runSummary = z.object({
  runId: z.string(),
  ruleId: z.string(),
  version: z.number(),
  lastN: z.number().nullable(),
  by: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number(),
  progress: z.number(),
  passed: z.number(),
  failed: z.number(),
  unchecked: z.number(),
  reason: z.string().nullable(),
  passRate: z.number().nullable(),
});

export const runDetail = runSummary.extend({
  results: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      expected: caseExpectation.nullable(),
      actual: caseOutcome,
      pass: z.boolean().nullable(),
      deltas: z.record(z.string(), z.number().nullable()),
      trace,
    }),
  ),
});

const comparedSide = z.object({ pass: z.boolean().nullable(), actual: caseOutcome, trace }).nullable();
export const runComparison = z.object({
  left: runSummary,
  right: runSummary,
  cases: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      left: comparedSide,
      right: comparedSide,
      premiumDeltas: z.record(z.string(), z.number().nullable()),
      referralChanged: z.boolean(),
      passChanged: z.boolean(),
    }),
  ),
});

/** One dictionary entry: code and enabled, then the fields of its kind (domain rules/config.ts), as its commands answer. */
export const configEntryFields = z.object({
  kind: z.string(),
  code: z.string(),
  enabled: z.boolean(),
  name: z.string().optional(),
  category: z.string().optional(),
  description: z.string().optional(),
  customerText: z.string().optional(),
  staffText: z.string().optional(),
  effect: z.string().optional(),
  insurerId: z.number().optional(),
  coverId: z.number().optional(),
  offered: z.boolean().optional(),
  minAmount: z.number().nullable().optional(),
  maxAmount: z.number().nullable().optional(),
  maxDronePrice: z.number().nullable().optional(),
  maxTakeoffKg: z.number().nullable().optional(),
  stages: z.array(z.string()).optional(),
});

/** One dictionary entry as stored, with who created and last changed it. */
export const configEntry = configEntryFields.extend({
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

/** Each rule's answer of an import or copy (domain rules/transposition.ts `TranspositionResult`). */
export const transpositionResults = z.array(
  z.discriminatedUnion('ok', [
    z.object({ ruleId: z.string(), ok: z.literal(true), version: z.number() }),
    z.object({ ruleId: z.string(), ok: z.literal(false), message: z.string() }),
  ]),
);

/** 试算: what the model made of the input, its trace and the engine's reported time. */
export const tryout = z.object({ output: z.unknown(), trace, performance: z.string() });

/** Why an insurer's line was answered as it was (back office). */
export const quoteWhy = z.object({
  orderId: z.string(),
  requestId: z.string(),
  insurerId: z.number(),
  insurerName: z.string(),
  key: z.string(),
  coverName: z.string(),
  droneName: z.string().nullable(),
  /** ratedOn: the Shanghai day the rules rated the answer (absent on older answers and staff entries). */
  quote: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('quoted'),
      premium: z.number(),
      deductible: z.string(),
      ratedOn: z.string().optional(),
    }),
    z.object({
      kind: z.literal('manual'),
      reason: z.string(),
      customerReason: z.string().optional(),
      ratedOn: z.string().optional(),
    }),
    z.object({
      kind: z.literal('declined'),
      reason: z.string(),
      customerReason: z.string().optional(),
      ratedOn: z.string().optional(),
    }),
  ]),
  rules: z.array(z.object({ ruleId: z.string(), version: z.number(), name: z.string().nullable() })),
  trace,
});

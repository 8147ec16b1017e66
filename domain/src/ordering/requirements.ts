import { z } from 'zod';
import { isValidCreditCode } from '../documents/certificateForm.ts';
import { insuranceTypeById } from './catalogue.ts';

/**
 * 投保要求 (docs/api/requirements.md): what a customer's client contract or the aviation authority asks of
 * the cover. Stated on the order (`RequirementsStated`), matched against each insurer's quote by
 * requirementMatch.ts. Every field is optional: a requirement not stated is not checked.
 */

export const requirementLimits = {
  maxLiabilityWan: 10_000,
  maxDeductibleYuan: 1_000_000,
  maxTermDays: 366,
  maxCovers: 10,
  maxNameLength: 100,
} as const;

export const requirementMessages = {
  orderIdRequired: '订单编号不能为空',
  liability: `三者险最低限额须为 1 至 ${requirementLimits.maxLiabilityWan} 之间的整数（万元）`,
  deductible: `机身险最高免赔额须为 0 至 ${requirementLimits.maxDeductibleYuan} 之间的整数（元）`,
  term: `最短保险期间须为 1 至 ${requirementLimits.maxTermDays} 之间的整数（天）`,
  covers: '要求的险种不正确',
  tooManyCovers: `要求的险种不能超过 ${requirementLimits.maxCovers} 个`,
  insuredNameRequired: '请输入附加被保险人名称',
  insuredNameTooLong: `附加被保险人名称不能超过 ${requirementLimits.maxNameLength} 个字符`,
  creditCodeFormat: '统一社会信用代码格式不正确',
  notChangeable: '投保后投保要求不可修改',
  stated: '投保要求已保存',
} as const;
const m = requirementMessages;

export type AdditionalInsured = { name: string; creditCode: string | null };
/** As stored on the order: every key present, a requirement not stated is null (or no covers). */
export type Requirements = {
  /** 三者险最低每次事故限额, 万元. */
  minLiabilityWan: number | null;
  /** 机身险每次事故最高免赔额, 元 (a percent deductible is judged on a total loss; requirementMatch.ts). */
  maxHullDeductibleYuan: number | null;
  /** 最短保险期间, days. */
  minTermDays: number | null;
  /** 险种 ids of the catalogue (catalogue.ts insuranceTypes). */
  requiredCoverIds: number[];
  additionalInsured: AdditionalInsured | null;
};

export const noRequirements: Requirements = {
  minLiabilityWan: null,
  maxHullDeductibleYuan: null,
  minTermDays: null,
  requiredCoverIds: [],
  additionalInsured: null,
};

/** Web forms send '' for an empty box and numbers as text; both mean what the customer typed. */
const blankToNull = (v: unknown) =>
  v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v.trim()) : v;

const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    blankToNull,
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .nullable(),
  );

const coverIds = z.preprocess(
  (v) => (v === undefined || v === null ? [] : v),
  z
    .array(
      z
        .number({ error: m.covers })
        .int({ error: m.covers })
        .refine((id) => insuranceTypeById(id) !== undefined, { error: m.covers }),
      { error: m.covers },
    )
    .max(requirementLimits.maxCovers, { error: m.tooManyCovers })
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
);

const additionalInsured = z.preprocess(
  (v) =>
    v === undefined ||
    v === null ||
    (typeof v === 'object' && !(v as { name?: unknown }).name && !(v as { creditCode?: unknown }).creditCode)
      ? null
      : v,
  z
    .object(
      {
        name: z
          .string({ error: m.insuredNameRequired })
          .trim()
          .min(1, { error: m.insuredNameRequired })
          .max(requirementLimits.maxNameLength, { error: m.insuredNameTooLong }),
        creditCode: z
          .string({ error: m.creditCodeFormat })
          .trim()
          .transform((v) => v.toUpperCase())
          .nullable()
          .optional()
          .transform((v) => (v ? v : null))
          .refine((v) => v === null || isValidCreditCode(v), { error: m.creditCodeFormat }),
      },
      { error: m.insuredNameRequired },
    )
    .nullable(),
);

/** The requirements form, shared by the route and the web's panel. */
export const requirementsSchema = z.object({
  minLiabilityWan: wholeNumber(1, requirementLimits.maxLiabilityWan, m.liability),
  maxHullDeductibleYuan: wholeNumber(0, requirementLimits.maxDeductibleYuan, m.deductible),
  minTermDays: wholeNumber(1, requirementLimits.maxTermDays, m.term),
  requiredCoverIds: coverIds,
  additionalInsured,
});
export type RequirementsForm = z.input<typeof requirementsSchema>;

/** `POST /order/requirements`: the order and its requirements, all stated at once (a missing one is cleared). */
export const stateRequirementsBody = requirementsSchema.extend({
  id: z.string({ error: m.orderIdRequired }).trim().min(1, { error: m.orderIdRequired }).max(64),
});

export const hasRequirements = (r: Requirements | null | undefined): r is Requirements =>
  !!r &&
  (r.minLiabilityWan !== null ||
    r.maxHullDeductibleYuan !== null ||
    r.minTermDays !== null ||
    r.requiredCoverIds.length > 0 ||
    r.additionalInsured !== null);

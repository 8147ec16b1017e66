import { z } from 'zod';

/**
 * 退保 on the order stream (docs/api/cancellation.md): the customer's request with the terms computed
 * when it was made, its referral to the quote desk, a decline. The approval is the foundation's
 * `PolicyCancelled` plus one `RefundRequested` per paid trade the refund comes from.
 */

export const cancellationMessages = {
  notCancellable: '仅已承保或保障中的保单可以退保',
  endorsementPending: '该保单有进行中的批改申请，暂不能退保',
  cancellationPending: '该保单已提交退保申请，请等待审核',
  openClaim: '该保单有未结案的理赔，暂不能退保',
  noRule: '该保险公司的退保规则未启用，暂不能退保',
  reasonRequired: '请选择退保原因',
  reasonTxtRequired: '请填写退保原因说明',
  reasonTxtTooLong: '退保原因说明不能超过200个字符',
  declineReasonRequired: '请填写拒绝原因',
  notPending: '该退保申请不存在或已处理',
  requested: '退保申请已提交，等待审核',
  cancelled: '退保成功，退款将原路退回',
  approved: '已同意退保',
  declined: '已拒绝退保申请',
} as const;

/** The reasons a customer picks from; `other` needs the free text. */
export const cancellationReasons = [
  { value: 'noLongerNeeded', label: '不再需要保障' },
  { value: 'droneDisposed', label: '无人机已出售或报废' },
  { value: 'boughtElsewhere', label: '已在其他渠道投保' },
  { value: 'premiumTooHigh', label: '保费过高' },
  { value: 'other', label: '其他' },
] as const;
export type CancellationReason = (typeof cancellationReasons)[number]['value'];
export const cancellationReasonLabel = (value: string) =>
  cancellationReasons.find((r) => r.value === value)?.label ?? value;

export const cancellationRequestSchema = z
  .object({
    orderId: z.string({ error: '订单不存在' }).trim().min(1, { error: '订单不存在' }),
    reason: z.enum(cancellationReasons.map((r) => r.value) as [CancellationReason, ...CancellationReason[]], {
      error: cancellationMessages.reasonRequired,
    }),
    reasonTxt: z
      .string({ error: cancellationMessages.reasonTxtTooLong })
      .trim()
      .max(200, { error: cancellationMessages.reasonTxtTooLong })
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((b) => b.reason !== 'other' || !!b.reasonTxt, {
    error: cancellationMessages.reasonTxtRequired,
    path: ['reasonTxt'],
  });

export const cancellationQuoteQuery = z.object({
  orderId: z.string({ error: '订单不存在' }).trim().min(1, { error: '订单不存在' }),
});

export const cancellationDecisionSchema = z.object({
  orderId: z.string({ error: '订单不存在' }).trim().min(1, { error: '订单不存在' }),
  cancellationId: z.string({ error: cancellationMessages.notPending }).trim().min(1, {
    error: cancellationMessages.notPending,
  }),
  reason: z
    .string()
    .trim()
    .max(200, { error: '原因不能超过200个字符' })
    .nullish()
    .transform((v) => (v ? v : null)),
});

export type CancellationMethod = 'full' | 'proRata' | 'shortRate' | 'none';
export const cancellationMethodLabels: Record<CancellationMethod, string> = {
  full: '犹豫期内全额退费',
  proRata: '按日比例退费',
  shortRate: '按短期费率表退费',
  none: '已赔付，不退费',
};

/** What the insurer's 退保规则 answers (rules/seed/cancellationRules.ts). */
export type CancellationRuleOutput = {
  coolingOffDays: number;
  method: 'proRata' | 'shortRate';
  fee: number;
  autoApprove: boolean;
  keepPct: number;
};
/** The enabled version of the insurer's rule and its answer on this policy. */
export type CancellationRule = { ruleId: string; version: number; output: CancellationRuleOutput };

/** The refund and every figure behind it, as shown before confirming and kept on the request. */
export type CancellationTerms = {
  method: CancellationMethod;
  /** The annual premium of the policy as it stands. */
  premium: number;
  refund: number;
  fee: number;
  /** What the insurer keeps of the premium before the fee (0 within the cooling-off period). */
  kept: number;
  daysTotal: number;
  daysElapsed: number;
  monthsElapsed: number;
  coolingOffDays: number;
  keepPct: number | null;
  autoApprove: boolean;
  rule: { ruleId: string; version: number };
  /** How it was computed, in Chinese, one line a step. */
  explanation: string[];
};

export type CancellationRequested = {
  type: 'CancellationRequested';
  data: {
    orderId: string;
    cancellationId: string;
    reason: string;
    reasonTxt: string | null;
    effectiveDate: string;
    terms: CancellationTerms;
    /** The rule let it through without staff: PolicyCancelled follows in the same append. */
    auto: boolean;
    requestedBy: string;
    requestedAt: string;
  };
};
/** The rule wants staff to look: the request waits in the quote desk's cancellation queue. */
export type CancellationReferred = {
  type: 'CancellationReferred';
  data: { orderId: string; cancellationId: string; dueAt: string; referredAt: string };
};
export type CancellationDeclined = {
  type: 'CancellationDeclined';
  data: { orderId: string; cancellationId: string; by: string; reason: string; declinedAt: string };
};
export type CancellationEvent = CancellationRequested | CancellationReferred | CancellationDeclined;

/** The latest 退保 request on the policy, kept after it is settled so the details can show the outcome. */
export type CancellationRequestState = {
  cancellationId: string;
  reason: string;
  reasonTxt: string | null;
  effectiveDate: string;
  terms: CancellationTerms;
  requestedBy: string;
  requestedAt: string;
  status: 'pending' | 'approved' | 'declined';
  /** Referred to staff: when their answer is due; null when approved automatically. */
  dueAt: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
  decidedAt: string | null;
};

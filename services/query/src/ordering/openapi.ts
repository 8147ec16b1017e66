import { orderPaymentSchema } from '@feibao/domain/payments/wire';
import { cancellationViewSchema } from '@feibao/domain/ordering/cancellation.wire';
import { z } from 'zod';
import { storedRequirementsSchema } from '@feibao/domain/ordering/requirements.wire';
import { droneSchema, orderFormSchema } from '@feibao/domain/ordering/form';
import { trace } from '@feibao/domain/rules/wire';
import { renewalChainSchema } from '@feibao/domain/ordering/renewal';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();

const orderRow = z.object({
  id: z.string(),
  state: z.number().describe('docs/glossary.md "Order states"'),
  orderNo: z.string(),
  policyNo: nullableString,
  userName: z.string(),
  orderTime: z.string(),
  orderType: z.number(),
  startDate: nullableString,
  endDate: nullableString,
  deviceNumber: nullableString,
  totalPremium: nullableNumber,
  insuranceCompanyId: nullableNumber,
  insuranceCompanyName: nullableString,
  payment: orderPaymentSchema.describe('docs/api/payments.md'),
  ...renewalChainSchema,
  policyVersion: nullableNumber,
  pendingChange: z.enum(['endorsement', 'cancellation']).nullable(),
  actions: z.array(z.string()),
});

const quoteStatus = z.enum(['requested', 'answered', 'waiting-verification', 'timed-out']);

/** One row of the cover plan (domain ordering/plan.ts `PlanLine`). */
const planLine = z.object({
  key: z.string(),
  insuranceTypeInfoId: z.number(),
  insuranceTypeInfoName: z.string(),
  uavInfoId: nullableString,
  uavInfoName: nullableString,
  quantity: z.number(),
  insuranceAmount: z.number(),
  guaranteeTerm: z.number(),
  siteSize: nullableNumber,
  staffCount: nullableNumber,
  studentCount: nullableNumber,
});

/** One cover line of an order and each insurer's answer for it (domain ordering/api.ts `PlanRow`). */
const planRow = planLine.extend({
  isTotal: z.literal(false).optional(),
  orderInfoId: z.string(),
  state: z.number(),
  insuranceCompanyList: z.array(
    z.object({
      insuranceCompanyId: z.number(),
      insuranceCompanyName: z.string(),
      status: z.enum(['requested', 'quoted', 'waiting-verification', 'declined', 'timed-out']),
      insurancePremium: nullableNumber,
      deductiblePremiumString: nullableString,
      quotedPriceDate: nullableString,
      remark: nullableString,
    }),
  ),
});

/** The totals row closing the plan (domain ordering/api.ts `TotalsRow`). */
const totalsRow = z.object({
  orderInfoId: z.string(),
  key: z.literal('total'),
  isTotal: z.literal(true),
  insuranceTypeInfoName: z.string(),
  state: z.number(),
  insuranceCompanyList: z.array(
    z.object({
      insuranceCompanyId: z.number(),
      insuranceCompanyName: z.string(),
      status: quoteStatus,
      total: nullableNumber,
      quotedAll: z.boolean(),
      canInsure: z.boolean(),
      termsConfirmed: z.boolean(),
      validUntil: nullableString,
      expired: z.boolean(),
    }),
  ),
});
const planOrTotal = z.union([planRow, totalsRow]);

/** Each insurer's progress over the whole plan (domain ordering/api.ts `QuoteProgress`). */
const quoteProgress = z.object({
  insuranceCompanyId: z.number(),
  insuranceCompanyName: z.string(),
  requestId: z.string(),
  status: quoteStatus,
  requestedAt: z.string(),
  answerDueAt: z.string(),
  deadlineAt: z.string(),
  total: nullableNumber,
  quotedAll: z.boolean(),
  validUntil: nullableString,
  attempt: z.number(),
});

/** An insurer's answer for one line, with the rules that made it (domain ordering/order.events.ts `LineAnswer`). */
const lineAnswer = z
  .discriminatedUnion('kind', [
    z.object({ key: z.string(), kind: z.literal('quoted'), premium: z.number(), deductible: z.string() }),
    z.object({ key: z.string(), kind: z.literal('manual'), reason: z.string(), customerReason: z.string().optional() }),
    z.object({
      key: z.string(),
      kind: z.literal('declined'),
      reason: z.string(),
      customerReason: z.string().optional(),
    }),
  ])
  .and(
    z.object({
      rules: z.array(z.object({ ruleId: z.string(), version: z.number() })).optional(),
      trace: trace.optional(),
      ratedOn: z.string().optional(),
    }),
  );

/** An order being quoted, each insurer's progress with its answers per line (back office). */
const quotingRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  userName: z.string(),
  orderType: z.union([z.literal(0), z.literal(1)]),
  round: z.number(),
  lines: z.array(planLine),
  insurers: z.array(
    quoteProgress.extend({
      answers: z.record(z.string(), lineAnswer),
      deskStatus: z.enum(['waiting', 'manual', 'quoted', 'declined', 'timed-out']),
    }),
  ),
});

/** The order form as entered (domain ordering/form.ts), and what the platform adds (state, quotes, policy). */
const orderDetails = orderFormSchema.extend({
  id: z.string(),
  orderNo: z.string(),
  orderType: z.union([z.literal(0), z.literal(1)]),
  orderTime: z.string(),
  state: z.number().describe('docs/glossary.md "Order states"'),
  actions: z.array(z.string()),
  userName: z.string(),
  policyNo: nullableString,
  startDate: nullableString,
  endDate: nullableString,
  totalPremium: nullableNumber,
  insuranceCompanyId: nullableNumber,
  insuranceCompanyName: nullableString,
  revokeReason: nullableString,
  revokeReasonTxt: nullableString,
  ...renewalChainSchema,
  payment: orderPaymentSchema.describe('docs/api/payments.md'),
  insurancePlanList: z.array(planOrTotal),
  quoteProgress: z.array(quoteProgress),
  cancellation: cancellationViewSchema.nullable().describe('docs/api/cancellation.md'),
  requirements: storedRequirementsSchema.nullable().describe('投保要求, docs/api/requirements.md'),
});

/** One order on the quote desk: its lines and a cell per insurer (domain ordering/quoteDesk.ts `QuoteDeskRow`). */
const quoteDeskRow = z.object({
  id: z.string(),
  orderNo: z.string(),
  userName: z.string(),
  orderType: z.union([z.literal(0), z.literal(1)]),
  state: z.number(),
  round: z.number(),
  updatedAt: z.string(),
  nextDeadlineAt: nullableString,
  lines: z.array(
    z.object({
      key: z.string(),
      insuranceTypeInfoName: z.string(),
      uavInfoName: nullableString,
      quantity: z.number(),
      insuranceAmount: z.number(),
      guaranteeTerm: z.number(),
    }),
  ),
  cells: z.array(
    z.object({
      insuranceCompanyId: z.number(),
      insuranceCompanyName: z.string(),
      requestId: z.string(),
      attempt: z.number(),
      status: z.enum(['waiting', 'manual', 'quoted', 'declined', 'timed-out', 'expired']),
      total: nullableNumber,
      answers: z.array(
        z.object({
          key: z.string(),
          kind: z.enum(['quoted', 'manual', 'declined', 'pending']),
          premium: nullableNumber,
          deductible: nullableString,
          reason: nullableString,
        }),
      ),
      requestedAt: z.string(),
      answerDueAt: z.string(),
      deadlineAt: z.string(),
      workingDaysLeft: nullableNumber,
      overdue: z.boolean(),
      validUntil: nullableString,
    }),
  ),
});

/** domain ordering/catalogue.ts `Insurer`. */
const insurer = z.object({ id: z.number(), name: z.string(), logo: z.string(), quoteValidityDays: z.number() });
/** domain ordering/catalogue.ts `InsuranceType`: type is the cover kind, groupCode the cover group. */
const insuranceType = z.object({
  id: z.number(),
  name: z.string(),
  remark: z.string(),
  type: z.number(),
  groupCode: z.number(),
  orderTypes: z.array(z.number()),
});

const page = <T extends z.ZodType>(row: T) =>
  z.object({ datas: z.array(row), currentPage: z.number(), pageSize: z.number(), totalCount: z.number() });

export const orderingQueryDocs: RouteDocs = {
  'GET /api/v1/uav/order/listInsuranceCompany': {
    summary: '保险公司列表',
    data: z.array(insurer),
  },
  'GET /api/v1/uav/order/listInsuranceType': {
    summary: '险种列表',
    data: z.array(insuranceType),
  },
  'GET /api/v1/uav/order/listDroneBrand': {
    summary: '无人机品牌',
    data: z.array(z.object({ name: z.string(), children: z.array(z.object({ name: z.string() })) })),
  },
  'GET /api/v1/uav/order/listRegion': {
    summary: '省份',
    data: z.array(z.object({ code: z.string(), name: z.string() })),
  },
  'POST /api/v1/uav/order/getAllPrice': {
    summary: '试算保费',
    body: orderFormSchema,
    data: z
      .object({ minPrice: z.number().nullable(), maxPrice: z.number().nullable() })
      .describe('the message carries the same range as JSON text'),
    codes: [ResultCode.badRequest],
  },
  'POST /api/v1/uav/order/page': { summary: '我的投保单', data: page(orderRow) },
  'GET /api/v1/uav/order/orderDetails': { summary: '投保单详情', data: orderDetails },
  'GET /api/v1/uav/order/listInsurancePlan': { summary: '投保单的险种与报价', data: z.array(planOrTotal) },
  'GET /api/v1/uav/order/getdronedata': {
    summary: '保单中的无人机',
    // A drone of an insured order's form, its device numbers narrowed to the ones asked, and the policy.
    data: z.array(droneSchema.extend({ policyNo: z.string() })),
  },
  'GET /api/v1/uav/backoffice/quoteDesk': {
    summary: '报价台（后台；可按订单号前缀、完整手机号查询）',
    data: page(quoteDeskRow).extend({ days: z.number() }),
  },
  'GET /api/v1/uav/backoffice/quoteProgress': { summary: '询价进度（后台）', data: page(quotingRow) },
};

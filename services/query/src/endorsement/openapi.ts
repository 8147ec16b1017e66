import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const changeRow = z.object({
  kind: z.enum(['addDrone', 'removeDrone', 'changeAmount', 'changeContact']),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  premiumDifference: z.number(),
});
const line = z.object({
  key: z.string().nullable(),
  oldKey: z.string().nullable(),
  label: z.string(),
  oldAmount: z.number().nullable(),
  newAmount: z.number().nullable(),
  oldPremium: z.number().nullable(),
  newPremium: z.number().nullable(),
  difference: z.number(),
  referred: z.string().nullable(),
  declined: z.string().nullable(),
});
const quote = z.object({
  effectiveDate: z.string(),
  daysLeft: z.number(),
  termDays: z.number(),
  lines: z.array(line),
  rows: z.array(changeRow),
  subtotal: z.number(),
  minimumApplied: z.enum(['extra', 'return']).nullable(),
  total: z.number(),
  newTotalPremium: z.number(),
  refusal: z.string().nullable(),
  referral: z.string().nullable(),
});
const view = z.object({
  endorsementId: z.string(),
  endorsementNo: z.string(),
  status: z.enum(['pending', 'referred', 'awaitingPayment', 'endorsed', 'declined', 'withdrawn']),
  statusLabel: z.string(),
  changes: z.array(z.record(z.string(), z.unknown())),
  effectiveDate: z.string(),
  confirmedTotal: z.number(),
  quote: quote.nullable(),
  requestedAt: z.string(),
  answerDueAt: z.string(),
  deadlineAt: z.string(),
  referral: z.string().nullable(),
  reason: z.string().nullable(),
  approvedBy: z.string().nullable(),
  payment: z.object({ tradeNo: z.string(), amount: z.number(), dueAt: z.string() }).nullable(),
  settledAt: z.string().nullable(),
  removedDeviceNumbers: z.array(z.string()),
  referredLines: z.array(z.object({ key: z.string(), label: z.string(), reason: z.string() })),
});

/** 批改's query routes (docs/api/endorsement.md). */
export const endorsementQueryDocs: RouteDocs = {
  'POST /api/v1/uav/order/endorsement/price': {
    summary: '批改试算：逐险种的原保费、新保费、剩余天数比例的差额，最低保费，合计加费或退费',
    data: quote.extend({
      removedDeviceNumbers: z.array(z.string()),
      terms: z.object({ minimumExtra: z.number(), minimumReturn: z.number(), referAbove: z.number().nullable() }),
    }),
    codes: [40400, 40900],
  },
  'GET /api/v1/uav/order/endorsement': {
    summary: '订单的最近一次批改（状态、逐项差额、待支付的加费）',
    data: z.object({ id: z.string(), policyVersion: z.number().nullable(), endorsement: view.nullable() }),
    codes: [40400],
  },
  'GET /api/v1/uav/backoffice/endorsements': {
    summary: '报价台的批改队列（等待时长、截止时间，最早的在前）',
    data: z.object({
      datas: z.array(
        view.extend({
          orderId: z.string(),
          orderNo: z.string(),
          policyNo: z.string().nullable(),
          userName: z.string(),
          insuranceCompanyName: z.string().nullable(),
          ageHours: z.number(),
          overdue: z.boolean(),
        }),
      ),
      totalCount: z.number(),
    }),
  },
};

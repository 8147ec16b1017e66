import { z } from 'zod';
import { orderFormSchema } from '@feibao/domain/ordering/form';
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
  actions: z.array(z.string()),
});

/** One cover line of an order and the insurers' answers for it. */
const planLine = z.looseObject({
  orderInfoId: z.string(),
  key: z.string(),
  state: z.number(),
  insuranceCompanyList: z.array(z.looseObject({})),
});

/** The order form as entered, and what the platform adds (state, quotes, policy). */
const orderDetails = z.looseObject({
  id: z.string(),
  orderNo: z.string(),
  orderType: z.number(),
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
  revokeReason: z.unknown(),
  uavInfoList: z.array(z.looseObject({ name: z.string() })),
  insurancePlanList: z.array(planLine),
  quoteProgress: z.array(z.looseObject({})),
});

const page = <T extends z.ZodType>(row: T) =>
  z.object({ datas: z.array(row), currentPage: z.number(), pageSize: z.number(), totalCount: z.number() });

export const orderingQueryDocs: RouteDocs = {
  'GET /api/v1/uav/order/listInsuranceCompany': {
    summary: '保险公司列表',
    data: z.array(z.looseObject({ id: z.number(), name: z.string() })),
  },
  'GET /api/v1/uav/order/listInsuranceType': {
    summary: '险种列表',
    data: z.array(z.looseObject({ id: z.number(), name: z.string(), type: z.number() })),
  },
  'GET /api/v1/uav/order/listDroneBrand': {
    summary: '无人机品牌',
    data: z.array(z.object({ name: z.string(), children: z.array(z.object({ name: z.string() })) })),
  },
  'GET /api/v1/uav/order/listRegion': {
    summary: '省份',
    data: z.array(z.looseObject({ code: z.string(), name: z.string() })),
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
  'GET /api/v1/uav/order/listInsurancePlan': { summary: '投保单的险种与报价', data: z.array(planLine) },
  'GET /api/v1/uav/order/getdronedata': {
    summary: '保单中的无人机',
    data: z.array(z.looseObject({ deviceNumber: z.string(), policyNo: z.string() })),
  },
  'GET /api/v1/uav/backoffice/quoteDesk': {
    summary: '报价台（后台）',
    data: page(z.looseObject({})).extend({ days: z.number() }),
  },
  'GET /api/v1/uav/backoffice/quoteProgress': { summary: '询价进度（后台）', data: page(z.looseObject({})) },
  'GET /api/v1/uav/backoffice/quote/why': { summary: '报价原因（后台）' },
};

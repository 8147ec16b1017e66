import { z } from 'zod';
import { auditKinds } from '@feibao/domain/audit/api';
import { auditChanges } from '@feibao/domain/audit/changeKinds';
import type { RouteDocs } from '@feibao/platform/http/openapi';
import { historyRow } from '../claims/openapi.ts';

/** domain audit/api.ts `AuditSearchRow`: an order or a claim as the search and the related list show it. */
const searchRow = z.object({
  kind: z.enum(auditKinds),
  id: z.string(),
  number: z.string(),
  policyNo: z.string().nullable(),
  phone: z.string(),
  companyName: z.string().nullable(),
  state: z.number().nullable(),
  stateName: z.string(),
  updatedAt: z.string(),
});

/** domain audit/api.ts `AuditSubject`: the timeline's header. */
const subject = searchRow.extend({
  orderId: z.string(),
  insurerName: z.string().nullable(),
  amount: z.number().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
});

export const auditQueryDocs: RouteDocs = {
  'GET /api/v1/uav/backoffice/audit/search': {
    summary: '审计：按单号、保单号、手机号搜索',
    data: z.object({
      datas: z.array(searchRow),
      currentPage: z.number(),
      pageSize: z.number(),
      totalCount: z.number(),
    }),
  },
  'GET /api/v1/uav/backoffice/audit/history': {
    summary: '审计：一张投保单或理赔单的历史',
    data: z.object({
      subject,
      changes: z.array(z.object({ change: z.enum(auditChanges), name: z.string(), count: z.number() })),
      entries: z.array(historyRow.extend({ change: z.enum(auditChanges) })),
      related: z.array(searchRow),
    }),
  },
  'GET /api/v1/uav/backoffice/audit/history.csv': {
    summary: '审计历史 CSV',
    rawSuccess: { contentType: 'text/csv', description: 'CSV' },
  },
};

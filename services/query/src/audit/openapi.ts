import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const subject = z.looseObject({
  kind: z.string(),
  id: z.string(),
  number: z.string(),
  policyNo: z.string().nullable(),
  phone: z.string(),
  companyName: z.string().nullable(),
  state: z.number(),
  stateName: z.string(),
  updatedAt: z.string(),
});

export const auditQueryDocs: RouteDocs = {
  'GET /api/v1/uav/backoffice/audit/search': {
    summary: '审计：按单号、保单号、手机号搜索',
    data: z.object({
      datas: z.array(subject),
      currentPage: z.number(),
      pageSize: z.number(),
      totalCount: z.number(),
    }),
  },
  'GET /api/v1/uav/backoffice/audit/history': {
    summary: '审计：一张投保单或理赔单的历史',
    data: z.object({
      subject,
      changes: z.array(z.object({ change: z.string(), name: z.string(), count: z.number() })),
      entries: z.array(z.looseObject({ change: z.string(), position: z.number(), operateDate: z.string() })),
      related: z.array(subject),
    }),
  },
  'GET /api/v1/uav/backoffice/audit/history.csv': {
    summary: '审计历史 CSV',
    rawSuccess: { contentType: 'text/csv', description: 'CSV' },
  },
};

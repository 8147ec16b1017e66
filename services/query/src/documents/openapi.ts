import { z } from 'zod';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const pdf = { contentType: 'application/pdf', description: 'PDF（Content-Disposition 带中文文件名）' };

const certificateRow = z.object({
  certificateId: z.string(),
  certificateNo: z.string(),
  holder: z.object({
    name: z.string(),
    idNumber: z.string(),
    address: z.string().nullable(),
    purpose: z.string().nullable(),
  }),
  status: z.enum(['pending', 'issued', 'withdrawn']),
  statusText: z.string(),
  addedAt: z.string(),
  issuedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  actions: z.array(z.enum(['download', 'withdraw'])),
});

export const documentQueryDocs: RouteDocs = {
  'GET /api/v1/uav/order/policyDocument': {
    summary: '下载电子保单',
    rawSuccess: pdf,
    codes: [ResultCode.notFound, ResultCode.conflict],
  },
  'GET /api/v1/uav/order/certificate/list': {
    summary: '电子保单与投保证明列表',
    data: z.object({
      orderId: z.string(),
      policyNo: z.string().nullable(),
      policy: z
        .object({
          documentId: z.string(),
          policyNo: z.string(),
          fileName: z.string(),
          issuedAt: z.string(),
          pages: z.number(),
          bytes: z.number(),
          verificationCode: z.string(),
          contentSha256: z.string(),
        })
        .nullable(),
      actions: z.array(z.enum(['downloadPolicy', 'addCertificate'])),
      certificates: z.array(certificateRow),
    }),
    codes: [ResultCode.notFound],
  },
  'GET /api/v1/uav/order/certificate/download': {
    summary: '下载投保证明',
    rawSuccess: pdf,
    codes: [ResultCode.notFound, ResultCode.conflict],
  },
};

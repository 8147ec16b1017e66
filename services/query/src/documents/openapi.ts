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

const fileFacts = z.object({
  fileName: z.string(),
  issuedAt: z.string(),
  verificationCode: z.string(),
  contentSha256: z.string(),
});
const versionRow = z.object({
  version: z.number().int(),
  endorsementNo: z.string().nullable().describe('批单号；第1版为 null'),
  effectiveDate: z.string().nullable(),
  premiumDifference: z.number().nullable().describe('批改保费差额：正为加收，负为退还'),
  current: z.boolean(),
  policy: fileFacts.nullable().describe('该版本的电子保单；生成中为 null'),
  endorsement: fileFacts.nullable().describe('使保单成为该版本的批单；第1版或生成中为 null'),
});

export const documentQueryDocs: RouteDocs = {
  'GET /api/v1/uav/order/policyDocument': {
    summary: '下载电子保单（version 指定历史版本，缺省为当前版本）',
    rawSuccess: pdf,
    codes: [ResultCode.badRequest, ResultCode.notFound, ResultCode.conflict],
  },
  'GET /api/v1/uav/order/endorsementDocument': {
    summary: '下载批单（version 为批改后的保单版本）',
    rawSuccess: pdf,
    codes: [ResultCode.badRequest, ResultCode.notFound, ResultCode.conflict],
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
      versions: z.array(versionRow).describe('保单版本记录，最新在前'),
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

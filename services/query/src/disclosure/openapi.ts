import { z } from 'zod';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const text = z.object({
  key: z.string(),
  kind: z.enum(['customerNotice', 'purchaseInstructions', 'exclusions']),
  kindName: z.string(),
  coverId: z.number().nullable(),
  coverName: z.string().nullable(),
  version: z.number(),
  title: z.string(),
  body: z.string(),
  sha256: z.string(),
  publishedAt: z.string(),
  reason: z.string(),
});
const product = z.object({ coverId: z.number(), name: z.string(), clauseName: z.string(), registrationNo: z.string() });

const pdf = { contentType: 'application/pdf', description: 'PDF（Content-Disposition 带中文文件名）' };
const recordText = z.object({ title: z.string(), kindName: z.string(), version: z.number(), sha256: z.string() });

export const disclosureQueryDocs: RouteDocs = {
  'GET /api/v1/uav/backoffice/audit/purchaseRecord': {
    summary: '投保过程记录：创建、报价、展示与确认条款（版本、IP、设备）、投保、支付、出单，各环节时间',
    data: z.object({
      orderId: z.string(),
      orderNo: z.string(),
      owner: z.string(),
      steps: z.array(
        z.object({
          kind: z.string(),
          title: z.string(),
          at: z.string(),
          details: z.array(z.string()),
          texts: z.array(recordText).optional(),
          ip: z.string().optional().describe('部分隐藏'),
          device: z.string().optional(),
        }),
      ),
    }),
    codes: [ResultCode.badRequest, ResultCode.notFound],
  },
  'GET /api/v1/uav/backoffice/audit/purchaseRecord/pdf': {
    summary: '投保过程记录 PDF',
    rawSuccess: pdf,
    codes: [ResultCode.badRequest, ResultCode.notFound],
  },
  'GET /api/v1/uav/public/disclosure': {
    summary: '信息披露：经纪公司、合作保险公司及产品条款、投诉渠道、电子保单与发票、隐私（无需登录）',
    data: z.object({
      broker: z.object({
        name: z.string(),
        licence: z.string(),
        licenceIssuer: z.string(),
        registeredCapital: z.string(),
        address: z.string(),
        businessScope: z.array(z.string()),
        platform: z.string(),
        website: z.string(),
        servicePhone: z.string(),
      }),
      insurers: z.array(z.object({ id: z.number(), name: z.string(), products: z.array(product) })),
      complaint: z.object({
        phone: z.string(),
        email: z.string(),
        address: z.string(),
        promise: z.string(),
        regulator: z.string(),
      }),
      delivery: z.object({ policy: z.string(), invoice: z.string(), privacy: z.string() }),
      texts: z.array(text),
    }),
    codes: [ResultCode.tooManyRequests],
  },
  'GET /api/v1/uav/public/disclosure/text': {
    summary: '信息披露文本的某一版本（不填版本为现行版本；旧版本始终可读）',
    data: text,
    codes: [ResultCode.badRequest, ResultCode.notFound, ResultCode.tooManyRequests],
  },
  'GET /api/v1/uav/order/purchaseTerms': {
    summary: '投保前须阅读确认的条款（客户告知书、投保须知、所选险种的免责条款，现行版本）',
    data: z.object({
      orderId: z.string(),
      insuranceCompanyId: z.number(),
      insuranceCompanyName: z.string(),
      texts: z.array(text),
      confirmedAt: z.string().nullable(),
    }),
    codes: [ResultCode.badRequest, ResultCode.notFound, ResultCode.conflict],
  },
  'GET /api/v1/uav/backoffice/disclosure/texts': {
    summary: '信息披露文本及其全部版本（管理员）',
    data: z.array(
      z.object({
        key: z.string(),
        kind: z.string(),
        kindName: z.string(),
        coverId: z.number().nullable(),
        coverName: z.string().nullable(),
        current: z.number(),
        versions: z.array(text.extend({ publishedBy: z.string() })),
      }),
    ),
  },
};

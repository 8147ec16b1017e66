import { z } from 'zod';
import { ResultCode } from '@feibao/domain/shared/codes';
import { verificationStatuses } from '@feibao/domain/verification/status';
import type { RouteDocs } from '@feibao/platform/http/openapi';

/** domain verification/api.ts `VerificationAnswer`. */
const answer = z.object({
  status: z.enum(verificationStatuses as [string, ...string[]]),
  statusText: z.string(),
  document: z
    .object({
      kind: z.enum(['policy', 'certificate', 'endorsement']),
      kindText: z.string(),
      insurer: z.string(),
      policyholder: z.string(),
      period: z.object({ startDate: z.string(), endDate: z.string(), text: z.string() }),
      covers: z.array(z.object({ name: z.string(), sumInsured: z.number() })),
      droneCount: z.number(),
      holder: z.string().nullable(),
      contentSha256: z.string(),
      version: z.number().int().optional().describe('电子保单或批单的保单版本；投保证明无此字段'),
      currentVersion: z.number().int().optional().describe('保单当前版本'),
      versionText: z.string().nullable().optional().describe('如“已批改，当前为第2版”'),
      endorsement: z
        .object({ endorsementNo: z.string(), version: z.number().int(), effectiveDate: z.string() })
        .nullable()
        .optional()
        .describe('批单号、批改后版本、批改生效日；其他单证为 null'),
    })
    .nullable(),
});

export const verificationQueryDocs: RouteDocs = {
  'GET /api/v1/uav/verify': {
    summary: '保单/投保证明验真（按验证码，公开，限频）',
    data: answer,
    codes: [ResultCode.tooManyRequests],
  },
  'POST /api/v1/uav/verify/file': {
    summary: '保单/投保证明验真（上传 PDF 原始字节，application/pdf，最大 5 MB，公开，限频）',
    data: answer,
    bodyContentType: 'application/pdf',
    codes: [ResultCode.badRequest, ResultCode.tooLarge, ResultCode.unsupportedMedia, ResultCode.tooManyRequests],
  },
};

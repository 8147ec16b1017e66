import { z } from 'zod';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

export const disclosureCommandDocs: RouteDocs = {
  'POST /api/v1/uav/order/purchaseTerms/shown': {
    summary: '记录投保前展示的条款（客户告知书、投保须知、免责条款的版本，IP 与设备）',
    data: z.object({ id: z.string() }),
    codes: [ResultCode.badRequest, ResultCode.conflict, ResultCode.notFound],
  },
  'POST /api/v1/uav/order/purchaseTerms/confirm': {
    summary: '确认已阅读并同意条款（投保前必须；条款有新版本时须重新阅读）',
    data: z.object({ id: z.string(), insuranceCompanyId: z.number() }),
    codes: [ResultCode.badRequest, ResultCode.conflict, ResultCode.notFound],
  },
  'POST /api/v1/uav/backoffice/disclosure/publish': {
    summary: '发布信息披露文本的新版本（须填写修改原因，旧版本保留）',
    data: z.object({ key: z.string(), version: z.number() }),
    codes: [ResultCode.badRequest, ResultCode.conflict, ResultCode.forbidden],
  },
};

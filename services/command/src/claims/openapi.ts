import { z } from 'zod';
import { claimFormSchema } from '@feibao/domain/claims/form';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const claimId = z.object({ id: z.string() });
/** The claim form with its id: save and submit read it themselves (routes.ts `acceptForm`). */
const claimBody = z.object({ id: z.string() }).and(claimFormSchema);

/** domain claims/claim.events.ts `FieldChange`: one changed field of the form. */
const fieldChange = z.object({
  moduleName: z.string(),
  path: z.string(),
  fieldName: z.string(),
  operateType: z.enum(['新增', '修改', '删除']),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});

export const claimCommandDocs: RouteDocs = {
  'GET /api/v1/uav/claim/settlement/createClaimSettlement': {
    summary: '申请理赔（已有未结案理赔单时 30000，data 为其编号）',
    data: z.string().describe('the new claim id (30000: the open claim id)'),
    codes: [ResultCode.special],
  },
  'POST /api/v1/uav/claim/settlement/save': {
    summary: '暂存理赔单',
    body: claimBody,
    data: claimId,
    codes: [ResultCode.badRequest],
  },
  'POST /api/v1/uav/claim/settlement/submit': {
    summary: '提交理赔单',
    body: claimBody,
    data: claimId,
    codes: [ResultCode.badRequest],
  },
  'GET /api/v1/uav/claim/settlement/back': { summary: '退回编辑', data: claimId },
  'GET /api/v1/uav/claim/settlement/revocation': { summary: '撤回理赔', data: claimId },
  'POST /api/v1/uav/claim/settlement/revocation': { summary: '撤回理赔', data: claimId },
  'POST /api/v1/uav/claim/settlement/contrast': {
    summary: '比对修改（管理员）',
    body: claimBody,
    data: z.object({ id: z.string(), version: z.number(), rows: z.array(fieldChange) }),
  },
  'POST /api/v1/uav/claim/settlement/saveLog': { summary: '保存修改及说明（管理员）', data: claimId },
  'POST /api/v1/uav/claim/settlement/accept': { summary: '受理', data: claimId },
  'POST /api/v1/uav/claim/settlement/requestEvidence': { summary: '要求补充材料', data: claimId },
  'POST /api/v1/uav/claim/settlement/assess': {
    summary: '定损（按险种逐项；明细见理赔详情 assessment）',
    data: claimId,
  },
  'POST /api/v1/uav/claim/settlement/close': { summary: '结案', data: claimId },
  'POST /api/v1/uav/claim/settlement/reopen': { summary: '重新打开', data: claimId },
  'POST /api/v1/uav/claim/settlement/assign': {
    summary: '分派理赔人员',
    data: z.object({ id: z.string(), assignee: z.string().nullable() }),
  },
  'POST /api/v1/uav/claim/settlement/uploadBatch': {
    summary: '上传理赔图片',
    bodyContentType: 'multipart/form-data',
    data: z.array(
      z.object({ id: z.string(), name: z.string(), fileUrl: z.string(), smallFileUrl: z.string().nullable() }),
    ),
    codes: [ResultCode.unsupportedMedia, ResultCode.tooLarge],
  },
  'POST /api/v1/uav/claim/settlement/updatePicBatch': { summary: '图片分类', data: z.object({ count: z.number() }) },
  'POST /api/v1/uav/claim/settlement/deletePicBatch': { summary: '删除图片', data: z.object({ count: z.number() }) },
};

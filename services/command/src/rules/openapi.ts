import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';
import {
  configEntryFields as configEntry,
  ruleCaseFields,
  ruleDefinition as definition,
  transpositionResults as transposition,
} from '@feibao/domain/rules/wire';

const versionStep = z.object({
  ruleId: z.string(),
  version: z.number(),
  status: z.string().nullable(),
  enabledVersion: z.number().nullable(),
});
/** An update names the case and what changed in it; the order it was copied from stays as created. */
const updatedCase = ruleCaseFields.omit({ orderId: true });

export const rulesCommandDocs: RouteDocs = {
  'POST /api/v1/rules/define': { summary: '新建规则', data: definition },
  'POST /api/v1/rules/definition/update': { summary: '修改规则定义', data: definition },
  'POST /api/v1/rules/stage/move': { summary: '调整规则阶段与顺序', data: definition },
  'POST /api/v1/rules/version/draft': {
    summary: '保存规则草稿',
    data: z.object({ ruleId: z.string(), version: z.number(), status: z.literal('draft') }),
  },
  'POST /api/v1/rules/version/submit': {
    summary: '提交审核',
    data: z.object({
      ruleId: z.string(),
      version: z.number(),
      status: z.literal('inReview'),
      enabledVersion: z.number().nullable(),
    }),
  },
  'POST /api/v1/rules/version/approve': { summary: '审批通过', data: versionStep },
  'POST /api/v1/rules/version/reject': { summary: '驳回', data: versionStep },
  'POST /api/v1/rules/version/enable': { summary: '启用版本', data: versionStep },
  'POST /api/v1/rules/version/retire': { summary: '停用版本', data: versionStep },
  'POST /api/v1/rules/config/create': { summary: '新增配置项', data: configEntry },
  'POST /api/v1/rules/config/update': { summary: '修改配置项', data: configEntry },
  'POST /api/v1/rules/config/disable': { summary: '停用配置项', data: configEntry },
  'POST /api/v1/rules/config/enable': { summary: '启用配置项', data: configEntry },
  'POST /api/v1/rules/cases/create': { summary: '新增规则案例', data: ruleCaseFields },
  'POST /api/v1/rules/cases/update': { summary: '修改规则案例', data: updatedCase },
  'POST /api/v1/rules/cases/delete': { summary: '删除规则案例', data: z.object({ caseId: z.string() }) },
  'POST /api/v1/rules/cases/fromOrder': { summary: '由订单生成案例', data: ruleCaseFields },
  'POST /api/v1/rules/batchTests/start': {
    summary: '开始批量测试',
    data: z.object({ runId: z.string(), status: z.literal('queued'), total: z.number() }),
  },
  'POST /api/v1/rules/transposition/import': {
    summary: '导入规则（JSON 或 xlsx，存为草稿）',
    bodyContentType: 'multipart/form-data',
    data: transposition,
  },
  'POST /api/v1/rules/transposition/copy': { summary: '复制规则为草稿', data: transposition },
};

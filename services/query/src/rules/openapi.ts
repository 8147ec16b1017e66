import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const versionSummary = z.object({ version: z.number(), status: z.string() });
const historyEntry = z.looseObject({ at: z.string(), by: z.string(), action: z.string() });

export const rulesQueryDocs: RouteDocs = {
  'GET /api/v1/rules/menu': {
    summary: '规则平台菜单',
    data: z.object({
      profile: z.object({
        name: z.string().nullable(),
        mobilePhone: z.string().nullable(),
        roles: z.array(z.string()),
        superUser: z.boolean(),
      }),
      menu: z.array(
        z.object({
          key: z.string(),
          title: z.string(),
          items: z.array(z.object({ route: z.string(), title: z.string() })),
        }),
      ),
    }),
  },
  'GET /api/v1/rules/list': {
    summary: '规则与版本',
    data: z.array(
      z.looseObject({
        ruleId: z.string(),
        enabledVersion: z.number().nullable(),
        versions: z.array(
          z.looseObject({
            ruleId: z.string(),
            version: z.number(),
            status: z.string(),
            history: z.array(historyEntry),
          }),
        ),
      }),
    ),
  },
  'GET /api/v1/rules/names': {
    summary: '规则名称',
    data: z.array(
      z.object({
        ruleId: z.string(),
        name: z.string().nullable(),
        stage: z.string().nullable(),
        versions: z.array(versionSummary),
      }),
    ),
  },
  'GET /api/v1/rules/version': {
    summary: '规则版本内容（JDM）',
    data: z.looseObject({
      ruleId: z.string(),
      version: z.number(),
      status: z.string(),
      content: z.looseObject({ nodes: z.array(z.looseObject({})), edges: z.array(z.looseObject({})) }),
      history: z.array(historyEntry),
    }),
  },
  'GET /api/v1/rules/version/batchTests': { summary: '版本的批量测试', data: z.array(z.looseObject({})) },
  'GET /api/v1/rules/batchTests/mine': {
    summary: '我的批量测试',
    data: z.object({
      datas: z.array(z.looseObject({})),
      totalCount: z.number(),
      currentPage: z.number(),
      pageSize: z.number(),
    }),
  },
  'POST /api/v1/rules/version/try': { summary: '试算规则版本' },
  'GET /api/v1/rules/cases': {
    summary: '规则案例',
    data: z.object({ list: z.array(z.looseObject({})), total: z.number(), page: z.number(), pageSize: z.number() }),
  },
  'GET /api/v1/rules/config': { summary: '规则配置' },
  'GET /api/v1/rules/transposition/export': {
    summary: '导出规则',
    rawSuccess: { contentType: 'application/octet-stream', description: 'the export file' },
  },
};

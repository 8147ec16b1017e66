import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';
import {
  configEntry,
  quoteWhy,
  ruleCase,
  ruleList,
  ruleVersion,
  runComparison,
  runDetail,
  runSummary,
  tryout,
} from '@feibao/domain/rules/wire';

const versionSummary = z.object({ version: z.number(), status: z.string() });

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
  'GET /api/v1/rules/list': { summary: '规则与版本', data: ruleList },
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
  'GET /api/v1/rules/version': { summary: '规则版本内容（JDM）', data: ruleVersion },
  'GET /api/v1/rules/version/batchTests': { summary: '版本的批量测试', data: z.array(runSummary) },
  'GET /api/v1/rules/batchTests/mine': {
    summary: '我的批量测试',
    data: z.object({
      datas: z.array(runSummary),
      totalCount: z.number(),
      currentPage: z.number(),
      pageSize: z.number(),
    }),
  },
  'GET /api/v1/rules/batchTests/detail': { summary: '批量测试详情（逐案例结果）', data: runDetail },
  'GET /api/v1/rules/batchTests/compare': { summary: '两次批量测试对比', data: runComparison },
  'POST /api/v1/rules/version/try': { summary: '试算规则版本', data: tryout },
  'GET /api/v1/rules/cases': {
    summary: '规则案例',
    data: z.object({ list: z.array(ruleCase), total: z.number(), page: z.number(), pageSize: z.number() }),
  },
  'GET /api/v1/rules/config': { summary: '规则配置', data: z.array(configEntry) },
  'GET /api/v1/uav/backoffice/quote/why': { summary: '报价原因（后台）', data: quoteWhy },
  'GET /api/v1/rules/transposition/export': {
    summary: '导出规则',
    rawSuccess: { contentType: 'application/octet-stream', description: 'the export file' },
  },
};

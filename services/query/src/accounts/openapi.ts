import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const currentUser = z.object({
  name: z.string(),
  nickName: z.string(),
  mobilePhone: z.string().nullable(),
  roles: z.array(z.string()),
  guest: z.boolean(),
});

/** The profile: what the user entered (personal or company fields) besides these. */
const profile = z.looseObject({
  name: z.string().nullish(),
  mobilePhone: z.string(),
  roles: z.array(z.string()),
  registerType: z.number(),
  profileComplete: z.boolean(),
  guest: z.boolean(),
});

const userRow = z.object({
  mobilePhone: z.string(),
  name: z.string().nullable(),
  companyName: z.string().nullable(),
  registerType: z.number(),
  roles: z.array(z.string()),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

export const accountQueryDocs: RouteDocs = {
  'GET /api/v1/uav/uc/currentUser': { summary: '当前用户', data: currentUser },
  'GET /api/v1/uav/user/getUserByUserName': { summary: '本人资料', data: profile },
  'GET /sso-platform/user/info': {
    summary: '规则平台用户信息（后台旧接口）',
    data: z.looseObject({ roles: z.array(z.string()), username: z.string(), avatar: z.string() }),
  },
  'GET /sso-platform/authorization/user/get': {
    summary: '规则平台当前用户',
    data: currentUser.extend({ username: z.string() }),
  },
  'GET /api/v1/uav/dev/sms/latest': {
    summary: '开发环境：最近一条短信验证码',
    data: z.looseObject({ code: z.string(), sentAt: z.string() }),
  },
  'GET /api/v1/uav/backoffice/users': {
    summary: '用户列表（后台）',
    data: z.object({
      datas: z.array(userRow),
      currentPage: z.number(),
      pageSize: z.number(),
      totalCount: z.number(),
    }),
  },
  'GET /api/v1/uav/backoffice/users/roleHistory': {
    summary: '角色变更记录',
    data: z.array(z.looseObject({ at: z.string(), by: z.string(), action: z.string(), roles: z.array(z.string()) })),
  },
};

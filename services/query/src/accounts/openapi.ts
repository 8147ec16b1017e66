import { z } from 'zod';
import type { RouteDocs } from '@feibao/platform/http/openapi';

const currentUser = z.object({
  name: z.string(),
  nickName: z.string(),
  mobilePhone: z.string().nullable(),
  roles: z.array(z.string()),
  guest: z.boolean(),
});

const optionalText = z.string().optional();

/**
 * The profile as stored (read-models accounts/userProfile `UserProfileDocument`): the account, and for a
 * company (registerType 2) what it entered on the enterprise form; ID numbers come masked to anyone else.
 */
const registeredProfile = z.object({
  name: z.string(),
  nickName: z.string(),
  mobilePhone: z.string(),
  registerType: z.union([z.literal(1), z.literal(2)]),
  roles: z.array(z.string()),
  role: z.string(),
  userRoles: z.array(z.string()),
  profileComplete: z.boolean(),
  registeredAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  guest: z.literal(false),
  companyName: optionalText,
  enterpriseName: optionalText,
  phone: optionalText,
  email: optionalText,
  address: optionalText,
  unifiedSocialCreditCode: optionalText,
  idCard: z.string().nullish(),
  theInsured: z.number().optional(),
  insuredType: z.number().nullish(),
  theInsuredName: optionalText,
  theInsuredPhone: optionalText,
  theInsuredEmail: optionalText,
  theInsuredAddress: optionalText,
  theInsuredUnifiedSocialCreditCode: optionalText,
  theInsuredIdCard: z.string().nullish(),
});
/** A guest's own profile: its session name and no account behind it. */
const guestProfile = z.object({
  name: z.string(),
  nickName: z.string(),
  mobilePhone: z.null(),
  roles: z.array(z.string()),
  guest: z.literal(true),
  profileComplete: z.literal(false),
});
const profile = z.union([registeredProfile, guestProfile]);

const userRow = z.object({
  mobilePhone: z.string(),
  name: z.string().nullable(),
  companyName: z.string().nullable(),
  registerType: z.number(),
  roles: z.array(z.string()),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

/** domain accounts/roleAdmin.ts `RoleHistoryEntry`, newest first. */
const roleHistoryEntry = z.object({
  at: z.string(),
  action: z.enum(['register', 'grant', 'revoke']),
  roles: z.array(z.string()),
  by: z.string(),
  reason: z.string(),
});

export const accountQueryDocs: RouteDocs = {
  'GET /api/v1/uav/uc/currentUser': { summary: '当前用户', data: currentUser },
  'GET /api/v1/uav/user/getUserByUserName': { summary: '本人资料', data: profile },
  'GET /sso-platform/user/info': {
    summary: '规则平台用户信息（后台旧接口）',
    data: z.object({
      roles: z.array(z.string()),
      name: z.string(),
      username: z.string(),
      avatar: z.string(),
      introduction: z.string(),
    }),
  },
  'GET /sso-platform/authorization/user/get': {
    summary: '规则平台当前用户',
    data: currentUser.extend({ username: z.string() }),
  },
  'GET /api/v1/uav/dev/sms/latest': {
    summary: '开发环境：最近一条短信验证码',
    // code: null for a message that carries none (the outbox keeps every text sent).
    data: z.object({ phone: z.string(), code: z.string().nullable(), text: z.string(), sentAt: z.string() }),
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
    data: z.array(roleHistoryEntry),
  },
};

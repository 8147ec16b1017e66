import { z } from 'zod';
import {
  enterpriseRegisterSchema,
  registerCompanySchema,
  registerPersonSchema,
} from '@feibao/domain/accounts/validation';
import { ResultCode } from '@feibao/domain/shared/codes';
import type { RouteDocs } from '@feibao/platform/http/openapi';

/** The signed-in user a session answer names (sessions.ts `sessionAnswer`). */
const sessionUser = z.object({
  name: z.string(),
  nickName: z.string(),
  mobilePhone: z.string().nullable(),
  roles: z.array(z.string()),
  guest: z.boolean(),
});

/**
 * A login-like answer (sessions.ts `sessionAnswer`): the older clients read `code` and the token
 * as `message` inside `data`, and `refresh_token` beside `refreshToken`.
 */
export const sessionData = z.object({
  code: z.literal(ResultCode.success),
  message: z.string().describe('the access token again, for older clients'),
  accessToken: z.string(),
  refreshToken: z.string(),
  refresh_token: z.string().describe('the same refresh token, for older clients'),
  expiresIn: z.number(),
  tokenType: z.string(),
  user: sessionUser,
});

/** The rule platform's logins answer the same session inside `data`, with `success: true` beside it. */
const ruleSessionData = sessionData.extend({ success: z.literal(true) });
const roleChange = z.object({ mobilePhone: z.string(), roles: z.array(z.string()) });

export const accountDocs: RouteDocs = {
  'POST /api/v1/uav/user/login': { summary: '密码登录', data: sessionData, codes: [ResultCode.tooManyRequests] },
  'POST /api/v1/uav/user/loginByPhone': { summary: '短信验证码登录', data: sessionData },
  'GET /api/v1/uav/user/phone': { summary: '发送短信验证码', data: z.null() },
  'POST /api/v1/uav/user/register': {
    summary: '注册（个人或企业）',
    body: z.union([registerPersonSchema, registerCompanySchema, enterpriseRegisterSchema]),
    data: sessionData,
    codes: [ResultCode.badRequest],
  },
  'POST /api/v1/uav/user/reset': { summary: '重置密码', data: sessionData },
  'POST /api/v1/uav/user/update': { summary: '修改本人资料', data: z.null() },
  'POST /api/v1/uav/user/guest': { summary: '访客登录', data: sessionData },
  'POST /api/v1/uav/user/refresh': { summary: '刷新令牌', data: sessionData, codes: [ResultCode.unauthorized] },
  'POST /api/v1/uav/user/logout': { summary: '退出登录', data: z.null() },
  'POST /api/v1/uav/uc/authorize': {
    summary: '签发一次性授权码',
    data: z.object({ code: z.string(), expiresIn: z.number() }),
  },
  'GET /api/v1/uav/uc/getToken': { summary: '用授权码换取令牌', data: sessionData },
  'POST /api/v1/uav/user/grantRoles': { summary: '授予角色（旧接口）', data: roleChange },
  'POST /api/v1/uav/backoffice/users/grantRoles': { summary: '授予角色', data: roleChange },
  'POST /api/v1/uav/backoffice/users/revokeRoles': { summary: '收回角色', data: roleChange },
  'GET /sso-platform/captcha/trigger': { summary: '是否需要图形验证码', data: z.object({ required: z.boolean() }) },
  'GET /sso-platform/captcha/get': {
    summary: '图形验证码图片',
    rawSuccess: { contentType: 'image/png', description: 'PNG; its key is in the Captcha-Key header' },
  },
  'POST /sso-platform/authencation/oauth2/login/user': {
    summary: '规则平台密码登录',
    data: ruleSessionData,
    codes: [ResultCode.forbidden, ResultCode.tooManyRequests],
  },
  'POST /sso-platform/authencation/oauth2/login/code': {
    summary: '规则平台短信登录',
    data: ruleSessionData,
    codes: [ResultCode.forbidden],
  },
  'POST /sso-platform/authencation/oauth2/login/tenant': {
    summary: '规则平台租户登录（旧接口）',
    data: ruleSessionData,
    codes: [ResultCode.forbidden],
  },
  'POST /sso-platform/user/login': {
    summary: '规则平台登录（后台旧接口）',
    data: z.object({ token: z.string(), refreshToken: z.string(), expiresIn: z.number() }),
    codes: [ResultCode.forbidden, ResultCode.tooManyRequests],
  },
};

import { describe, expect, it } from 'vitest';
import { enterpriseRegisterSchema } from '@feibao/domain/accounts/validation';
import { ApiError } from '../api/client.ts';
import { validate } from '../api/forms.ts';
import {
  REGISTER_FAILED,
  contactPhoneProblem,
  emptyEnterprise,
  enterprisePayload,
  registerFailureMessage,
} from './enterpriseRegister.ts';

const filled = {
  ...emptyEnterprise,
  companyName: ' 飞保企业 ',
  creditCode: '91310000MA1FL0000X',
  insuredName: '飞保企业',
  email: 'corp@feibao.test',
  insuredType: '3',
  contactPhone: '13912345678 ',
  verifyCode: '123456',
  password: 'abc123',
  confirmPassword: 'abc123',
};

describe('enterprise registration (web)', () => {
  it('sends the form under its own names, the type as a number, and passes the shared schema', () => {
    const payload = enterprisePayload(filled);
    expect(payload).toEqual({
      companyName: '飞保企业',
      creditCode: '91310000MA1FL0000X',
      insuredName: '飞保企业',
      email: 'corp@feibao.test',
      insuredType: 3,
      contactPhone: '13912345678',
      verifyCode: '123456',
      password: 'abc123',
      confirmPassword: 'abc123',
    });
    expect(validate(enterpriseRegisterSchema, payload).ok).toBe(true);
  });

  it('reports every empty field with its message', () => {
    const v = validate(enterpriseRegisterSchema, enterprisePayload(emptyEnterprise));
    expect(v.ok).toBe(false);
    expect(v.errors).toEqual({
      companyName: '请输入企业名称',
      creditCode: '请输入统一社会信用代码',
      insuredName: '请输入被保险人名称',
      email: '请输入邮箱',
      insuredType: '请选择被保险人类型',
      contactPhone: '请输入联系电话',
      verifyCode: '请输入验证码',
      password: '请输入密码',
      confirmPassword: '请再次输入密码',
    });
  });

  it('asks for the contact phone before sending a code, in the enterprise wording', () => {
    expect(contactPhoneProblem('')).toBe('请先输入联系电话');
    expect(contactPhoneProblem('12912345678')).toBe('手机号格式错误');
    expect(contactPhoneProblem('13912345678')).toBeNull();
  });

  it('words a failure 注册失败，请重试 and adds the reason the server names', () => {
    expect(REGISTER_FAILED).toBe('注册失败，请重试');
    expect(registerFailureMessage(new ApiError(40900, '该手机号已注册', 409))).toBe(
      '注册失败，请重试（该手机号已注册）',
    );
    expect(registerFailureMessage(new ApiError(40000, '验证码错误', 400))).toBe('注册失败，请重试（验证码错误）');
    expect(registerFailureMessage(new ApiError(50000, '服务器繁忙，请稍后再试', 500))).toBe('注册失败，请重试');
    expect(registerFailureMessage(new ApiError(0, '请求超时，请检查网络后重试', 0))).toBe('注册失败，请重试');
    expect(registerFailureMessage(new Error('boom'))).toBe('注册失败，请重试');
  });
});

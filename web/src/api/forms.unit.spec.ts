import { describe, expect, it } from 'vitest';
import {
  loginByPhoneSchema,
  loginSchema,
  messages,
  registerPersonSchema,
  updateProfileSchema,
} from '@feibao/domain/accounts/validation';
import { compact, countdownLabel, remFontSize, validate } from './forms.ts';

describe('validate()', () => {
  it('reports the shared schema messages per field', () => {
    const v = validate(loginSchema, { mobilePhone: '', password: '', rememberMe: false });
    expect(v.ok).toBe(false);
    expect(v.errors.mobilePhone).toBe('请输入用户名');
    expect(v.errors.password).toBe('请输入密码');
  });
  it('runs the mobile required pre-checks first', () => {
    const v = validate(loginByPhoneSchema, { mobilePhone: '', identifyingCode: '' }, [
      ['mobilePhone', messages.mobilePhoneRequired],
    ]);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.first).toBe('请填写手机号');
  });
  it('flags a bad phone with 手机号格式不正确', () => {
    const v = validate(loginByPhoneSchema, { mobilePhone: '12345', identifyingCode: '123456' });
    expect(v.errors.mobilePhone).toBe('手机号格式不正确');
  });
  it('requires the insured block only for a different insured', () => {
    const base = { enterpriseName: '飞保测试', theInsured: 2 };
    const v = validate(updateProfileSchema, base);
    expect(v.errors.theInsuredName).toBe(messages.insuredNameRequired);
    expect(validate(updateProfileSchema, { ...base, theInsured: 1 }).ok).toBe(true);
  });
  it('passes a complete person registration', () => {
    const v = validate(registerPersonSchema, {
      registerType: 1,
      name: '张三',
      mobilePhone: '13800000000',
      password: 'abcd1234',
      confirmPassword: 'abcd1234',
      identifyingCode: '123456',
    });
    expect(v.ok).toBe(true);
  });
});

describe('small helpers', () => {
  it('compact drops empty strings', () => {
    expect(compact({ a: ' ', b: ' x ', c: 0, d: null })).toEqual({ b: 'x', c: 0 });
  });
  it('countdown label', () => {
    expect(countdownLabel(0, false)).toBe('获取验证码');
    expect(countdownLabel(42, true)).toBe('42秒后重试');
    expect(countdownLabel(0, true)).toBe('重新获取');
  });
  it('rem base is width / 375 * 100', () => {
    expect(remFontSize(375)).toBe(100);
    expect(remFontSize(750)).toBe(200);
    expect(remFontSize(1280)).toBe(200);
  });
});

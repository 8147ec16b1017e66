import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  captchaMessages,
  captchaTriggerSchema,
  enterpriseRegisterSchema,
  isValidIdCard,
  leadSchema,
  loginByPhoneSchema,
  loginSchema,
  messages,
  registerCompanySchema,
  registerPersonSchema,
  registerSchemaFor,
  resetPasswordSchema,
  ruleCodeLoginSchema,
  ruleLoginSchema,
  tenantLoginSchema,
  updateProfileSchema,
} from './validation.ts';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

const person = {
  registerType: 1,
  name: '张三',
  mobilePhone: '13800000001',
  password: 'abcd1234',
  confirmPassword: 'abcd1234',
  identifyingCode: '123456',
};
const company = {
  registerType: 2,
  mobilePhone: '13800000001',
  password: 'abcd1234',
  confirmPassword: 'abcd1234',
  identifyingCode: '123456',
  enterpriseName: '飞保测试公司',
};

describe('ID card checksum', () => {
  it('accepts valid 18-character IDs, with X as check character', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(isValidIdCard('11010519491231002')).toBe(false);
    expect(isValidIdCard('11010519491231002x')).toBe(true);
  });
});

describe('account schemas carry the Chinese messages', () => {
  it.each([
    [loginSchema, { mobilePhone: '', password: 'x' }, messages.userNameRequired],
    [loginSchema, { mobilePhone: '13800000001', password: '' }, messages.passwordRequired],
    [loginSchema, { mobilePhone: '2380000000', password: 'x' }, messages.phoneFormat],
    [loginByPhoneSchema, { mobilePhone: '', identifyingCode: '123456' }, messages.mobilePhoneRequired],
    [loginByPhoneSchema, { mobilePhone: '1380000000', identifyingCode: '123456' }, messages.phoneFormat],
    [loginByPhoneSchema, { mobilePhone: '13800000001', identifyingCode: '' }, messages.codeRequired],
    [loginByPhoneSchema, { mobilePhone: '13800000001', identifyingCode: '1234' }, messages.codeFormat],
    [registerPersonSchema, { ...person, name: '' }, messages.userNameRequired],
    [registerPersonSchema, { ...person, mobilePhone: '' }, messages.phoneRequired],
    [registerPersonSchema, { ...person, password: '' }, messages.passwordRequired],
    [registerPersonSchema, { ...person, password: 'abc123', confirmPassword: 'abc123' }, messages.passwordMin8],
    [registerPersonSchema, { ...person, confirmPassword: 'abcd12345' }, messages.passwordMismatch],
    [registerPersonSchema, { ...person, identifyingCode: '' }, messages.codeRequired],
    [
      resetPasswordSchema,
      { ...person, registerType: 1, password: 'short', confirmPassword: 'short' },
      messages.passwordMin8,
    ],
    [registerCompanySchema, { ...company, enterpriseName: '' }, messages.enterpriseNameRequired],
    [registerCompanySchema, { ...company, unifiedSocialCreditCode: '91310000ma1fl0000x' }, messages.creditCodeFormat],
    [registerCompanySchema, { ...company, email: 'not-an-email' }, messages.emailFormat],
    [registerCompanySchema, { ...company, phone: '12800000000' }, messages.contactPhoneFormat],
    [registerCompanySchema, { ...company, idCard: '110105194912310021' }, messages.idCardFormat],
    [
      registerCompanySchema,
      { ...company, theInsured: 2, theInsuredPhone: '13900000000' },
      messages.insuredNameRequired,
    ],
    [registerCompanySchema, { ...company, theInsured: 2, theInsuredName: '乙方' }, messages.insuredPhoneRequired],
    [updateProfileSchema, { enterpriseName: '' }, messages.enterpriseNameRequired],
    [updateProfileSchema, { enterpriseName: '甲', address: '999999' }, messages.addressInvalid],
    [
      enterpriseRegisterSchema,
      {
        companyName: '甲',
        creditCode: '123',
        insuredName: '乙',
        email: 'a@b.cn',
        insuredType: 1,
        contactPhone: '13900000000',
        verifyCode: '123456',
        password: 'abc123',
        confirmPassword: 'abc123',
      },
      messages.creditCodeFormat,
    ],
    [
      enterpriseRegisterSchema,
      {
        companyName: '甲',
        creditCode: '91310000MA1FL0000X',
        insuredName: '乙',
        email: 'a@b.cn',
        insuredType: 1,
        contactPhone: '13900000000',
        verifyCode: '123456',
        password: 'abcdef',
        confirmPassword: 'abcdef',
      },
      messages.passwordEnterprise,
    ],
    [leadSchema, { phone: '' }, messages.contactPhoneRequired],
    [leadSchema, { phone: '13900000000', mailbox: 'x@' }, messages.emailFormat],
  ] as const)('%#: refuses with its message', (schema, value, message) => {
    expect(firstMessage(schema as z.ZodType, value)).toBe(message);
  });

  it('accepts well-formed forms and treats empty optional fields as absent', () => {
    expect(registerPersonSchema.parse(person)).toMatchObject({ registerType: 1, name: '张三' });
    const parsed = registerCompanySchema.parse({
      ...company,
      email: '',
      idCard: '',
      theInsured: '1',
      insuredType: '1',
    });
    expect(parsed.email).toBeUndefined();
    expect(parsed.theInsured).toBe(1);
    expect(parsed.insuredType).toBe(1);
  });

  it('picks the form by registerType', () => {
    expect(registerSchemaFor({ registerType: 2 })).toBe(registerCompanySchema);
    expect(registerSchemaFor({ registerType: '2' })).toBe(registerCompanySchema);
    expect(registerSchemaFor({})).toBe(registerPersonSchema);
  });

  it('refuses unknown fields', () => {
    expect(loginSchema.safeParse({ mobilePhone: '13800000001', password: 'x', userName: 'someone' }).success).toBe(
      false,
    );
  });
});

describe('rule platform sign-in forms', () => {
  const tenantForm = {
    tenant: 'feibao',
    userName: '13800000001',
    password: 'x',
    captchaKey: 'k'.repeat(24),
    captcha: 'AB3K',
    appKey: 'key',
  };

  it('takes the captcha as optional on the password and code logins, empty meaning absent', () => {
    expect(ruleLoginSchema.parse({ username: '13800000001', password: 'x' })).toEqual({
      username: '13800000001',
      password: 'x',
    });
    expect(ruleLoginSchema.parse({ username: '13800000001', password: 'x', captchaKey: '', captcha: ' ' })).toEqual({
      username: '13800000001',
      password: 'x',
    });
    expect(ruleLoginSchema.parse({ username: 'u', password: 'x', captchaKey: 'abc', captcha: ' ab3k ' })).toMatchObject(
      { captchaKey: 'abc', captcha: 'ab3k' },
    );
    expect(
      ruleCodeLoginSchema.parse({ mobilePhone: '13800000001', identifyingCode: '123456', captchaKey: null }),
    ).toEqual({ mobilePhone: '13800000001', identifyingCode: '123456' });
  });

  it.each([
    [ruleLoginSchema, { password: 'x' }, messages.userNameRequired],
    [ruleLoginSchema, { username: 'u' }, messages.passwordRequired],
    [ruleLoginSchema, { username: 'u', password: 'x', captcha: 'x'.repeat(17) }, captchaMessages.wrong],
    [ruleLoginSchema, { username: 'u', password: 'x', captchaKey: 5 }, captchaMessages.wrong],
    [ruleCodeLoginSchema, {}, messages.mobilePhoneRequired],
    [ruleCodeLoginSchema, { mobilePhone: '1380000000' }, messages.phoneFormat],
    [ruleCodeLoginSchema, { mobilePhone: '13800000001' }, messages.codeRequired],
    [ruleCodeLoginSchema, { mobilePhone: '13800000001', identifyingCode: '1234' }, messages.codeFormat],
    [tenantLoginSchema, {}, '请输入租户'],
    [tenantLoginSchema, { ...tenantForm, captcha: '' }, captchaMessages.required],
    [tenantLoginSchema, { ...tenantForm, captchaKey: undefined }, captchaMessages.required],
    [tenantLoginSchema, { ...tenantForm, appKey: ' ' }, '请输入应用标识'],
    [tenantLoginSchema, { ...tenantForm, userName: '' }, messages.userNameRequired],
  ] as const)('%#: refuses with its message', (schema, value, message) => {
    expect(firstMessage(schema as z.ZodType, value)).toBe(message);
  });

  it('refuses unknown fields, and takes an optional user name on the trigger', () => {
    expect(ruleLoginSchema.safeParse({ username: 'u', password: 'x', rememberMe: true }).success).toBe(false);
    expect(tenantLoginSchema.safeParse({ ...tenantForm, extra: 1 }).success).toBe(false);
    expect(tenantLoginSchema.parse(tenantForm)).toEqual(tenantForm);
    expect(captchaTriggerSchema.parse({})).toEqual({});
    expect(captchaTriggerSchema.parse({ username: ' 13800000001 ' })).toEqual({ username: '13800000001' });
    expect(captchaTriggerSchema.safeParse({ username: ['a', 'b'] }).success).toBe(false);
  });
});

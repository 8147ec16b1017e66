import { describe, expect, it } from 'vitest';
import {
  enterpriseMessages,
  enterpriseRegisterSchema,
  InsuredRelation,
  messages,
  registerSchemaFor,
} from './validation.ts';

const form = {
  companyName: '飞保企业',
  creditCode: '91310000MA1FL0000X',
  insuredName: '飞保企业',
  email: 'corp@feibao.test',
  insuredType: '1',
  contactPhone: '13912345678',
  verifyCode: '123456',
  password: 'abc123',
  confirmPassword: 'abc123',
};

const firstMessage = (value: Record<string, unknown>) => {
  const result = enterpriseRegisterSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('enterprise registration form (web)', () => {
  it.each([
    [{ companyName: '' }, enterpriseMessages.companyNameRequired],
    [{ companyName: '企'.repeat(101) }, '长度不能超过100个字符'],
    [{ creditCode: '' }, enterpriseMessages.creditCodeRequired],
    [{ creditCode: '91310000ma1fl0000x' }, messages.creditCodeFormat],
    [{ creditCode: '91310000MA1FL0000' }, messages.creditCodeFormat],
    [{ insuredName: '  ' }, enterpriseMessages.insuredNameRequired],
    [{ email: '' }, enterpriseMessages.emailRequired],
    [{ email: 'corp@feibao' }, messages.emailFormat],
    [{ insuredType: '' }, messages.insuredTypeRequired],
    [{ insuredType: 9 }, messages.insuredTypeRequired],
    [{ insuredType: undefined }, messages.insuredTypeRequired],
    [{ contactPhone: '' }, '请输入联系电话'],
    [{ contactPhone: '12912345678' }, messages.contactPhoneFormat],
    [{ contactPhone: '1391234567' }, messages.contactPhoneFormat],
    [{ verifyCode: '' }, messages.codeRequired],
    [{ verifyCode: '12345' }, messages.codeFormat],
    [{ password: '', confirmPassword: '' }, messages.passwordRequired],
    [{ password: 'abcdef', confirmPassword: 'abcdef' }, messages.passwordEnterprise],
    [{ password: '123456', confirmPassword: '123456' }, messages.passwordEnterprise],
    [{ password: 'ab12', confirmPassword: 'ab12' }, messages.passwordEnterprise],
    [{ password: `a1${'b'.repeat(17)}`, confirmPassword: `a1${'b'.repeat(17)}` }, messages.passwordEnterprise],
    [{ password: 'abc12!', confirmPassword: 'abc12!' }, messages.passwordEnterprise],
    [{ confirmPassword: '' }, '请再次输入密码'],
    [{ confirmPassword: 'abc124' }, messages.passwordMismatch],
  ])('%o is refused with %s', (change, message) => {
    expect(firstMessage({ ...form, ...change })).toBe(message);
  });

  it('accepts 6 and 18 characters of letters plus digits', () => {
    for (const password of ['abc123', `a1${'B'.repeat(16)}`])
      expect(firstMessage({ ...form, password, confirmPassword: password })).toBeNull();
  });

  it('is chosen by its companyName and becomes a company registration', () => {
    expect(registerSchemaFor(form)).toBe(enterpriseRegisterSchema);
    const same = enterpriseRegisterSchema.parse(form);
    expect(same).toMatchObject({
      registerType: 2,
      mobilePhone: '13912345678',
      identifyingCode: '123456',
      enterpriseName: '飞保企业',
      unifiedSocialCreditCode: '91310000MA1FL0000X',
      phone: '13912345678',
      insuredType: 1,
      theInsured: InsuredRelation.samePolicyholder,
    });
    const other = enterpriseRegisterSchema.parse({ ...form, insuredName: '另一家公司' });
    expect(other).toMatchObject({
      theInsured: InsuredRelation.notPolicyholder,
      theInsuredName: '另一家公司',
      theInsuredPhone: '13912345678',
    });
  });
});

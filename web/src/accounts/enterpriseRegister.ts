/** The enterprise registration form's rules outside React: its payload, its phone check, its failure text. */
import { CONTACT_PHONE_PATTERN, enterpriseMessages, messages } from '@feibao/domain/accounts/validation';
import { ApiError } from '../api/client.ts';
import { compact } from '../api/forms.ts';

export const enterpriseFields = [
  'companyName',
  'creditCode',
  'insuredName',
  'email',
  'insuredType',
  'contactPhone',
  'verifyCode',
  'password',
  'confirmPassword',
] as const;
export type EnterpriseValues = Record<(typeof enterpriseFields)[number], string>;

export const emptyEnterprise: EnterpriseValues = {
  companyName: '',
  creditCode: '',
  insuredName: '',
  email: '',
  insuredType: '',
  contactPhone: '',
  verifyCode: '',
  password: '',
  confirmPassword: '',
};

/** 60 s on the enterprise form (120 s only on the company profile). */
export const ENTERPRISE_CODE_SECONDS = 60;
export const CODE_SENT_MESSAGE = '验证码已发送';
export const REGISTER_FAILED = '注册失败，请重试';

/** What the server reads: the form's own names, the type as a number, passwords untrimmed. */
export const enterprisePayload = (values: EnterpriseValues) => {
  const { password, confirmPassword, insuredType, ...rest } = values;
  return {
    ...compact(rest),
    contactPhone: rest.contactPhone.trim(),
    insuredType: insuredType === '' ? undefined : Number(insuredType),
    password,
    confirmPassword,
  };
};

/** Getting a code needs the contact phone first, in the form's own wording. */
export const contactPhoneProblem = (phone: string): string | null => {
  if (!phone) return enterpriseMessages.contactPhoneFirst;
  return CONTACT_PHONE_PATTERN.test(phone) ? null : messages.contactPhoneFormat;
};

/**
 * The failure text: 注册失败，请重试, with the server's reason when it gives one (the phone is taken,
 * the code is wrong, too many tries); a lost connection, a time-out or a server fault has none to add.
 */
export const registerFailureMessage = (error: unknown): string => {
  if (error instanceof ApiError && error.code >= 40000 && error.code < 50000 && error.message)
    return `${REGISTER_FAILED}（${error.message}）`;
  return REGISTER_FAILED;
};

import { z } from 'zod';
import { provinceCodes } from '../catalogue/regions.ts';

/**
 * Account form rules (docs/glossary.md "Accounts"), shared by the server and the web forms so
 * both refuse the same input with the same Chinese message.
 */

export const PHONE_PATTERN = /^1\d{10}$/;
export const CONTACT_PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const CREDIT_CODE_PATTERN = /^[0-9A-Z]{18}$/;
// A simple address shape, as the old forms checked: something@something.tld
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const ENTERPRISE_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,18}$/;

export const messages = {
  userNameRequired: '请输入用户名',
  mobileUserNameRequired: '请填写用户名',
  phoneRequired: '请输入手机号',
  mobilePhoneRequired: '请填写手机号',
  phoneFormat: '手机号格式不正确',
  contactPhoneFormat: '手机号格式错误',
  contactPhoneRequired: '请输入联系电话',
  passwordRequired: '请输入密码',
  passwordMin8: '长度最小8个字符',
  passwordEnterprise: '密码为6-18位字母加数字',
  passwordMismatch: '两次输入的密码不一致',
  codeRequired: '请输入验证码',
  codeFormat: '请输入6位数字验证码',
  enterpriseNameRequired: '请填写企业名称',
  creditCodeFormat: '格式错误，请输入18位字符',
  emailFormat: '邮箱格式错误',
  idCardFormat: '身份证格式错误!',
  insuredNameRequired: '请填写被保险人名称',
  insuredPhoneRequired: '请填写被保险人手机号',
  insuredTypeRequired: '请选择被保险人类型',
  addressInvalid: '请选择正确的省份',
} as const;

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/** 18-character resident ID: 17 digits plus a check character from the ISO 7064 weighted sum. */
export const isValidIdCard = (value: string): boolean => {
  if (!/^\d{17}[\dX]$/i.test(value)) return false;
  const sum = ID_CARD_WEIGHTS.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  return ID_CARD_CHECK[sum % 11] === value[17]!.toUpperCase();
};

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const phoneField = (requiredMessage: string = messages.phoneRequired) =>
  required(requiredMessage).regex(PHONE_PATTERN, { error: messages.phoneFormat });

export const smsCodeField = required(messages.codeRequired).regex(SMS_CODE_PATTERN, {
  error: messages.codeFormat,
});

const password8 = required(messages.passwordRequired).min(8, { error: messages.passwordMin8 }).max(64, {
  error: '密码长度不能超过64个字符',
});

/** Empty strings from optional form fields mean "not given". */
const optionalText = (max = 100) =>
  z
    .string()
    .trim()
    .max(max, { error: `长度不能超过${max}个字符` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

const optionalMatching = (pattern: RegExp, message: string, check?: (v: string) => boolean) =>
  z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (pattern.test(v) && (check ? check(v) : true)), { error: message });

export const loginSchema = z.strictObject({
  mobilePhone: required(messages.userNameRequired).regex(PHONE_PATTERN, { error: messages.phoneFormat }),
  password: required(messages.passwordRequired).max(64, { error: '密码长度不能超过64个字符' }),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginForm = z.input<typeof loginSchema>;

export const loginByPhoneSchema = z.strictObject({
  mobilePhone: phoneField(messages.mobilePhoneRequired),
  identifyingCode: smsCodeField,
});
export type LoginByPhoneForm = z.input<typeof loginByPhoneSchema>;

export const sendSmsSchema = z.strictObject({
  phone: phoneField(messages.mobilePhoneRequired),
  purpose: z.enum(['login', 'register', 'reset', 'profile']).optional().default('login'),
});
export type SmsPurpose = z.output<typeof sendSmsSchema>['purpose'];

export const InsuredRelation = { samePolicyholder: 1, notPolicyholder: 2 } as const;

export const insuredTypes = [
  { value: 1, label: '企业' },
  { value: 2, label: '个人' },
  { value: 3, label: '培训机构' },
] as const;

const profileShape = {
  enterpriseName: required(messages.enterpriseNameRequired).max(100, { error: '长度不能超过100个字符' }),
  phone: optionalMatching(CONTACT_PHONE_PATTERN, messages.contactPhoneFormat),
  email: optionalMatching(EMAIL_PATTERN, messages.emailFormat),
  address: optionalMatching(/^\d{6}$/, messages.addressInvalid, (v) => provinceCodes.has(v)),
  unifiedSocialCreditCode: optionalMatching(CREDIT_CODE_PATTERN, messages.creditCodeFormat),
  idCard: optionalMatching(/^\d{17}[\dXx]$/, messages.idCardFormat, isValidIdCard),
  theInsured: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, { error: '请选择被保险人' })
    .optional()
    .default(InsuredRelation.samePolicyholder),
  insuredType: z.coerce
    .number({ error: messages.insuredTypeRequired })
    .int()
    .refine((v) => insuredTypes.some((t) => t.value === v), { error: messages.insuredTypeRequired })
    .optional()
    .nullable(),
  theInsuredName: optionalText(),
  theInsuredPhone: optionalMatching(CONTACT_PHONE_PATTERN, messages.contactPhoneFormat),
  theInsuredEmail: optionalMatching(EMAIL_PATTERN, messages.emailFormat),
  theInsuredAddress: optionalMatching(/^\d{6}$/, messages.addressInvalid, (v) => provinceCodes.has(v)),
  theInsuredUnifiedSocialCreditCode: optionalMatching(CREDIT_CODE_PATTERN, messages.creditCodeFormat),
  theInsuredIdCard: optionalMatching(/^\d{17}[\dXx]$/, messages.idCardFormat, isValidIdCard),
};

type InsuredFields = { theInsured?: number; theInsuredName?: string; theInsuredPhone?: string };
const insuredRequiredWhenNotPolicyholder = (value: InsuredFields, ctx: z.RefinementCtx) => {
  if (value.theInsured !== InsuredRelation.notPolicyholder) return;
  if (!value.theInsuredName)
    ctx.addIssue({ code: 'custom', path: ['theInsuredName'], message: messages.insuredNameRequired });
  if (!value.theInsuredPhone)
    ctx.addIssue({ code: 'custom', path: ['theInsuredPhone'], message: messages.insuredPhoneRequired });
};

type PasswordPair = { password?: string; confirmPassword?: string };
const confirmMatches = (value: PasswordPair, ctx: z.RefinementCtx) => {
  if (value.password !== undefined && value.password !== value.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.passwordMismatch });
};

/** Registration: registerType 1 is a person (name only), 2 carries the company profile. */
export const registerPersonSchema = z
  .strictObject({
    registerType: z
      .union([z.literal(1), z.literal('1')])
      .optional()
      .transform(() => 1 as const),
    name: required(messages.userNameRequired).max(50, { error: '长度不能超过50个字符' }),
    mobilePhone: phoneField(),
    password: password8,
    confirmPassword: required(messages.passwordRequired),
    identifyingCode: smsCodeField,
  })
  .superRefine(confirmMatches);

export const registerCompanySchema = z
  .strictObject({
    registerType: z.union([z.literal(2), z.literal('2')]).transform(() => 2 as const),
    name: optionalText(50),
    mobilePhone: phoneField(messages.mobilePhoneRequired),
    password: password8,
    confirmPassword: required(messages.passwordRequired),
    identifyingCode: smsCodeField,
    ...profileShape,
  })
  .superRefine(confirmMatches)
  .superRefine(insuredRequiredWhenNotPolicyholder);

export type RegisterPersonForm = z.input<typeof registerPersonSchema>;
export type RegisterCompanyForm = z.input<typeof registerCompanySchema>;

export const resetPasswordSchema = z
  .strictObject({
    registerType: z.coerce.number().optional(),
    name: optionalText(50),
    mobilePhone: phoneField(messages.mobilePhoneRequired),
    password: password8,
    confirmPassword: required(messages.passwordRequired),
    identifyingCode: smsCodeField,
  })
  .superRefine(confirmMatches);
export type ResetPasswordForm = z.input<typeof resetPasswordSchema>;

/**
 * Profile update by a logged-in user. The phone is the account key and comes from the
 * token; a mobilePhone in the body is accepted for the old client's sake and must match.
 */
export const updateProfileSchema = z
  .strictObject({
    name: optionalText(50),
    mobilePhone: z.string().trim().optional(),
    registerType: z.coerce.number().optional(),
    identifyingCode: z.string().optional(),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
    ...profileShape,
  })
  .superRefine(insuredRequiredWhenNotPolicyholder);
export type UpdateProfileForm = z.input<typeof updateProfileSchema>;
type ProfileOutput = Omit<
  z.output<typeof updateProfileSchema>,
  'mobilePhone' | 'registerType' | 'identifyingCode' | 'password' | 'confirmPassword' | 'name'
>;
export type ProfileFields = Partial<ProfileOutput> & { enterpriseName: string };

/** The enterprise form's own wording; the format messages are the shared ones above. */
export const enterpriseMessages = {
  companyNameRequired: '请输入企业名称',
  creditCodeRequired: '请输入统一社会信用代码',
  insuredNameRequired: '请输入被保险人名称',
  emailRequired: '请输入邮箱',
  contactPhoneRequired: messages.contactPhoneRequired,
  /** Asking for a code before the contact phone is filled in. */
  contactPhoneFirst: '请先输入联系电话',
  confirmPasswordRequired: '请再次输入密码',
  tooLong: (max: number) => `长度不能超过${max}个字符`,
} as const;

/** The enterprise registration form of the web (docs/glossary.md "Accounts"). */
export const enterpriseRegisterSchema = z
  .strictObject({
    companyName: required(enterpriseMessages.companyNameRequired).max(100, { error: enterpriseMessages.tooLong(100) }),
    creditCode: required(enterpriseMessages.creditCodeRequired).regex(CREDIT_CODE_PATTERN, {
      error: messages.creditCodeFormat,
    }),
    insuredName: required(enterpriseMessages.insuredNameRequired).max(100, { error: enterpriseMessages.tooLong(100) }),
    email: required(enterpriseMessages.emailRequired)
      .max(100, { error: enterpriseMessages.tooLong(100) })
      .regex(EMAIL_PATTERN, { error: messages.emailFormat }),
    // An unchosen select sends '' (0 once coerced): only the listed types pass.
    insuredType: z.coerce
      .number({ error: messages.insuredTypeRequired })
      .refine((v) => insuredTypes.some((t) => t.value === v), { error: messages.insuredTypeRequired }),
    contactPhone: required(enterpriseMessages.contactPhoneRequired).regex(CONTACT_PHONE_PATTERN, {
      error: messages.contactPhoneFormat,
    }),
    verifyCode: smsCodeField,
    password: required(messages.passwordRequired).regex(ENTERPRISE_PASSWORD_PATTERN, {
      error: messages.passwordEnterprise,
    }),
    confirmPassword: required(enterpriseMessages.confirmPasswordRequired),
  })
  .superRefine(confirmMatches)
  // The web's enterprise form is a company registration with its own field names.
  .transform((form) => {
    const insuredIsCompany = form.insuredName === form.companyName;
    return {
      registerType: 2 as const,
      name: form.companyName,
      mobilePhone: form.contactPhone,
      password: form.password,
      confirmPassword: form.confirmPassword,
      identifyingCode: form.verifyCode,
      enterpriseName: form.companyName,
      unifiedSocialCreditCode: form.creditCode,
      email: form.email,
      phone: form.contactPhone,
      insuredType: form.insuredType,
      theInsured: insuredIsCompany ? InsuredRelation.samePolicyholder : InsuredRelation.notPolicyholder,
      theInsuredName: insuredIsCompany ? undefined : form.insuredName,
      theInsuredPhone: insuredIsCompany ? undefined : form.contactPhone,
    };
  });

/** registerType picks the form, so a refusal names the field that is wrong. */
export const registerSchemaFor = (body: unknown) => {
  const form = body as { registerType?: unknown; companyName?: unknown } | null;
  if (form && typeof form === 'object' && 'companyName' in form) return enterpriseRegisterSchema;
  return String(form?.registerType) === '2' ? registerCompanySchema : registerPersonSchema;
};
export type RegisterForm = z.output<typeof registerPersonSchema> | z.output<typeof registerCompanySchema>;

export const leadSchema = z.strictObject({
  phone: required(messages.contactPhoneRequired).max(20, { error: messages.contactPhoneFormat }),
  mailbox: optionalMatching(EMAIL_PATTERN, messages.emailFormat),
  enterpriseType: optionalText(50),
  guaranteeRange: optionalText(200),
});

export const refreshSchema = z.strictObject({ refreshToken: required('缺少刷新令牌').max(512) });

/**
 * The captcha of the rule platform's logins (docs/api/rules-sign-in.md "Captcha"): the id of an image
 * from `GET /sso-platform/captcha/get` (its `Captcha-Key` header) and what the user read from it.
 * Optional here: the server asks for them only once failed logins turned the captcha on.
 */
export const captchaMessages = {
  required: '请输入图形验证码',
  wrong: '图形验证码错误或已过期',
} as const;

const optionalCaptchaText = (max: number) =>
  z
    .string({ error: captchaMessages.wrong })
    .trim()
    .max(max, { error: captchaMessages.wrong })
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

const captchaFields = {
  captchaKey: optionalCaptchaText(64),
  captcha: optionalCaptchaText(16),
};

export const ruleLoginSchema = z.strictObject({
  username: required(messages.userNameRequired).max(64),
  password: required(messages.passwordRequired).max(64),
  ...captchaFields,
});
export type RuleLoginForm = z.input<typeof ruleLoginSchema>;

/** SMS-code sign-in to the rule platform: the same fields as the customer site's loginByPhone. */
export const ruleCodeLoginSchema = z.strictObject({
  mobilePhone: phoneField(messages.mobilePhoneRequired),
  identifyingCode: smsCodeField,
  ...captchaFields,
});
export type RuleCodeLoginForm = z.input<typeof ruleCodeLoginSchema>;

/** The older tenant exchange: every field required, the captcha included. */
export const tenantLoginSchema = z.strictObject({
  tenant: required('请输入租户').max(64),
  userName: required(messages.userNameRequired).max(64),
  password: required(messages.passwordRequired).max(64),
  captchaKey: required(captchaMessages.required).max(64, { error: captchaMessages.wrong }),
  captcha: required(captchaMessages.required).max(16, { error: captchaMessages.wrong }),
  appKey: required('请输入应用标识').max(128),
});

/** `username` (optional) names the account about to sign in, so its own failures count too. */
export const captchaTriggerSchema = z.object({
  username: z.string().trim().max(64).optional(),
});

/**
 * Company profile form (完善信息): desktop page, 880 px dialog and the mobile page.
 * Logged in it updates the profile; on mobile without a session it registers a
 * company account (registerType 2) with SMS code and password.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Callout, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { useSWRConfig } from 'swr';
import {
  InsuredRelation,
  insuredTypes,
  messages,
  registerCompanySchema,
  updateProfileSchema,
} from '@feibao/domain/accounts/validation';
import { provinces } from '@feibao/domain/catalogue/regions';
import { paths, register, rememberProfile, updateProfile, useProfile, type Profile } from './api.ts';
import { validate, type RequiredRule } from '../api/forms.ts';
import { useSession } from '../api/session.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { Field, useForm } from '../shared/form.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';

const insuredKeys = [
  'theInsuredName',
  'theInsuredPhone',
  'theInsuredEmail',
  'theInsuredAddress',
  'theInsuredUnifiedSocialCreditCode',
  'theInsuredIdCard',
] as const;
const textKeys = [
  'enterpriseName',
  'phone',
  'email',
  'address',
  'unifiedSocialCreditCode',
  'idCard',
  ...insuredKeys,
] as const;

type Values = Record<
  | (typeof textKeys)[number]
  | 'name'
  | 'mobilePhone'
  | 'identifyingCode'
  | 'password'
  | 'confirmPassword'
  | 'theInsured'
  | 'insuredType',
  string
>;

const empty: Values = {
  name: '',
  mobilePhone: '',
  identifyingCode: '',
  password: '',
  confirmPassword: '',
  enterpriseName: '',
  phone: '',
  email: '',
  address: '',
  unifiedSocialCreditCode: '',
  idCard: '',
  theInsured: String(InsuredRelation.samePolicyholder),
  insuredType: '',
  theInsuredName: '',
  theInsuredPhone: '',
  theInsuredEmail: '',
  theInsuredAddress: '',
  theInsuredUnifiedSocialCreditCode: '',
  theInsuredIdCard: '',
};

const fromProfile = (p: Profile): Values => {
  const v: Values = { ...empty };
  for (const k of ['name', 'mobilePhone', ...textKeys] as const) v[k] = (p[k] as string | null | undefined) ?? '';
  v.theInsured = String(p.theInsured ?? InsuredRelation.samePolicyholder);
  v.insuredType = p.insuredType == null ? '' : String(p.insuredType);
  return v;
};

/** The request body (before schema parsing): insured copies only for a different insured. */
export const profilePayload = (v: Values): Record<string, unknown> => {
  const theInsured = Number(v.theInsured) || InsuredRelation.samePolicyholder;
  const out: Record<string, unknown> = { theInsured, insuredType: v.insuredType ? Number(v.insuredType) : null };
  for (const k of textKeys) {
    if (theInsured !== InsuredRelation.notPolicyholder && (insuredKeys as readonly string[]).includes(k)) continue;
    out[k] = v[k];
  }
  if (v.name.trim()) out.name = v.name;
  return out;
};

/** Fields the mobile page also requires, with the mobile wording. */
const mobileRequired: RequiredRule[] = [
  ['enterpriseName', messages.enterpriseNameRequired],
  ['unifiedSocialCreditCode', messages.creditCodeFormat],
  ['email', messages.emailFormat],
  ['insuredType', messages.insuredTypeRequired],
  ['phone', messages.contactPhoneFormat],
];

type Props = {
  variant: 'desktop' | 'mobile';
  /** After a successful save (update) or registration. */
  onSaved?: () => void;
  /** Renders the action row (dialogs put a cancel button next to save). */
  extraActions?: ReactNode;
};

const provinceOptions = [
  { value: '', label: '请选择省份' },
  ...provinces.map((p) => ({ value: p.code, label: p.name })),
];
const insuredTypeOptions = [
  { value: '', label: '请选择被保险人类型' },
  ...insuredTypes.map((t) => ({ value: String(t.value), label: t.label })),
];

export const ProfileForm = ({ variant, onSaved, extraActions }: Props) => {
  const session = useSession();
  const registering = !session;
  const mobile = variant === 'mobile';
  const profile = useProfile();
  const { mutate } = useSWRConfig();
  const form = useForm<Values>({ ...empty });
  const [saving, setSaving] = useState(false);
  const prefilled = useRef(false);

  useEffect(() => {
    if (profile.data && !prefilled.current) {
      prefilled.current = true;
      form.setValues(fromProfile(profile.data));
      rememberProfile(profile.data);
    }
  }, [profile.data, form]);

  const notPolicyholder = Number(form.values.theInsured) === InsuredRelation.notPolicyholder;

  const save = async () => {
    const body = profilePayload(form.values);
    const required: RequiredRule[] = mobile ? [...mobileRequired] : [];
    if (registering) required.unshift(['mobilePhone', messages.mobilePhoneRequired]);
    const v = registering
      ? validate(
          registerCompanySchema,
          {
            registerType: 2,
            mobilePhone: form.values.mobilePhone,
            identifyingCode: form.values.identifyingCode,
            password: form.values.password,
            confirmPassword: form.values.confirmPassword,
            ...body,
          },
          required,
        )
      : validate(updateProfileSchema, body, required);
    form.setErrors(v.errors);
    if (!v.ok) {
      toast.warning(v.first);
      return;
    }
    setSaving(true);
    try {
      if (registering) {
        await register(v.data as Parameters<typeof register>[0]);
        toast.success('注册成功');
        setTimeout(() => {
          setSaving(false);
          onSaved?.();
        }, 500);
        return;
      }
      const env = await updateProfile(v.data as Record<string, unknown>);
      toast.success(env.message && env.message !== 'success' ? env.message : '修改成功');
      const fresh = await mutate<Profile>(paths.profile);
      if (fresh) rememberProfile(fresh);
      setSaving(false);
      onSaved?.();
    } catch (e) {
      setSaving(false);
      notifyError(e);
    }
  };

  const text = (
    key: keyof Values & string,
    label: string,
    opts: {
      required?: boolean;
      placeholder?: string;
      type?: string;
      maxLength?: number;
      readOnly?: boolean;
      inputMode?: 'tel' | 'email' | 'numeric';
    } = {},
  ) => (
    <Field label={label} name={key} error={form.errors[key]} required={opts.required}>
      <InputGroup
        id={`f-${key}`}
        size={mobile ? 'large' : undefined}
        placeholder={opts.placeholder ?? `请输入${label}`}
        type={opts.type}
        maxLength={opts.maxLength}
        readOnly={opts.readOnly}
        inputMode={opts.inputMode}
        {...form.bind(key)}
      />
    </Field>
  );

  const select = (
    key: 'address' | 'theInsuredAddress' | 'insuredType',
    label: string,
    options: { value: string; label: string }[],
    required?: boolean,
  ) => (
    <Field label={label} name={key} error={form.errors[key]} required={required}>
      <HTMLSelect
        id={`f-${key}`}
        fill
        large={mobile}
        options={options}
        value={form.values[key]}
        onChange={(e) => form.set(key, e.currentTarget.value)}
      />
    </Field>
  );

  if (session && profile.isLoading && !profile.data) {
    return (
      <div className="fb-loading-block" aria-busy="true">
        正在加载用户信息…
      </div>
    );
  }

  return (
    <form
      className={`fb-profile-form fb-profile-${variant}`}
      aria-label="完善信息"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {profile.error && !profile.data && (
        <Callout intent="danger" className="fb-gap">
          用户信息加载失败：{(profile.error as Error).message}
          <Button variant="minimal" size="small" text="重试" onClick={() => void profile.mutate()} />
        </Callout>
      )}
      <h2 className="fb-form-section">账号信息</h2>
      <div className="fb-form-grid">
        {text('name', '联系人姓名', { placeholder: '请输入联系人姓名' })}
        {registering
          ? text('mobilePhone', '手机号', { required: true, inputMode: 'tel', maxLength: 11 })
          : text('mobilePhone', '手机号', { readOnly: true, placeholder: '' })}
        {registering && (
          <>
            <Field label="验证码" name="identifyingCode" error={form.errors.identifyingCode} required>
              <div className="fb-code-row">
                <InputGroup
                  id="f-identifyingCode"
                  size={mobile ? 'large' : undefined}
                  placeholder="请输入验证码"
                  inputMode="numeric"
                  maxLength={6}
                  {...form.bind('identifyingCode')}
                />
                <SmsCodeButton
                  phone={form.values.mobilePhone}
                  purpose="register"
                  seconds={120}
                  large={mobile}
                  onInvalidPhone={(m) => form.setErrors((e) => ({ ...e, mobilePhone: m }))}
                />
              </div>
            </Field>
            {text('password', '密码', { required: true, type: 'password', placeholder: '长度最小8个字符' })}
            {text('confirmPassword', '确认密码', { required: true, type: 'password', placeholder: '请再次输入密码' })}
          </>
        )}
      </div>

      <h2 className="fb-form-section">投保人信息</h2>
      <div className="fb-form-grid">
        {text('enterpriseName', '企业名称', { required: true })}
        {text('phone', '联系电话', { required: mobile, inputMode: 'tel', maxLength: 11 })}
        {text('email', '邮箱', { required: mobile, inputMode: 'email' })}
        {select('address', '所在省份', provinceOptions)}
        {text('unifiedSocialCreditCode', '统一社会信用代码', {
          required: mobile,
          maxLength: 18,
          placeholder: '18位数字或大写字母',
        })}
        {text('idCard', '法人身份证号', { maxLength: 18 })}
        {select('insuredType', '被保险人类型', insuredTypeOptions, mobile)}
        <Field label="被保险人" name="theInsured" error={form.errors.theInsured}>
          <RadioGroup
            inline
            selectedValue={form.values.theInsured}
            onChange={(e) => form.set('theInsured', e.currentTarget.value)}
          >
            <Radio label="同投保人" value={String(InsuredRelation.samePolicyholder)} />
            <Radio label="非投保人" value={String(InsuredRelation.notPolicyholder)} />
          </RadioGroup>
        </Field>
      </div>

      {notPolicyholder && (
        <section aria-label="被保险人信息">
          <h2 className="fb-form-section">被保险人信息</h2>
          <div className="fb-form-grid">
            {text('theInsuredName', '被保险人名称', { required: true })}
            {text('theInsuredPhone', '被保险人手机号', { required: true, inputMode: 'tel', maxLength: 11 })}
            {text('theInsuredEmail', '被保险人邮箱', { inputMode: 'email' })}
            {select('theInsuredAddress', '被保险人所在省份', provinceOptions)}
            {text('theInsuredUnifiedSocialCreditCode', '被保险人统一社会信用代码', {
              maxLength: 18,
              placeholder: '18位数字或大写字母',
            })}
            {text('theInsuredIdCard', '被保险人身份证号', { maxLength: 18 })}
          </div>
        </section>
      )}

      <div className="fb-form-actions">
        {extraActions}
        <Button type="submit" intent="primary" size="large" loading={saving} fill={mobile} text="保存信息" />
      </div>
    </form>
  );
};

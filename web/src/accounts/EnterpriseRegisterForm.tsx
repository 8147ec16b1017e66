/**
 * 企业注册: the web's enterprise registration form, on the desktop page and the mobile page. It checks
 * with the same schema as the server (enterpriseRegisterSchema) and signs the new account in.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Callout, HTMLSelect } from '@blueprintjs/core';
import { enterpriseRegisterSchema, insuredTypes, messages } from '@feibao/domain/accounts/validation';
import { validate } from '../api/forms.ts';
import { toast } from '../api/toaster.ts';
import { Field, useForm } from '../shared/form.tsx';
import type { Variant } from '../shared/site.ts';
import { AccountInput } from './AccountInput.tsx';
import { registerEnterprise } from './api.ts';
import {
  CODE_SENT_MESSAGE,
  ENTERPRISE_CODE_SECONDS,
  type EnterpriseValues,
  contactPhoneProblem,
  emptyEnterprise,
  enterprisePayload,
  registerFailureMessage,
} from './enterpriseRegister.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';
import './enterpriseRegister.css';

type Props = {
  variant: Variant;
  /** Called 500 ms after 注册成功, once the session exists. */
  onDone: () => void;
  /** Links under the submit button (to login, to the person registration). */
  children?: ReactNode;
};

const insuredTypeOptions = [
  { value: '', label: '请选择被保险人类型' },
  ...insuredTypes.map((t) => ({ value: String(t.value), label: t.label })),
];

export const EnterpriseRegisterForm = ({ variant, onDone, children }: Props) => {
  const mobile = variant === 'mobile';
  const form = useForm<EnterpriseValues>({ ...emptyEnterprise });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    const v = validate(enterpriseRegisterSchema, enterprisePayload(form.values));
    form.setErrors(v.errors);
    if (!v.ok) {
      toast.warning(v.first);
      return;
    }
    setBusy(true);
    try {
      await registerEnterprise(enterprisePayload(form.values));
      toast.success('注册成功');
      // As after the other registrations: the session exists, the login step follows after 500 ms.
      setTimeout(() => {
        setBusy(false);
        onDone();
      }, 500);
    } catch (e) {
      setBusy(false);
      const message = registerFailureMessage(e);
      setFailure(message);
      toast.error(message);
    }
  };

  const text = (
    key: keyof EnterpriseValues,
    label: string,
    opts: {
      placeholder?: string;
      type?: string;
      maxLength?: number;
      inputMode?: 'tel' | 'email';
      autoComplete?: string;
      helper?: string;
    } = {},
  ) => (
    <Field label={label} name={key} error={form.errors[key]} helper={mobile ? undefined : opts.helper} required>
      <AccountInput
        variant={variant}
        id={`f-${key}`}
        placeholder={opts.placeholder ?? `请输入${label}`}
        type={opts.type}
        maxLength={opts.maxLength}
        inputMode={opts.inputMode}
        autoComplete={opts.autoComplete}
        {...form.bind(key)}
      />
    </Field>
  );

  return (
    <form
      className={`fb-enterprise-form fb-enterprise-${variant}`}
      aria-label="企业注册"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure && (
        <Callout intent="danger" icon="error" className="fb-enterprise-failure" role="alert">
          {failure}
        </Callout>
      )}
      <h2 className="fb-form-section">企业信息</h2>
      <div className="fb-enterprise-grid">
        {text('companyName', '企业名称', { maxLength: 100, autoComplete: 'organization' })}
        {text('creditCode', '统一社会信用代码', { maxLength: 18, placeholder: '18位数字或大写字母' })}
        {text('insuredName', '被保险人名称', { maxLength: 100, helper: '与企业名称相同时，被保险人即本企业' })}
        <Field label="被保险人类型" name="insuredType" error={form.errors.insuredType} required>
          <HTMLSelect
            id="f-insuredType"
            fill
            large={mobile}
            options={insuredTypeOptions}
            value={form.values.insuredType}
            onChange={(e) => form.set('insuredType', e.currentTarget.value)}
          />
        </Field>
        {text('email', '邮箱', { inputMode: 'email', maxLength: 100, autoComplete: 'email' })}
      </div>
      <h2 className="fb-form-section">账号信息</h2>
      <div className="fb-enterprise-grid">
        {text('contactPhone', '联系电话', {
          inputMode: 'tel',
          maxLength: 11,
          autoComplete: 'tel',
          helper: '注册后用作登录账号',
        })}
        <Field label="验证码" name="verifyCode" error={form.errors.verifyCode} required>
          <div className="fb-code-row">
            <AccountInput
              variant={variant}
              id="f-verifyCode"
              placeholder="6位数字验证码"
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              {...form.bind('verifyCode')}
            />
            <SmsCodeButton
              large={mobile}
              phone={form.values.contactPhone}
              purpose="register"
              seconds={ENTERPRISE_CODE_SECONDS}
              checkPhone={contactPhoneProblem}
              sentMessage={CODE_SENT_MESSAGE}
              onInvalidPhone={(m) => form.setErrors((e) => ({ ...e, contactPhone: m }))}
            />
          </div>
        </Field>
        {text('password', '密码', {
          type: 'password',
          placeholder: messages.passwordEnterprise,
          autoComplete: 'new-password',
        })}
        {text('confirmPassword', '确认密码', {
          type: 'password',
          placeholder: '请再次输入密码',
          autoComplete: 'new-password',
        })}
      </div>
      <div className="fb-enterprise-actions">
        <Button type="submit" intent="primary" size="large" fill={mobile} loading={busy} text="注册" />
      </div>
      {children}
    </form>
  );
};

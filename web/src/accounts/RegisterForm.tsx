/** Person registration (registerType 1) and password reset, used by the desktop dialog and the mobile pages. */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@blueprintjs/core';
import { messages, registerPersonSchema, resetPasswordSchema } from '@feibao/domain/accounts/validation';
import { validate, type RequiredRule } from '../api/forms.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { Field, useForm } from '../shared/form.tsx';
import type { Variant } from '../shared/site.ts';
import { AccountInput, accountFormClass } from './AccountInput.tsx';
import { register, resetPassword } from './api.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';

type Props = {
  variant: Variant;
  /** Called once the session exists. */
  onDone: () => void;
  /** Shown under the submit button, inside the form (the desktop dialog's switch links). */
  children?: ReactNode;
};

/** Placeholders differ per site ("请输入…" on desktop, "请填写…" on mobile). */
const fill = (variant: Variant, what: string) => (variant === 'mobile' ? `请填写${what}` : `请输入${what}`);

/** The mobile site asks for these before the schema, in its own words. */
const mobileRegisterRequired: RequiredRule[] = [
  ['name', messages.mobileUserNameRequired],
  ['mobilePhone', messages.mobilePhoneRequired],
];

type CodeFieldProps = {
  variant: Variant;
  purpose: 'register' | 'reset';
  phone: string;
  error?: string;
  /** form.bind('identifyingCode') */
  input: ReturnType<ReturnType<typeof useForm>['bind']>;
  onInvalidPhone: (message: string) => void;
};

const CodeField = ({ variant, purpose, phone, error, input, onInvalidPhone }: CodeFieldProps) => (
  <Field label="验证码" name="identifyingCode" error={error} required>
    <div className="fb-code-row">
      <AccountInput
        variant={variant}
        id="f-identifyingCode"
        placeholder={variant === 'mobile' ? '6位数字验证码' : '请输入验证码'}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        {...input}
      />
      <SmsCodeButton large={variant === 'mobile'} phone={phone} purpose={purpose} onInvalidPhone={onInvalidPhone} />
    </div>
  </Field>
);

export const RegisterForm = ({ variant, onDone, children }: Props) => {
  const mobile = variant === 'mobile';
  const form = useForm({ name: '', mobilePhone: '', identifyingCode: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = validate(registerPersonSchema, { registerType: 1, ...form.values }, mobile ? mobileRegisterRequired : []);
    form.setErrors(v.errors);
    if (!v.ok) return;
    setBusy(true);
    try {
      await register(v.data);
      toast.success('注册成功');
      // The register response already carries the tokens: finish the login after 500 ms.
      setTimeout(() => {
        setBusy(false);
        onDone();
      }, 500);
    } catch (e) {
      setBusy(false);
      notifyError(e);
    }
  };

  return (
    <form
      className={accountFormClass(variant)}
      aria-label="注册"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Field label="用户名" name="name" error={form.errors.name} required>
        <AccountInput
          variant={variant}
          id="f-name"
          placeholder={fill(variant, '用户名')}
          icon="user"
          {...form.bind('name')}
        />
      </Field>
      <Field label="手机号" name="mobilePhone" error={form.errors.mobilePhone} required>
        <AccountInput
          variant={variant}
          id="f-mobilePhone"
          placeholder={fill(variant, '手机号')}
          icon="mobile-phone"
          inputMode="tel"
          autoComplete="tel"
          maxLength={mobile ? 11 : undefined}
          {...form.bind('mobilePhone')}
        />
      </Field>
      <CodeField
        variant={variant}
        purpose="register"
        phone={form.values.mobilePhone}
        error={form.errors.identifyingCode}
        input={form.bind('identifyingCode')}
        onInvalidPhone={(m) => form.setErrors((e) => ({ ...e, mobilePhone: m }))}
      />
      <Field
        label="密码"
        name="password"
        error={form.errors.password}
        required
        helper={mobile ? undefined : '至少8个字符'}
      >
        <AccountInput
          variant={variant}
          id="f-password"
          type="password"
          placeholder={mobile ? '长度最小8个字符' : '请输入密码'}
          icon="lock"
          autoComplete="new-password"
          {...form.bind('password')}
        />
      </Field>
      <Field label="确认密码" name="confirmPassword" error={form.errors.confirmPassword} required>
        <AccountInput
          variant={variant}
          id="f-confirmPassword"
          type="password"
          placeholder="请再次输入密码"
          icon="lock"
          autoComplete="new-password"
          {...form.bind('confirmPassword')}
        />
      </Field>
      <Button type="submit" intent="primary" fill size="large" loading={busy} text="注册" />
      {children}
    </form>
  );
};

export const PasswordResetForm = ({ variant, onDone, children }: Props) => {
  const mobile = variant === 'mobile';
  const form = useForm({ mobilePhone: '', identifyingCode: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = validate(resetPasswordSchema, form.values);
    form.setErrors(v.errors);
    if (!v.ok) return;
    setBusy(true);
    try {
      await resetPassword(v.data);
      toast.success('密码重置成功');
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={accountFormClass(variant)}
      aria-label="重置密码"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Field label="手机号" name="mobilePhone" error={form.errors.mobilePhone} required>
        <AccountInput
          variant={variant}
          id="f-mobilePhone"
          placeholder={fill(variant, '手机号')}
          icon="mobile-phone"
          inputMode="tel"
          maxLength={mobile ? 11 : undefined}
          {...form.bind('mobilePhone')}
        />
      </Field>
      <CodeField
        variant={variant}
        purpose="reset"
        phone={form.values.mobilePhone}
        error={form.errors.identifyingCode}
        input={form.bind('identifyingCode')}
        onInvalidPhone={(m) => form.setErrors((e) => ({ ...e, mobilePhone: m }))}
      />
      <Field
        label="新密码"
        name="password"
        error={form.errors.password}
        required
        helper={mobile ? undefined : '至少8个字符'}
      >
        <AccountInput
          variant={variant}
          id="f-password"
          type="password"
          placeholder={mobile ? '长度最小8个字符' : '请输入新密码'}
          icon="lock"
          autoComplete="new-password"
          {...form.bind('password')}
        />
      </Field>
      <Field label="确认密码" name="confirmPassword" error={form.errors.confirmPassword} required>
        <AccountInput
          variant={variant}
          id="f-confirmPassword"
          type="password"
          placeholder="请再次输入新密码"
          icon="lock"
          autoComplete="new-password"
          {...form.bind('confirmPassword')}
        />
      </Field>
      <Button type="submit" intent="primary" fill size="large" loading={busy} text="重置密码" />
      {children}
    </form>
  );
};

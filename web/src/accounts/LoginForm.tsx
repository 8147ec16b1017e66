/**
 * Login, one component per way of logging in, used by both sites: the desktop dialog and
 * /login/index show the password form with 记住我, 忘记密码 and 访客登录; the mobile login page
 * shows the SMS-code form and the password form as two tabs.
 */
import { useState } from 'react';
import { Button, Checkbox } from '@blueprintjs/core';
import { loginByPhoneSchema, loginSchema, messages } from '@feibao/domain/accounts/validation';
import { validate } from '../api/forms.ts';
import { notifyError, toast } from '../api/toaster.ts';
import type { AuthMode } from '../api/ui.ts';
import { Field, useForm } from '../shared/form.tsx';
import type { Variant } from '../shared/site.ts';
import { AccountInput, accountFormClass } from './AccountInput.tsx';
import { guestLogin, login, loginByPhone } from './api.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';

/** The mobile site refuses passwords shorter than this before asking the server. */
export const MOBILE_PASSWORD_MIN = 5;
export const mobilePasswordMessage = `密码长度不能少于${MOBILE_PASSWORD_MIN}个字符`;

type FormProps = {
  variant: Variant;
  /** Called once the session exists. */
  onDone: () => void;
  /** Desktop: switches the dialog to registration or password reset. */
  onSwitch?: (mode: AuthMode) => void;
};

const submitting = (run: () => Promise<void>) => (e: { preventDefault: () => void }) => {
  e.preventDefault();
  void run();
};

/** Phone number and password. */
export const PasswordLoginForm = ({ variant, onDone, onSwitch }: FormProps) => {
  const mobile = variant === 'mobile';
  const form = useForm({ mobilePhone: '', password: '', rememberMe: false });
  const [busy, setBusy] = useState<'login' | 'guest' | null>(null);

  const checked = () => {
    if (!mobile) {
      const v = validate(loginSchema, form.values);
      form.setErrors(v.errors);
      return v.ok ? v.data : null;
    }
    // The mobile site always remembers the login and words its checks its own way.
    const v = validate(loginSchema, { ...form.values, rememberMe: true }, [
      ['mobilePhone', messages.mobilePhoneRequired],
    ]);
    const errors = { ...v.errors };
    if (!errors.password && form.values.password.length < MOBILE_PASSWORD_MIN) errors.password = mobilePasswordMessage;
    form.setErrors(errors);
    return v.ok && !errors.password ? v.data : null;
  };

  const submit = async () => {
    const data = checked();
    if (!data) return;
    setBusy('login');
    try {
      await login(data);
      toast.success('登录成功');
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };

  const guest = async () => {
    setBusy('guest');
    try {
      await guestLogin();
      toast.success('已以访客身份登录');
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };

  const idPrefix = mobile ? 'f-acc-' : 'f-';
  return (
    <form
      className={accountFormClass(variant)}
      aria-label={mobile ? '账号登录' : '登录'}
      onSubmit={submitting(submit)}
      noValidate
    >
      <Field label={mobile ? '手机号' : '用户名'} name="mobilePhone" error={form.errors.mobilePhone} required={!mobile}>
        <AccountInput
          variant={variant}
          id={`${idPrefix}mobilePhone`}
          placeholder="请输入手机号"
          icon="user"
          autoComplete="username"
          inputMode="tel"
          maxLength={mobile ? 11 : undefined}
          {...form.bind('mobilePhone')}
        />
      </Field>
      <Field label="密码" name="password" error={form.errors.password} required={!mobile}>
        <AccountInput
          variant={variant}
          id={`${idPrefix}password`}
          type="password"
          placeholder="请输入密码"
          icon="lock"
          autoComplete="current-password"
          {...form.bind('password')}
        />
      </Field>
      {!mobile && (
        <div className="fb-row-between">
          <Checkbox
            label="记住我"
            checked={form.values.rememberMe}
            onChange={(e) => form.set('rememberMe', e.currentTarget.checked)}
          />
          <Button variant="minimal" size="small" text="忘记密码？" onClick={() => onSwitch?.('reset')} />
        </div>
      )}
      {mobile ? (
        <Button type="submit" intent="primary" size="large" fill loading={busy === 'login'} text="登录" />
      ) : (
        <Button
          type="submit"
          intent="primary"
          fill
          size="large"
          loading={busy === 'login'}
          disabled={busy === 'guest'}
          text="登录"
        />
      )}
      {!mobile && (
        <div className="fb-row-between fb-auth-links">
          <Button
            variant="minimal"
            size="small"
            intent="primary"
            text="注册账号"
            onClick={() => onSwitch?.('register')}
          />
          <Button
            variant="minimal"
            size="small"
            icon="person"
            text="访客登录"
            loading={busy === 'guest'}
            disabled={busy === 'login'}
            onClick={() => void guest()}
          />
        </div>
      )}
    </form>
  );
};

/** Phone number and SMS code (the mobile site's first tab). */
export const SmsLoginForm = ({ variant, onDone }: FormProps) => {
  const form = useForm({ mobilePhone: '', identifyingCode: '' });
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = validate(loginByPhoneSchema, form.values);
    form.setErrors(v.errors);
    if (!v.ok) return;
    setBusy(true);
    try {
      await loginByPhone(v.data);
      toast.success('登录成功');
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={accountFormClass(variant)} aria-label="短信登录" noValidate onSubmit={submitting(submit)}>
      <Field label="手机号" name="mobilePhone" error={form.errors.mobilePhone}>
        <AccountInput
          variant={variant}
          id="f-sms-mobilePhone"
          placeholder="请输入手机号"
          icon="mobile-phone"
          inputMode="tel"
          maxLength={11}
          {...form.bind('mobilePhone')}
        />
      </Field>
      <Field label="验证码" name="identifyingCode" error={form.errors.identifyingCode}>
        <div className="fb-code-row">
          <AccountInput
            variant={variant}
            id="f-sms-identifyingCode"
            placeholder="6位数字验证码"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            {...form.bind('identifyingCode')}
          />
          <SmsCodeButton
            large={variant === 'mobile'}
            phone={form.values.mobilePhone}
            purpose="login"
            onInvalidPhone={(m) => form.setErrors((e) => ({ ...e, mobilePhone: m }))}
          />
        </div>
      </Field>
      <Button type="submit" intent="primary" size="large" fill loading={busy} text="登录" />
    </form>
  );
};

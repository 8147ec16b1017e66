/** Desktop login, register and reset-password panels (switchable, seed 001 §2). */
import { useState } from 'react';
import { Button, Checkbox, InputGroup } from '@blueprintjs/core';
import { loginSchema, registerPersonSchema, resetPasswordSchema } from '@feibao/domain/accounts/validation';
import { guestLogin, login, register, resetPassword } from '../api/accounts.ts';
import { validate } from '../api/forms.ts';
import { notifyError, toast } from '../api/toaster.ts';
import type { AuthMode } from '../api/ui.ts';
import { Field, useForm } from './form.tsx';
import { SmsCodeButton } from './SmsCodeButton.tsx';

type PanelProps = {
  /** Called once the session exists (login, guest, register after 500 ms, reset). */
  onDone: () => void;
  onSwitch: (mode: AuthMode) => void;
};

export const LoginPanel = ({ onDone, onSwitch }: PanelProps) => {
  const form = useForm({ mobilePhone: '', password: '', rememberMe: false });
  const [busy, setBusy] = useState<'login' | 'guest' | null>(null);

  const submit = async () => {
    const v = validate(loginSchema, form.values);
    form.setErrors(v.errors);
    if (!v.ok) return;
    setBusy('login');
    try {
      await login(v.data);
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

  return (
    <form
      className="fb-auth-panel"
      aria-label="登录"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Field label="用户名" name="mobilePhone" error={form.errors.mobilePhone} required>
        <InputGroup id="f-mobilePhone" placeholder="请输入手机号" leftIcon="user" autoComplete="username" inputMode="tel" {...form.bind('mobilePhone')} />
      </Field>
      <Field label="密码" name="password" error={form.errors.password} required>
        <InputGroup id="f-password" type="password" placeholder="请输入密码" leftIcon="lock" autoComplete="current-password" {...form.bind('password')} />
      </Field>
      <div className="fb-row-between">
        <Checkbox label="记住我" checked={form.values.rememberMe} onChange={(e) => form.set('rememberMe', e.currentTarget.checked)} />
        <Button variant="minimal" size="small" text="忘记密码？" onClick={() => onSwitch('reset')} />
      </div>
      <Button type="submit" intent="primary" fill size="large" loading={busy === 'login'} disabled={busy === 'guest'} text="登录" />
      <div className="fb-row-between fb-auth-links">
        <Button variant="minimal" size="small" intent="primary" text="注册账号" onClick={() => onSwitch('register')} />
        <Button variant="minimal" size="small" icon="person" text="访客登录" loading={busy === 'guest'} disabled={busy === 'login'} onClick={() => void guest()} />
      </div>
    </form>
  );
};

export const RegisterPanel = ({ onDone, onSwitch }: PanelProps) => {
  const form = useForm({ name: '', mobilePhone: '', password: '', confirmPassword: '', identifyingCode: '' });
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = validate(registerPersonSchema, { registerType: 1, ...form.values });
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
      className="fb-auth-panel"
      aria-label="注册"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Field label="用户名" name="name" error={form.errors.name} required>
        <InputGroup id="f-name" placeholder="请输入用户名" leftIcon="user" {...form.bind('name')} />
      </Field>
      <Field label="手机号" name="mobilePhone" error={form.errors.mobilePhone} required>
        <InputGroup id="f-mobilePhone" placeholder="请输入手机号" leftIcon="mobile-phone" inputMode="tel" autoComplete="tel" {...form.bind('mobilePhone')} />
      </Field>
      <Field label="验证码" name="identifyingCode" error={form.errors.identifyingCode} required>
        <div className="fb-code-row">
          <InputGroup id="f-identifyingCode" placeholder="请输入验证码" inputMode="numeric" maxLength={6} autoComplete="one-time-code" {...form.bind('identifyingCode')} />
          <SmsCodeButton
            phone={form.values.mobilePhone}
            purpose="register"
            onInvalidPhone={(m) => form.setErrors((e) => ({ ...e, mobilePhone: m }))}
          />
        </div>
      </Field>
      <Field label="密码" name="password" error={form.errors.password} required helper="至少8个字符">
        <InputGroup id="f-password" type="password" placeholder="请输入密码" leftIcon="lock" autoComplete="new-password" {...form.bind('password')} />
      </Field>
      <Field label="确认密码" name="confirmPassword" error={form.errors.confirmPassword} required>
        <InputGroup id="f-confirmPassword" type="password" placeholder="请再次输入密码" leftIcon="lock" autoComplete="new-password" {...form.bind('confirmPassword')} />
      </Field>
      <Button type="submit" intent="primary" fill size="large" loading={busy} text="注册" />
      <div className="fb-row-between fb-auth-links">
        <span>已有账号？</span>
        <Button variant="minimal" size="small" intent="primary" text="去登录" onClick={() => onSwitch('login')} />
      </div>
    </form>
  );
};

export const ResetPanel = ({ onDone, onSwitch }: PanelProps) => {
  const form = useForm({ mobilePhone: '', password: '', confirmPassword: '', identifyingCode: '' });
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
      className="fb-auth-panel"
      aria-label="重置密码"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Field label="手机号" name="mobilePhone" error={form.errors.mobilePhone} required>
        <InputGroup id="f-mobilePhone" placeholder="请输入手机号" leftIcon="mobile-phone" inputMode="tel" {...form.bind('mobilePhone')} />
      </Field>
      <Field label="验证码" name="identifyingCode" error={form.errors.identifyingCode} required>
        <div className="fb-code-row">
          <InputGroup id="f-identifyingCode" placeholder="请输入验证码" inputMode="numeric" maxLength={6} {...form.bind('identifyingCode')} />
          <SmsCodeButton
            phone={form.values.mobilePhone}
            purpose="reset"
            onInvalidPhone={(m) => form.setErrors((e) => ({ ...e, mobilePhone: m }))}
          />
        </div>
      </Field>
      <Field label="新密码" name="password" error={form.errors.password} required helper="至少8个字符">
        <InputGroup id="f-password" type="password" placeholder="请输入新密码" leftIcon="lock" autoComplete="new-password" {...form.bind('password')} />
      </Field>
      <Field label="确认密码" name="confirmPassword" error={form.errors.confirmPassword} required>
        <InputGroup id="f-confirmPassword" type="password" placeholder="请再次输入新密码" leftIcon="lock" autoComplete="new-password" {...form.bind('confirmPassword')} />
      </Field>
      <Button type="submit" intent="primary" fill size="large" loading={busy} text="重置密码" />
      <div className="fb-row-between fb-auth-links">
        <span>想起密码了？</span>
        <Button variant="minimal" size="small" intent="primary" text="返回登录" onClick={() => onSwitch('login')} />
      </div>
    </form>
  );
};

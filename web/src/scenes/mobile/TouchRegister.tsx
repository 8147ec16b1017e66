import { useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { messages, registerPersonSchema } from '@feibao/domain/accounts/validation';
import { register } from '../../api/accounts.ts';
import { validate } from '../../api/forms.ts';
import { notifyError, toast } from '../../api/toaster.ts';
import { Field, useForm } from '../../components/form.tsx';
import { SmsCodeButton } from '../../components/SmsCodeButton.tsx';
import { TouchPageBar } from '../../components/TouchPageBar.tsx';
import { afterAuthTarget, withBackUrl } from './backUrl.ts';

/** /touch/user/register: person registration (registerType 1). */
export const TouchRegister = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm({ name: '', mobilePhone: '', identifyingCode: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = validate(registerPersonSchema, { registerType: 1, ...form.values }, [
      ['name', messages.mobileUserNameRequired],
      ['mobilePhone', messages.mobilePhoneRequired],
    ]);
    form.setErrors(v.errors);
    if (!v.ok) return;
    setBusy(true);
    try {
      await register(v.data);
      toast.success('注册成功');
      setTimeout(() => navigate(afterAuthTarget(params), { replace: true }), 500);
    } catch (e) {
      setBusy(false);
      notifyError(e);
    }
  };

  return (
    <div className="fb-m-page">
      <TouchPageBar title="用户注册" />
      <div className="fb-m-card">
        <form
          className="fb-m-form"
          aria-label="注册"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Field label="用户名" name="name" error={form.errors.name} required>
            <InputGroup id="f-name" size="large" placeholder="请填写用户名" {...form.bind('name')} />
          </Field>
          <Field label="手机号" name="mobilePhone" error={form.errors.mobilePhone} required>
            <InputGroup id="f-mobilePhone" size="large" placeholder="请填写手机号" inputMode="tel" maxLength={11} {...form.bind('mobilePhone')} />
          </Field>
          <Field label="验证码" name="identifyingCode" error={form.errors.identifyingCode} required>
            <div className="fb-code-row">
              <InputGroup id="f-identifyingCode" size="large" placeholder="6位数字验证码" inputMode="numeric" maxLength={6} {...form.bind('identifyingCode')} />
              <SmsCodeButton large phone={form.values.mobilePhone} purpose="register" onInvalidPhone={(m) => form.setErrors((e) => ({ ...e, mobilePhone: m }))} />
            </div>
          </Field>
          <Field label="密码" name="password" error={form.errors.password} required>
            <InputGroup id="f-password" size="large" type="password" placeholder="长度最小8个字符" autoComplete="new-password" {...form.bind('password')} />
          </Field>
          <Field label="确认密码" name="confirmPassword" error={form.errors.confirmPassword} required>
            <InputGroup id="f-confirmPassword" size="large" type="password" placeholder="请再次输入密码" autoComplete="new-password" {...form.bind('confirmPassword')} />
          </Field>
          <Button type="submit" intent="primary" size="large" fill loading={busy} text="注册" />
        </form>
        <div className="fb-m-links">
          <span>已有账号？</span>
          <Link to={withBackUrl('/touch/user/login', params)}>去登录</Link>
        </div>
      </div>
    </div>
  );
};

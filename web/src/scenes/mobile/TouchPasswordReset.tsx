import { useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { resetPasswordSchema } from '@feibao/domain/accounts/validation';
import { resetPassword } from '../../api/accounts.ts';
import { validate } from '../../api/forms.ts';
import { notifyError, toast } from '../../api/toaster.ts';
import { Field, useForm } from '../../components/form.tsx';
import { SmsCodeButton } from '../../components/SmsCodeButton.tsx';
import { TouchPageBar } from '../../components/TouchPageBar.tsx';
import { afterAuthTarget } from './backUrl.ts';

/** /touch/user/passwordReset: after success the backUrl, else /touch/index. */
export const TouchPasswordReset = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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
      navigate(afterAuthTarget(params), { replace: true });
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fb-m-page">
      <TouchPageBar title="重置密码" />
      <div className="fb-m-card">
        <form
          className="fb-m-form"
          aria-label="重置密码"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Field label="手机号" name="mobilePhone" error={form.errors.mobilePhone} required>
            <InputGroup id="f-mobilePhone" size="large" placeholder="请填写手机号" inputMode="tel" maxLength={11} {...form.bind('mobilePhone')} />
          </Field>
          <Field label="验证码" name="identifyingCode" error={form.errors.identifyingCode} required>
            <div className="fb-code-row">
              <InputGroup id="f-identifyingCode" size="large" placeholder="6位数字验证码" inputMode="numeric" maxLength={6} {...form.bind('identifyingCode')} />
              <SmsCodeButton large phone={form.values.mobilePhone} purpose="reset" onInvalidPhone={(m) => form.setErrors((e) => ({ ...e, mobilePhone: m }))} />
            </div>
          </Field>
          <Field label="新密码" name="password" error={form.errors.password} required>
            <InputGroup id="f-password" size="large" type="password" placeholder="长度最小8个字符" autoComplete="new-password" {...form.bind('password')} />
          </Field>
          <Field label="确认密码" name="confirmPassword" error={form.errors.confirmPassword} required>
            <InputGroup id="f-confirmPassword" size="large" type="password" placeholder="请再次输入新密码" autoComplete="new-password" {...form.bind('confirmPassword')} />
          </Field>
          <Button type="submit" intent="primary" size="large" fill loading={busy} text="重置密码" />
        </form>
      </div>
    </div>
  );
};

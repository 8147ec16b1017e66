import { useState } from 'react';
import { Button, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginByPhoneSchema, loginSchema, messages } from '@feibao/domain/accounts/validation';
import { login, loginByPhone } from '../../api/accounts.ts';
import { validate } from '../../api/forms.ts';
import { notifyError, toast } from '../../api/toaster.ts';
import { Field, useForm } from '../../components/form.tsx';
import { SmsCodeButton } from '../../components/SmsCodeButton.tsx';
import { TouchPageBar } from '../../components/TouchPageBar.tsx';
import { afterAuthTarget, withBackUrl } from './backUrl.ts';

export const MOBILE_PASSWORD_MIN = 5;
export const mobilePasswordMessage = `密码长度不能少于${MOBILE_PASSWORD_MIN}个字符`;

/** /touch/user/login: SMS-code login and account login tabs. */
export const TouchLogin = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [tab, setTab] = useState<'sms' | 'account'>('sms');
  const sms = useForm({ mobilePhone: '', identifyingCode: '' });
  const account = useForm({ mobilePhone: '', password: '' });
  const [busy, setBusy] = useState(false);

  const finish = () => {
    toast.success('登录成功');
    navigate(afterAuthTarget(params), { replace: true });
  };

  const submitSms = async () => {
    const v = validate(loginByPhoneSchema, sms.values);
    sms.setErrors(v.errors);
    if (!v.ok) return;
    setBusy(true);
    try {
      await loginByPhone(v.data);
      finish();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  const submitAccount = async () => {
    const v = validate(loginSchema, { ...account.values, rememberMe: true }, [['mobilePhone', messages.mobilePhoneRequired]]);
    const errors = { ...v.errors };
    if (!errors.password && account.values.password.length < MOBILE_PASSWORD_MIN) errors.password = mobilePasswordMessage;
    account.setErrors(errors);
    if (!v.ok || errors.password) return;
    setBusy(true);
    try {
      await login(v.data);
      finish();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fb-m-page">
      <TouchPageBar title="用户登录" />
      <div className="fb-m-card">
        <Tabs id="touch-login" selectedTabId={tab} onChange={(id) => setTab(id as 'sms' | 'account')} large fill>
          <Tab
            id="sms"
            title="短信登录"
            panel={
              <form
                className="fb-m-form"
                aria-label="短信登录"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void submitSms();
                }}
              >
                <Field label="手机号" name="mobilePhone" error={sms.errors.mobilePhone}>
                  <InputGroup id="f-sms-mobilePhone" size="large" placeholder="请输入手机号" inputMode="tel" maxLength={11} {...sms.bind('mobilePhone')} />
                </Field>
                <Field label="验证码" name="identifyingCode" error={sms.errors.identifyingCode}>
                  <div className="fb-code-row">
                    <InputGroup id="f-sms-identifyingCode" size="large" placeholder="6位数字验证码" inputMode="numeric" maxLength={6} autoComplete="one-time-code" {...sms.bind('identifyingCode')} />
                    <SmsCodeButton
                      large
                      phone={sms.values.mobilePhone}
                      purpose="login"
                      onInvalidPhone={(m) => sms.setErrors((e) => ({ ...e, mobilePhone: m }))}
                    />
                  </div>
                </Field>
                <Button type="submit" intent="primary" size="large" fill loading={busy} text="登录" />
              </form>
            }
          />
          <Tab
            id="account"
            title="账号登录"
            panel={
              <form
                className="fb-m-form"
                aria-label="账号登录"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void submitAccount();
                }}
              >
                <Field label="手机号" name="mobilePhone" error={account.errors.mobilePhone}>
                  <InputGroup id="f-acc-mobilePhone" size="large" placeholder="请输入手机号" inputMode="tel" maxLength={11} autoComplete="username" {...account.bind('mobilePhone')} />
                </Field>
                <Field label="密码" name="password" error={account.errors.password}>
                  <InputGroup id="f-acc-password" size="large" type="password" placeholder="请输入密码" autoComplete="current-password" {...account.bind('password')} />
                </Field>
                <Button type="submit" intent="primary" size="large" fill loading={busy} text="登录" />
              </form>
            }
          />
        </Tabs>
        <div className="fb-m-links">
          <Link to={withBackUrl('/touch/user/register', params)}>注册账号</Link>
          <Link to={withBackUrl('/touch/user/passwordReset', params)}>忘记密码</Link>
        </div>
      </div>
    </div>
  );
};

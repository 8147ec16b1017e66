import { type FormEvent, useEffect, useState } from 'react';
import { Button, Callout, Card, FormGroup, InputGroup, Tab, Tabs } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { captchaMessages, messages, PHONE_PATTERN, SMS_CODE_PATTERN } from '@feibao/domain/accounts/validation';
import { ResultCode } from '@feibao/domain/shared/codes';
import { RulesApiError } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { loginWithCode, loginWithPassword, sendLoginCode } from '../api/sso.ts';
import { rulesToken } from '../api/token.ts';
import { safeRedirect } from '../frame.ts';
import { CaptchaField, useCaptcha } from './LoginCaptcha.tsx';
import { useCountdown } from '../../shared/useCountdown.ts';
import './login.css';
import { useForm } from '../../shared/form.tsx';

type Way = 'password' | 'code';
export const SMS_COUNTDOWN_SECONDS = 60;

const problemOf = (error: unknown) => {
  if (!(error instanceof RulesApiError)) return '登录失败，请稍后重试';
  if (error.code === ResultCode.forbidden) return '该账号没有规则平台的权限，请联系管理员';
  return error.message;
};

/**
 * /rules/login: the platform's own accounts, by password or by SMS code; only rule-platform roles
 * get past it (the server refuses the rest). After failed logins the server asks for a captcha,
 * which both ways then carry.
 */
export const LoginPage = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [way, setWay] = useState<Way>('password');
  const form = useForm({ mobilePhone: '', password: '', code: '' });
  const { mobilePhone, password, code } = form.values;
  const [showPassword, setShowPassword] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();
  const captcha = useCaptcha();
  const { check } = captcha;

  useEffect(() => {
    void check();
  }, [check]);

  const sendCode = async () => {
    const phone = mobilePhone.trim();
    if (!PHONE_PATTERN.test(phone)) return setProblem(phone ? messages.phoneFormat : messages.mobilePhoneRequired);
    setProblem(null);
    setSending(true);
    try {
      await sendLoginCode(phone);
      notify.success('发送验证码成功');
      countdown.start(SMS_COUNTDOWN_SECONDS);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSending(false);
    }
  };

  const checked = (phone: string): string | null => {
    if (!PHONE_PATTERN.test(phone)) return phone ? messages.phoneFormat : messages.mobilePhoneRequired;
    if (way === 'password' && !password) return messages.passwordRequired;
    if (way === 'code' && !SMS_CODE_PATTERN.test(code.trim()))
      return code.trim() ? messages.codeFormat : messages.codeRequired;
    if (captcha.required && !captcha.answer.trim()) return captchaMessages.required;
    return null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const phone = mobilePhone.trim();
    const wrong = checked(phone);
    if (wrong) return setProblem(wrong);
    setProblem(null);
    setBusy(true);
    const solved = captcha.payload();
    try {
      const session =
        way === 'password'
          ? await loginWithPassword({ username: phone, password, ...solved })
          : await loginWithCode({ mobilePhone: phone, identifyingCode: code.trim(), ...solved });
      rulesToken.set(session.accessToken, session.refreshToken);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      setProblem(problemOf(error));
      await check(phone, solved.captchaKey !== undefined);
    } finally {
      setBusy(false);
    }
  };

  const phoneField = (id: string) => (
    <FormGroup label="手机号" labelFor={id}>
      <InputGroup
        id={id}
        leftIcon="mobile-phone"
        placeholder="请输入手机号"
        inputMode="numeric"
        autoComplete="username"
        value={mobilePhone}
        onValueChange={(v) => form.set('mobilePhone', v)}
        maxLength={11}
        size="large"
      />
    </FormGroup>
  );

  const passwordPanel = (
    <>
      {phoneField('rp-phone')}
      <FormGroup label="密码" labelFor="rp-password">
        <InputGroup
          id="rp-password"
          leftIcon="key"
          placeholder="请输入密码"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onValueChange={(v) => form.set('password', v)}
          size="large"
          rightElement={
            <Button
              variant="minimal"
              icon={showPassword ? 'eye-off' : 'eye-open'}
              aria-label={showPassword ? '隐藏密码' : '显示密码'}
              onClick={() => setShowPassword((s) => !s)}
            />
          }
        />
      </FormGroup>
    </>
  );

  const codePanel = (
    <>
      {phoneField('rp-code-phone')}
      <FormGroup label="短信验证码" labelFor="rp-sms-code">
        <InputGroup
          id="rp-sms-code"
          leftIcon="comment"
          placeholder="请输入6位验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onValueChange={(v) => form.set('code', v)}
          size="large"
          rightElement={
            <Button
              variant="minimal"
              intent="primary"
              className="rp-sms-button"
              data-testid="rules-send-code"
              loading={sending}
              disabled={countdown.running}
              onClick={() => void sendCode()}
              text={countdown.label}
            />
          }
        />
      </FormGroup>
    </>
  );

  return (
    <main className="rp-login" data-testid="rules-login">
      <Card className="rp-login-card" elevation={3}>
        <h1 className="rp-login-title">
          <span className="rp-logo-mark">飞</span> 飞保规则平台
        </h1>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Tabs
            id="rp-login-ways"
            className="rp-login-ways"
            selectedTabId={way}
            onChange={(next) => {
              setWay(next as Way);
              setProblem(null);
            }}
            renderActiveTabPanelOnly
            fill
            size="large"
          >
            <Tab id="password" title="密码登录" panel={passwordPanel} />
            <Tab id="code" title="验证码登录" panel={codePanel} />
          </Tabs>
          {captcha.required && <CaptchaField captcha={captcha} id="rp-captcha" />}
          {problem && (
            <Callout intent="danger" className="rp-login-problem" data-testid="rules-login-problem">
              {problem}
            </Callout>
          )}
          <Button type="submit" intent="primary" size="large" fill loading={busy} text="登录" />
        </form>
        <p className="rp-login-note">规则平台仅供管理员、规则审核、规则测试和批量测试人员使用。</p>
      </Card>
    </main>
  );
};

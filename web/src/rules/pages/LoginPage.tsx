import { type FormEvent, useState } from 'react';
import { Button, Callout, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PHONE_PATTERN } from '@feibao/domain/accounts/validation';
import { ResultCode } from '@feibao/domain/shared/codes';
import { RulesApiError, rulesRequest } from '../api/client.ts';
import { rulesToken } from '../api/token.ts';
import { MENU_API, safeRedirect } from '../frame.ts';

type LoginAnswer = { accessToken: string; refreshToken?: string };

/** /rules/login: the platform's own accounts, signed in with phone and password; only rule-platform roles get past it. */
export const LoginPage = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mobilePhone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const phone = mobilePhone.trim();
    if (!PHONE_PATTERN.test(phone)) return setProblem('请输入正确的手机号');
    if (!password) return setProblem('请输入密码');
    setProblem(null);
    setBusy(true);
    try {
      const session = await rulesRequest<LoginAnswer>('/api/v1/uav/user/login', { body: { mobilePhone: phone, password }, anonymous: true });
      rulesToken.set(session.accessToken, session.refreshToken);
      try {
        await rulesRequest(MENU_API);
      } catch (error) {
        rulesToken.clear();
        if (error instanceof RulesApiError && error.code === ResultCode.forbidden) setProblem('该账号没有规则平台的权限，请联系管理员');
        return;
      }
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      if (error instanceof RulesApiError) setProblem(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rp-login" data-testid="rules-login">
      <Card className="rp-login-card" elevation={3}>
        <h1 className="rp-login-title">
          <span className="rp-logo-mark">飞</span> 飞保规则平台
        </h1>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormGroup label="手机号" labelFor="rp-phone">
            <InputGroup id="rp-phone" leftIcon="mobile-phone" placeholder="请输入手机号" inputMode="numeric" autoComplete="username" value={mobilePhone} onValueChange={setPhone} maxLength={11} size="large" />
          </FormGroup>
          <FormGroup label="密码" labelFor="rp-password">
            <InputGroup
              id="rp-password"
              leftIcon="key"
              placeholder="请输入密码"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onValueChange={setPassword}
              size="large"
              rightElement={<Button variant="minimal" icon={showPassword ? 'eye-off' : 'eye-open'} aria-label={showPassword ? '隐藏密码' : '显示密码'} onClick={() => setShowPassword((s) => !s)} />}
            />
          </FormGroup>
          {problem && (
            <Callout intent="danger" className="rp-login-problem" data-testid="rules-login-problem">
              {problem}
            </Callout>
          )}
          <Button type="submit" intent="primary" size="large" fill loading={busy} text="登录" />
        </form>
        <p className="rp-login-note">规则平台仅供管理员、规则审核、规则测试和批量测试人员使用。</p>
      </Card>
    </div>
  );
};

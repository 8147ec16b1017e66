/**
 * The account pages of both sites. The desktop site logs in on /login/index and registers
 * or resets a password in the header's dialog (AuthDialog); the mobile site has a page for
 * each. Every page renders the same form components (LoginForm, RegisterForm) with its variant.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { sessionStore, setRedirect, takeRedirect, useSession } from '../api/session.ts';
import { uiStore } from '../api/ui.ts';
import type { AuthMode } from '../api/ui.ts';
import { TouchPageBar } from '../shared/TouchPageBar.tsx';
import type { Variant } from '../shared/site.ts';
import { afterAuthTarget, withBackUrl } from './backUrl.ts';
import { PasswordLoginForm, SmsLoginForm } from './LoginForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { PasswordResetForm, RegisterForm } from './RegisterForm.tsx';

/** A mobile page: back bar, then one card. */
const MobilePage = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="fb-m-page">
    <TouchPageBar title={title} />
    <div className="fb-m-card">{children}</div>
  </div>
);

/** After a mobile login, registration or reset: ?backUrl, else the stored redirect, else home. */
const useMobileDone = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return { params, done: () => navigate(afterAuthTarget(params), { replace: true }) };
};

/** /login/index (desktop) and /touch/user/login (mobile: SMS-code and password tabs). */
export const LoginPage = ({ variant }: { variant: Variant }) => {
  const navigate = useNavigate();
  const mobile = useMobileDone();
  const [tab, setTab] = useState<'sms' | 'account'>('sms');
  if (variant === 'desktop')
    return (
      <div className="fb-page fb-login-page">
        <Card className="fb-card fb-login-card">
          <h2 className="fb-page-title">用户登录</h2>
          <PasswordLoginForm
            variant="desktop"
            onDone={() => navigate(takeRedirect() ?? '/index/index')}
            onSwitch={(mode: AuthMode) => uiStore.openAuth(mode)}
          />
        </Card>
      </div>
    );
  return (
    <MobilePage title="用户登录">
      <Tabs id="touch-login" selectedTabId={tab} onChange={(id) => setTab(id as 'sms' | 'account')} large fill>
        <Tab id="sms" title="短信登录" panel={<SmsLoginForm variant="mobile" onDone={mobile.done} />} />
        <Tab id="account" title="账号登录" panel={<PasswordLoginForm variant="mobile" onDone={mobile.done} />} />
      </Tabs>
      <div className="fb-m-links">
        <Link to={withBackUrl('/touch/user/register', mobile.params)}>注册账号</Link>
        <Link to={withBackUrl('/touch/user/passwordReset', mobile.params)}>忘记密码</Link>
      </div>
    </MobilePage>
  );
};

/** /touch/user/register: person registration (the desktop site uses the header dialog). */
export const RegisterPage = () => {
  const { params, done } = useMobileDone();
  return (
    <MobilePage title="用户注册">
      <RegisterForm variant="mobile" onDone={done} />
      <div className="fb-m-links">
        <span>已有账号？</span>
        <Link to={withBackUrl('/touch/user/login', params)}>去登录</Link>
      </div>
    </MobilePage>
  );
};

/** /touch/user/passwordReset (the desktop site uses the header dialog). */
export const PasswordResetPage = () => {
  const { done } = useMobileDone();
  return (
    <MobilePage title="重置密码">
      <PasswordResetForm variant="mobile" onDone={done} />
    </MobilePage>
  );
};

/**
 * 完善信息: /platform/userInformation asks a visitor to log in (from=register opens
 * registration); /touch/userInformation (also /touch/user/userInformation and
 * /touch/user/supplementaryInformation) registers a company account when nobody is logged in.
 */
export const UserInformationPage = ({ variant }: { variant: Variant }) =>
  variant === 'mobile' ? <MobileUserInformation /> : <DesktopUserInformation />;

const DesktopUserInformation = () => {
  const session = useSession();
  const [params] = useSearchParams();
  const fromRegister = params.get('from') === 'register';

  // Prompt at page open only: a logout while on this page must not reopen a dialog.
  useEffect(() => {
    if (sessionStore.get()) return;
    setRedirect(window.location.pathname + window.location.search);
    uiStore.openAuth(fromRegister ? 'register' : 'login');
  }, [fromRegister]);

  return (
    <div className="fb-page fb-page-narrow">
      <h2 className="fb-page-title">完善信息</h2>
      {session ? (
        <Card className="fb-card">
          <p className="fb-muted">请完善投保人（企业）信息，投保与理赔时将自动带入。</p>
          <ProfileForm variant="desktop" />
        </Card>
      ) : (
        <NonIdealState
          icon="lock"
          title="请先登录"
          description="登录后即可查看和完善用户信息。"
          action={
            <div className="fb-row-gap">
              <Button intent="primary" text="登录" onClick={() => uiStore.openAuth('login')} />
              <Button text="注册" onClick={() => uiStore.openAuth('register')} />
            </div>
          }
        />
      )}
    </div>
  );
};

const MobileUserInformation = () => {
  const session = useSession();
  const { done } = useMobileDone();
  const registeringAtOpen = useRef(!session);
  return (
    <MobilePage title="完善信息">
      {!session && (
        <p className="fb-muted fb-m-hint">
          未登录时提交将注册企业账号。已有账号？<Link to={`/touch/user/login?backUrl=${encodeURIComponent(window.location.pathname)}`}>去登录</Link>
        </p>
      )}
      <ProfileForm
        variant="mobile"
        onSaved={() => {
          if (registeringAtOpen.current) done();
        }}
      />
    </MobilePage>
  );
};

/**
 * The account pages of both sites. The desktop site logs in on /login/index and registers
 * or resets a password in the header's dialog (AuthDialog); the mobile site has a page for
 * each. Every page renders the same form components (LoginForm, RegisterForm) with its variant.
 * 企业注册 is a page on both sites (/platform/enterpriseRegister, /touch/user/enterpriseRegister).
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, Tab, Tabs } from '@blueprintjs/core';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { sessionStore, setRedirect, takeRedirect, useSession } from '../api/session.ts';
import { uiStore, type AuthMode } from '../api/ui.ts';
import { TouchPageBar } from '../shared/TouchPageBar.tsx';
import type { Variant } from '../shared/site.ts';
import { afterAuthTarget, withBackUrl } from './backUrl.ts';
import { EnterpriseRegisterForm } from './EnterpriseRegisterForm.tsx';
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
          <h1 className="fb-page-title">用户登录</h1>
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
        <span>
          已有账号？<Link to={withBackUrl('/touch/user/login', params)}>去登录</Link>
        </span>
        <Link to={withBackUrl('/touch/user/enterpriseRegister', params)}>企业注册</Link>
      </div>
    </MobilePage>
  );
};

/**
 * 企业注册 on both sites. A visitor or a guest registers a company account and is signed in; someone
 * already signed in is sent to the profile instead (a second account would replace their session).
 */
export const EnterpriseRegisterPage = ({ variant }: { variant: Variant }) =>
  variant === 'mobile' ? <MobileEnterpriseRegister /> : <DesktopEnterpriseRegister />;

/** Whether the page opened without a registered session: a registration that succeeds here stays on the form until it moves on. */
const useVisitorAtOpen = () => {
  const session = useSession();
  return useRef(!session || session.guest).current;
};

const DesktopEnterpriseRegister = () => {
  const navigate = useNavigate();
  const visitor = useVisitorAtOpen();
  return (
    <div className="fb-page fb-enterprise-page">
      <h1 className="fb-page-title">企业注册</h1>
      {visitor ? (
        <Card className="fb-card">
          <p className="fb-muted fb-enterprise-lead">注册企业账号，投保与理赔时将自动带入企业信息。</p>
          <EnterpriseRegisterForm variant="desktop" onDone={() => navigate(takeRedirect() ?? '/index/index')}>
            <div className="fb-enterprise-links">
              <span>
                已有账号？
                <Button
                  variant="minimal"
                  size="small"
                  intent="primary"
                  text="去登录"
                  onClick={() => uiStore.openAuth('login')}
                />
              </span>
              <Button variant="minimal" size="small" text="个人注册" onClick={() => uiStore.openAuth('register')} />
            </div>
          </EnterpriseRegisterForm>
        </Card>
      ) : (
        <SignedIn to="/platform/userInformation" />
      )}
    </div>
  );
};

const MobileEnterpriseRegister = () => {
  const { params, done } = useMobileDone();
  const visitor = useVisitorAtOpen();
  return (
    <MobilePage title="企业注册">
      {visitor ? (
        <EnterpriseRegisterForm variant="mobile" onDone={done}>
          <div className="fb-m-links">
            <span>
              已有账号？<Link to={withBackUrl('/touch/user/login', params)}>去登录</Link>
            </span>
            <Link to={withBackUrl('/touch/user/register', params)}>个人注册</Link>
          </div>
        </EnterpriseRegisterForm>
      ) : (
        <SignedIn to="/touch/userInformation" />
      )}
    </MobilePage>
  );
};

const SignedIn = ({ to }: { to: string }) => {
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="endorsed"
      title="您已登录"
      description="企业信息可在用户信息中完善；注册新的企业账号请先退出登录。"
      action={<Button intent="primary" text="完善企业信息" onClick={() => navigate(to)} />}
    />
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
  const { key } = useLocation();
  const fromRegister = params.get('from') === 'register';

  // Prompt when the page is opened, and again each time the header's 注册 link leads here (a new
  // location key, even on the same address); a logout while on this page must not reopen a dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key marks each arrival on the page
  useEffect(() => {
    if (sessionStore.get()) return;
    setRedirect(window.location.pathname + window.location.search);
    uiStore.openAuth(fromRegister ? 'register' : 'login');
  }, [fromRegister, key]);

  return (
    <div className="fb-page fb-page-narrow">
      <h1 className="fb-page-title">完善信息</h1>
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
          未登录时提交将注册企业账号。已有账号？
          <Link to={`/touch/user/login?backUrl=${encodeURIComponent(window.location.pathname)}`}>去登录</Link>
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

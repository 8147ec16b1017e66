import { useEffect, useRef } from 'react';
import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { takeRedirect } from '../api/session.ts';
import { uiStore, useUi, type AuthMode } from '../api/ui.ts';
import { PasswordLoginForm } from './LoginForm.tsx';
import { PasswordResetForm, RegisterForm } from './RegisterForm.tsx';
import { focusDialog } from '../shared/dialogFocus.ts';

const titles: Record<AuthMode, string> = { login: '用户登录', register: '用户注册', reset: '重置密码' };

/** The dialog's link back to login under the register and reset forms. */
const BackToLogin = ({ prompt, text }: { prompt: string; text: string }) => (
  <div className="fb-row-between fb-auth-links">
    <span>{prompt}</span>
    <Button variant="minimal" size="small" intent="primary" text={text} onClick={() => uiStore.openAuth('login')} />
  </div>
);

/** The desktop header's switchable login / register / reset dialog. */
export const AuthDialog = () => {
  const { auth } = useUi();
  const navigate = useNavigate();
  // Switching between login, registration and reset replaces the form that held the focus: it goes
  // to the new form, else it would fall out of the dialog (and Escape would no longer reach it).
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (auth && container.current) focusDialog(container.current);
  }, [auth]);
  // After logging in: the address stored when the login was asked for (a 401, a page that needs a
  // session), else the home page.
  const done = () => {
    uiStore.closeAuth();
    const to = takeRedirect() ?? '/index/index';
    if (to !== window.location.pathname + window.location.search) navigate(to);
  };
  const enterprise = () => {
    uiStore.closeAuth();
    navigate('/platform/enterpriseRegister');
  };
  return (
    <Dialog
      isOpen={auth !== null}
      onClose={() => uiStore.closeAuth()}
      title={auth ? titles[auth] : ''}
      className="fb-auth-dialog"
      canOutsideClickClose={false}
      onOpening={focusDialog}
      containerRef={container}
    >
      <DialogBody>
        {auth === 'login' && <PasswordLoginForm variant="desktop" onDone={done} onSwitch={uiStore.openAuth} />}
        {auth === 'register' && (
          <RegisterForm variant="desktop" onDone={done}>
            <BackToLogin prompt="已有账号？" text="去登录" />
            <div className="fb-row-between fb-auth-links">
              <span>企业用户？</span>
              <Button variant="minimal" size="small" intent="primary" text="企业注册" onClick={enterprise} />
            </div>
          </RegisterForm>
        )}
        {auth === 'reset' && (
          <PasswordResetForm variant="desktop" onDone={done}>
            <BackToLogin prompt="想起密码了？" text="返回登录" />
          </PasswordResetForm>
        )}
      </DialogBody>
    </Dialog>
  );
};

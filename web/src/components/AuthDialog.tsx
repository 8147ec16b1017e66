import { Dialog, DialogBody } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { takeRedirect } from '../api/session.ts';
import { uiStore, useUi } from '../api/ui.ts';
import type { AuthMode } from '../api/ui.ts';
import { LoginPanel, RegisterPanel, ResetPanel } from './AuthPanels.tsx';

const titles: Record<AuthMode, string> = { login: '用户登录', register: '用户注册', reset: '重置密码' };

/** The header's switchable login / register / reset dialog. */
export const AuthDialog = () => {
  const { auth } = useUi();
  const navigate = useNavigate();
  const done = () => {
    uiStore.closeAuth();
    const to = takeRedirect();
    if (to && to !== window.location.pathname + window.location.search) navigate(to);
  };
  return (
    <Dialog
      isOpen={auth !== null}
      onClose={() => uiStore.closeAuth()}
      title={auth ? titles[auth] : ''}
      className="fb-auth-dialog"
      canOutsideClickClose={false}
    >
      <DialogBody>
        {auth === 'login' && <LoginPanel onDone={done} onSwitch={uiStore.openAuth} />}
        {auth === 'register' && <RegisterPanel onDone={done} onSwitch={uiStore.openAuth} />}
        {auth === 'reset' && <ResetPanel onDone={done} onSwitch={uiStore.openAuth} />}
      </DialogBody>
    </Dialog>
  );
};

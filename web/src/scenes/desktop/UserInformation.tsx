import { useEffect } from 'react';
import { Button, Card, NonIdealState } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { sessionStore, setRedirect, useSession } from '../../api/session.ts';
import { uiStore } from '../../api/ui.ts';
import { ProfileForm } from '../../components/ProfileForm.tsx';

/**
 * /platform/userInformation: the company profile page. Without a session it asks
 * to log in; from=register (the header's register link) opens registration.
 */
export const UserInformation = () => {
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

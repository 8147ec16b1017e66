import { Card } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { takeRedirect } from '../../api/session.ts';
import { uiStore } from '../../api/ui.ts';
import type { AuthMode } from '../../api/ui.ts';
import { LoginPanel } from '../../components/AuthPanels.tsx';

/** /login/index: full-page login; after login the stored redirect or the home page. */
export const LoginPage = () => {
  const navigate = useNavigate();
  return (
    <div className="fb-page fb-login-page">
      <Card className="fb-card fb-login-card">
        <h2 className="fb-page-title">用户登录</h2>
        <LoginPanel
          onDone={() => navigate(takeRedirect() ?? '/index/index')}
          onSwitch={(mode: AuthMode) => uiStore.openAuth(mode)}
        />
      </Card>
    </div>
  );
};

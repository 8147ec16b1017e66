import { Button } from '@blueprintjs/core';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { useNavigate } from 'react-router-dom';
import { uiStore } from '../api/ui.ts';

export const NotFound = () => {
  const navigate = useNavigate();
  return (
    <div className="fb-page fb-error-page">
      <NonIdealState
        titleLevel={1}
        icon="search"
        title="404"
        description="抱歉，您访问的页面不存在。"
        action={<Button intent="primary" text="返回首页" onClick={() => navigate('/index/index')} />}
      />
    </div>
  );
};

export const Unauthorized = () => {
  const navigate = useNavigate();
  return (
    <div className="fb-page fb-error-page">
      <NonIdealState
        titleLevel={1}
        icon="lock"
        title="401"
        description="抱歉，您没有访问该页面的权限，请登录后重试。"
        action={
          <div className="fb-row-gap">
            <Button intent="primary" text="登录" onClick={() => uiStore.openAuth('login')} />
            <Button text="返回首页" onClick={() => navigate('/index/index')} />
          </div>
        }
      />
    </div>
  );
};

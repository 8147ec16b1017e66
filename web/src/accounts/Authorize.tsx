import { useEffect, useRef, useState } from 'react';
import { Button, Spinner } from '@blueprintjs/core';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { exchangeCode } from './api.ts';
import { STORAGE_KEYS, takeRedirect } from '../api/session.ts';
import { notifyError } from '../api/toaster.ts';

/** /authorize?code=…: exchanges a one-time code for a session. */
export const Authorize = () => {
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    exchangeCode(code)
      .then(() => navigate(takeRedirect() ?? '/', { replace: true }))
      .catch((e: unknown) => {
        notifyError(e);
        setError(e instanceof Error ? e.message : '登录失败');
      });
  }, [code, navigate]);

  if (!code)
    return (
      <div className="fb-center-page">
        <NonIdealState titleLevel={1} icon="error" title="缺少 code 参数" />
      </div>
    );
  if (error)
    return (
      <div className="fb-center-page">
        <NonIdealState
          titleLevel={1}
          icon="error"
          title="登录失败"
          description={error}
          action={<Button text="返回首页" onClick={() => navigate('/')} />}
        />
      </div>
    );
  return (
    <div className="fb-center-page">
      <NonIdealState titleLevel={1} icon={<Spinner size={40} />} title="正在登录…" />
    </div>
  );
};

/** Popup auth-redirect page: keeps its query string locally and closes itself. */
export const AuthRedirect = () => {
  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.authRedirectQuery, window.location.search);
    window.close();
  }, []);
  return (
    <div className="fb-center-page">
      <NonIdealState titleLevel={1} icon={<Spinner size={40} />} title="授权完成，正在返回…" />
    </div>
  );
};

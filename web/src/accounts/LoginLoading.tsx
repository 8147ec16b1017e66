import { useEffect } from 'react';
import { Spinner } from '@blueprintjs/core';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { useNavigate } from 'react-router-dom';
import { peekRedirect, takeRedirect, useSession } from '../api/session.ts';

/** /loginLoading: spinner while a login completes, then the stored redirect. */
export const LoginLoading = () => {
  const session = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => {
      if (session) {
        navigate(takeRedirect() ?? '/', { replace: true });
        return;
      }
      const back = peekRedirect() ?? '';
      navigate(back.startsWith('/touch') ? `/touch/user/login?backUrl=${encodeURIComponent(back)}` : '/login/index', {
        replace: true,
      });
    }, 600);
    return () => clearTimeout(t);
  }, [session, navigate]);
  return (
    <div className="fb-center-page">
      <NonIdealState titleLevel={1} icon={<Spinner size={40} />} title="正在登录…" />
    </div>
  );
};

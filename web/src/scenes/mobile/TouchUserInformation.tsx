import { useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../api/session.ts';
import { ProfileForm } from '../../components/ProfileForm.tsx';
import { TouchPageBar } from '../../components/TouchPageBar.tsx';
import { afterAuthTarget } from './backUrl.ts';

/**
 * /touch/userInformation (also /touch/user/userInformation, /touch/user/supplementaryInformation):
 * 完善信息. Logged in it updates the profile; otherwise it registers a company account.
 */
export const TouchUserInformation = () => {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const registeringAtOpen = useRef(!session);
  return (
    <div className="fb-m-page">
      <TouchPageBar title="完善信息" />
      <div className="fb-m-card">
        {!session && (
          <p className="fb-muted fb-m-hint">
            未登录时提交将注册企业账号。已有账号？<Link to={`/touch/user/login?backUrl=${encodeURIComponent(window.location.pathname)}`}>去登录</Link>
          </p>
        )}
        <ProfileForm
          variant="mobile"
          onSaved={() => {
            if (registeringAtOpen.current) navigate(afterAuthTarget(params), { replace: true });
          }}
        />
      </div>
    </div>
  );
};

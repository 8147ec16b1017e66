import { useRef, useState } from 'react';
import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { guestLogin, logout } from '../accounts/api.ts';
import { displayName, useSession } from '../api/session.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { uiStore } from '../api/ui.ts';
import { backofficeHome } from '../backoffice/nav.ts';
import { NotificationBell } from '../notifications/Bell.tsx';

export const desktopTabs = [
  { label: '首页', to: '/index/index' },
  { label: '开始投保', to: '/platform/guide' },
  { label: '订单查询', to: '/platform/orderInquiry' },
  { label: '申请理赔', to: '/platform/applyForCompensation' },
  { label: '用户信息', to: '/platform/userInformation' },
  { label: '理赔查询', to: '/settlementOfClaim/index' },
] as const;

/** Staff see one 后台 tab leading to the first back-office area their roles open (backoffice/nav.ts). */
const staffTab = (roles: readonly string[] | undefined) => {
  const to = backofficeHome(roles);
  return to ? [{ label: '后台', to }] : [];
};

/** Ends the session (server and local) and goes home. */
export const useLogout = (home: string) => {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await logout();
      toast.success('已退出登录');
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      navigate(home);
    }
  };
  return { busy, run };
};

export const Header = () => {
  const session = useSession();
  const { pathname } = useLocation();
  const out = useLogout('/index/index');
  const navigate = useNavigate();
  const [guestBusy, setGuestBusy] = useState(false);
  // 完善信息 opens once the menu has closed, from the menu's button: the menu holds the focus while it
  // closes, and the dialog gives the focus back on closing to whatever had it when it opened.
  const userButton = useRef<HTMLButtonElement>(null);
  const profileAfterMenu = useRef(false);
  const guest = async () => {
    setGuestBusy(true);
    try {
      await guestLogin();
      toast.success('已以访客身份登录');
    } catch (e) {
      notifyError(e);
    } finally {
      setGuestBusy(false);
    }
  };

  return (
    <header className="fb-header">
      <div className="fb-header-inner">
        <Link to="/index/index" className="fb-logo" aria-label="飞保 首页">
          <span className="fb-logo-mark" aria-hidden="true" />
          <span className="fb-logo-text">飞保</span>
        </Link>
        <nav className="fb-tabs" aria-label="主导航">
          {[...desktopTabs, ...staffTab(session?.user?.roles)].map((t) => {
            const active = t.label === '后台' ? pathname.startsWith('/backoffice/') : pathname === t.to;
            return (
              <Link
                key={t.to}
                to={t.to}
                className={active ? 'fb-tab fb-tab-active' : 'fb-tab'}
                aria-current={active ? 'page' : undefined}
              >
                {t.label}
              </Link>
            );
          })}
        </nav>
        <div className="fb-header-user">
          {session ? (
            <>
              <NotificationBell variant="desktop" />
              <Popover
                placement="bottom-end"
                onClosed={() => {
                  if (!profileAfterMenu.current) return;
                  profileAfterMenu.current = false;
                  userButton.current?.focus();
                  uiStore.openProfile();
                }}
                content={
                  <Menu>
                    <MenuItem
                      icon="id-number"
                      text="完善信息"
                      onClick={() => {
                        profileAfterMenu.current = true;
                      }}
                    />
                    <MenuItem icon="person" text="用户信息" onClick={() => navigate('/platform/userInformation')} />
                    <MenuItem icon="document" text="我的发票" onClick={() => navigate('/platform/invoice')} />
                    <MenuItem
                      icon="notifications"
                      text="消息中心"
                      onClick={() => navigate('/platform/notifications')}
                    />
                    <MenuItem icon="cog" text="通知设置" onClick={() => navigate('/platform/notificationSettings')} />
                    <MenuDivider />
                    <MenuItem icon="log-out" text="退出登录" intent="danger" onClick={() => void out.run()} />
                  </Menu>
                }
              >
                <Button
                  ref={userButton}
                  variant="minimal"
                  icon="user"
                  endIcon="caret-down"
                  className="fb-user-name"
                  text={displayName(session)}
                />
              </Popover>
              <Button
                variant="minimal"
                icon="log-out"
                aria-label="退出登录"
                title="退出登录"
                loading={out.busy}
                onClick={() => void out.run()}
              />
            </>
          ) : (
            <>
              <Button variant="minimal" intent="primary" text="登录" onClick={() => uiStore.openAuth('login')} />
              <Link className="fb-register-link" to="/platform/userInformation?from=register">
                注册
              </Link>
              <Button
                variant="minimal"
                icon="person"
                text="访客登录"
                loading={guestBusy}
                onClick={() => void guest()}
              />
            </>
          )}
        </div>
      </div>
    </header>
  );
};

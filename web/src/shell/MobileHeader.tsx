import { useState } from 'react';
import { Button, Classes, Drawer, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { displayName, useSession } from '../api/session.ts';
import { useLogout } from './Header.tsx';
import { focusDialog } from '../shared/dialogFocus.ts';
import { NotificationBell } from '../notifications/Bell.tsx';

/** Mobile top bar with the hamburger menu. */
export const MobileHeader = () => {
  const [open, setOpen] = useState(false);
  const session = useSession();
  const navigate = useNavigate();
  const out = useLogout('/touch/index');
  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };
  return (
    <header className="fb-m-header">
      <Button
        variant="minimal"
        icon="menu"
        aria-label="菜单"
        className="fb-m-menu-button"
        onClick={() => setOpen(true)}
      />
      <button type="button" className="fb-m-title" onClick={() => navigate('/touch/index')}>
        飞保
      </button>
      {session && <NotificationBell variant="mobile" />}
      <span className="fb-m-user">{displayName(session)}</span>
      {/* Blueprint's drawer is no dialog to assistive technology (no role, no name) and titles itself
          with an h4: the header is ours, inside a named modal dialog. */}
      <Drawer
        isOpen={open}
        onClose={() => setOpen(false)}
        position="left"
        size="70%"
        className="fb-m-drawer"
        onOpening={focusDialog}
      >
        <div role="dialog" aria-modal="true" aria-label="飞保菜单" className="fb-m-drawer-dialog">
          <div className={Classes.DRAWER_HEADER}>
            <h2 className="bp6-heading fb-m-drawer-title">飞保</h2>
            <Button
              variant="minimal"
              icon="small-cross"
              aria-label="关闭"
              className={Classes.DIALOG_CLOSE_BUTTON}
              onClick={() => setOpen(false)}
            />
          </div>
          <Menu className="fb-m-nav" aria-label="菜单导航">
            <MenuItem icon="home" text="首页" onClick={() => go('/touch/index')} />
            <MenuItem icon="shield" text="开始投保" onClick={() => go('/touch/guide')} />
            <MenuItem icon="search" text="订单查询" onClick={() => go('/touch/orderInquiry')} />
            <MenuItem icon="clipboard" text="申请理赔" onClick={() => go('/touch/applyForCompensation')} />
            {session ? (
              <>
                <MenuItem icon="person" text="用户信息" onClick={() => go('/touch/userInformation')} />
                <MenuItem icon="document" text="我的发票" onClick={() => go('/touch/invoice')} />
                <MenuItem icon="notifications" text="消息中心" onClick={() => go('/touch/notifications')} />
                <MenuItem icon="cog" text="通知设置" onClick={() => go('/touch/notificationSettings')} />
                <MenuDivider />
                <MenuItem
                  icon="log-out"
                  text="退出登录"
                  intent="danger"
                  onClick={() => {
                    setOpen(false);
                    void out.run();
                  }}
                />
              </>
            ) : (
              <MenuItem icon="log-in" text="用户登录" onClick={() => go('/touch/user/login')} />
            )}
          </Menu>
        </div>
      </Drawer>
    </header>
  );
};

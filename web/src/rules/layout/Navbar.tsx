import { useEffect, useState } from 'react';
import {
  Breadcrumb,
  Button,
  Classes,
  Menu,
  MenuDivider,
  MenuItem,
  Popover,
  type BreadcrumbProps,
} from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { rulesRequest } from '../api/client.ts';
import { notify } from '../api/notify.ts';
import { rulesToken } from '../api/token.ts';
import { HOME_PATH, LOGIN_PATH, roleNames, useFrame } from '../frame.ts';

const fullscreenSupported = () => typeof document !== 'undefined' && document.fullscreenEnabled === true;

const useFullscreen = () => {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const changed = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggle = () => {
    if (!fullscreenSupported()) return notify.warning('您的浏览器不支持全屏');
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => notify.warning('无法切换全屏'));
  };
  return { on, toggle };
};

type NavbarProps = {
  place: { group: string | null; title: string } | null;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
};

export const Navbar = ({ place, sidebarOpen, onToggleSidebar, onOpenSettings }: NavbarProps) => {
  const { profile } = useFrame();
  const navigate = useNavigate();
  const fullscreen = useFullscreen();
  const crumbs: BreadcrumbProps[] = [{ text: '首页', icon: 'home', onClick: () => navigate(HOME_PATH) }];
  if (place?.group) crumbs.push({ text: place.group });
  if (place && place.title !== '首页') crumbs.push({ text: place.title });

  const logout = async () => {
    // The session ends on the server too; a failure (already expired) changes nothing here.
    await rulesRequest('/api/v1/uav/user/logout', { method: 'POST', body: {} }).catch(() => undefined);
    rulesToken.clear();
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <div className="rp-navbar" data-testid="rules-navbar">
      <Button
        variant="minimal"
        icon={sidebarOpen ? 'menu-closed' : 'menu-open'}
        aria-label={sidebarOpen ? '收起侧边栏' : '展开侧边栏'}
        onClick={onToggleSidebar}
        data-testid="rules-sidebar-toggle"
      />
      {/* Blueprint's Breadcrumbs puts a spacer <div> straight inside its <ol>, which is no list to assistive
          technology; three crumbs at most need none of its overflow handling. */}
      <nav className="rp-breadcrumbs" aria-label="当前位置">
        <ol className={Classes.BREADCRUMBS}>
          {crumbs.map((crumb, i) => (
            <li key={String(crumb.text)}>
              <Breadcrumb {...crumb} current={i === crumbs.length - 1} />
            </li>
          ))}
        </ol>
      </nav>
      <div className="rp-navbar-right">
        <Button
          variant="minimal"
          icon={fullscreen.on ? 'minimize' : 'fullscreen'}
          aria-label={fullscreen.on ? '退出全屏' : '全屏'}
          onClick={fullscreen.toggle}
          data-testid="rules-fullscreen"
        />
        <Button
          variant="minimal"
          icon="cog"
          aria-label="布局设置"
          onClick={onOpenSettings}
          data-testid="rules-settings-open"
        />
        <Popover
          placement="bottom-end"
          content={
            <Menu>
              <MenuItem icon="mobile-phone" text={profile.mobilePhone} disabled />
              <MenuItem icon="badge" text={profile.roles.map((r) => roleNames[r] ?? r).join('、') || '—'} disabled />
              <MenuDivider />
              <MenuItem icon="log-out" text="退出登录" onClick={() => void logout()} data-testid="rules-logout" />
            </Menu>
          }
        >
          {/* Below 992 px the name is hidden and only the icon shows: the label still names the menu (and says the visible name). */}
          <Button
            variant="minimal"
            icon="user"
            endIcon="caret-down"
            text={<span className="rp-user-name">{profile.name}</span>}
            aria-label={`${profile.name}的账户菜单`}
            data-testid="rules-user"
          />
        </Popover>
      </div>
    </div>
  );
};

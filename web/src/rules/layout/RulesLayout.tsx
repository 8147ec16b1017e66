import { type CSSProperties, useEffect, useState } from 'react';
import { Button, Drawer, NonIdealState, Spinner } from '@blueprintjs/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { rulesFetcher } from '../api/client.ts';
import { rulesToken } from '../api/token.ts';
import {
  FrameContext,
  HOME_PATH,
  LOGIN_PATH,
  MENU_API,
  placeOf,
  routeTitle,
  type RulesFrame,
  useNarrow,
} from '../frame.ts';
import { settingsStore, useSettings } from '../settings.ts';
import { close, closeAll, closeOthers, type Tag, visit } from '../tags.ts';
import { Navbar } from './Navbar.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { Sidebar } from './Sidebar.tsx';
import { type TagActions, TagsView } from './TagsView.tsx';

const HOME_TAG: Tag = { path: HOME_PATH, title: '首页', affix: true };

/** Every rule-platform page but the login: signed in, with the menu the server answered. */
export const RulesLayout = () => {
  const { pathname } = useLocation();
  if (!rulesToken.get()) return <Navigate to={`${LOGIN_PATH}?redirect=${encodeURIComponent(pathname)}`} replace />;
  return <FrameLoader />;
};

const FrameLoader = () => {
  const { data, error, mutate } = useSWR<RulesFrame>(MENU_API, rulesFetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (data)
    return (
      <FrameContext.Provider value={data}>
        <Shell frame={data} />
      </FrameContext.Provider>
    );
  if (error)
    return (
      <div className="rp-center">
        <NonIdealState
          icon="error"
          title="无法加载菜单"
          description={(error as Error).message}
          action={<Button intent="primary" text="重试" onClick={() => void mutate()} />}
        />
      </div>
    );
  return (
    <div className="rp-center">
      <Spinner aria-label="加载中" />
    </div>
  );
};

const Shell = ({ frame }: { frame: RulesFrame }) => {
  const settings = useSettings();
  const narrow = useNarrow();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [tags, setTags] = useState<Tag[]>([HOME_TAG]);
  const [reloads, setReloads] = useState(0);
  const place = placeOf(pathname, frame.menu);
  const title = place?.title ?? null;
  // From the whole catalogue: a route the caller's menu leaves out still has its name (its page then says 403).
  const heading = routeTitle(pathname);

  useEffect(() => {
    if (title) setTags((now) => visit(now, { path: pathname, title }));
    setDrawerOpen(false);
  }, [pathname, title]);

  const actions: TagActions = {
    open: (tag) => navigate(tag.path),
    refresh: (tag) => {
      if (tag.path !== pathname) navigate(tag.path);
      setReloads((n) => n + 1);
    },
    close: (tag) => {
      const next = close(tags, tag.path, pathname);
      setTags(next.tags);
      if (next.goTo) navigate(next.goTo);
    },
    closeOthers: (tag) => {
      const next = closeOthers(tags, tag.path);
      setTags(next.tags);
      if (next.goTo !== pathname) navigate(next.goTo);
    },
    closeAll: () => {
      const next = closeAll(tags, HOME_PATH);
      setTags(next.tags);
      navigate(next.goTo);
    },
  };

  const collapsed = !narrow && settings.sidebarCollapsed;
  const sidebarOpen = narrow ? drawerOpen : !settings.sidebarCollapsed;
  const toggleSidebar = () =>
    narrow ? setDrawerOpen((o) => !o) : settingsStore.set({ sidebarCollapsed: !settings.sidebarCollapsed });
  const sidebar = (
    <Sidebar
      menu={frame.menu}
      collapsed={collapsed}
      showLogo={settings.sidebarLogo}
      onNavigate={() => setDrawerOpen(false)}
    />
  );

  const classes = [
    'rp-app',
    narrow ? 'rp-narrow' : collapsed ? 'rp-collapsed' : 'rp-expanded',
    settings.fixedHeader ? 'rp-fixed-header' : '',
  ];
  return (
    <div
      className={classes.join(' ')}
      style={{ '--rp-theme': settings.theme } as CSSProperties}
      data-testid="rules-app"
    >
      {narrow ? (
        <Drawer
          isOpen={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          position="left"
          size={230}
          className="rp-drawer"
          aria-label="菜单"
        >
          {sidebar}
        </Drawer>
      ) : (
        <aside className="rp-sidebar">{sidebar}</aside>
      )}
      <div className="rp-main">
        <header className="rp-header">
          <Navbar
            place={place}
            sidebarOpen={sidebarOpen}
            onToggleSidebar={toggleSidebar}
            onOpenSettings={() => setSettingsOpen(true)}
          />
          {settings.tagsView && <TagsView tags={tags} active={pathname} actions={actions} />}
        </header>
        <main className="rp-content">
          {/* The page's name for screen readers and the outline; sighted users read it in the breadcrumbs and tags. */}
          {heading && <h1 className="fb-sr-only">{heading}</h1>}
          <Outlet key={`${pathname}#${reloads}`} />
        </main>
      </div>
      <SettingsDrawer isOpen={settingsOpen} onClose={() => setSettingsOpen(false)} narrow={narrow} />
    </div>
  );
};

import { createContext, useContext, useSyncExternalStore } from 'react';
import type { IconName } from '@blueprintjs/icons';
import { roleLabels } from '../shared/roleLabels.ts';
import { rulesMenu, type RulesMenuGroup, type VisibleRulesMenu } from '@feibao/domain/rules/menu';

export const RULES_BASE = '/rules';
export const HOME_PATH = `${RULES_BASE}/dashboard`;
export const LOGIN_PATH = `${RULES_BASE}/login`;
export const MENU_API = '/api/v1/rules/menu';

/** GET /api/v1/rules/menu: who is signed in and the menu the server lets them open. */
export type RulesFrame = {
  profile: { name: string; mobilePhone: string; roles: string[]; superUser: boolean };
  menu: VisibleRulesMenu;
};

export const FrameContext = createContext<RulesFrame | null>(null);
export const useFrame = () => {
  const frame = useContext(FrameContext);
  if (!frame) throw new Error('useFrame outside the rules layout');
  return frame;
};

export const pathOf = (route: string) => `${RULES_BASE}/${route}`;

export const groupIcons: Record<RulesMenuGroup, IconName> = {
  ruleManage: 'properties',
  ruleTest: 'lab-test',
  review: 'endorsed',
  ruleConfig: 'cog',
  systemConfig: 'wrench',
};

/** The back office's role names; on the rule platform a plain account is just 用户. */
export const roleNames: Record<string, string> = { ...roleLabels, user: '用户' };

/** A route's own name, whether or not the caller's menu shows it. */
export const routeTitle = (pathname: string): string | null =>
  pathname === HOME_PATH
    ? '首页'
    : (rulesMenu.flatMap((g) => g.items).find((i) => pathOf(i.route) === pathname)?.title ?? null);

/** Where a path sits in the caller's menu: its group and title, or null for a route not in it. */
export const placeOf = (pathname: string, menu: VisibleRulesMenu): { group: string | null; title: string } | null => {
  if (pathname === HOME_PATH) return { group: null, title: '首页' };
  for (const group of menu)
    for (const item of group.items)
      if (pathOf(item.route) === pathname) return { group: group.title, title: item.title };
  return null;
};

/** Where to go after signing in: a rules path the caller came from, else the home page. */
export const safeRedirect = (raw: string | null) =>
  raw?.startsWith(`${RULES_BASE}/`) && !raw.startsWith('//') && !raw.startsWith(LOGIN_PATH) ? raw : HOME_PATH;

/** Below 992 px the sidebar becomes a drawer (docs/api/rules-platform.md). */
const NARROW = '(max-width: 991.98px)';
const narrowQuery = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(NARROW) : null);
const subscribeNarrow = (l: () => void) => {
  const query = narrowQuery();
  query?.addEventListener('change', l);
  return () => query?.removeEventListener('change', l);
};
export const useNarrow = () =>
  useSyncExternalStore(
    subscribeNarrow,
    () => narrowQuery()?.matches ?? false,
    () => false,
  );

import { useState } from 'react';
import { Collapse, Icon, Menu, MenuItem } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router-dom';
import type { VisibleRulesMenu } from '@feibao/domain/rules/menu';
import { groupIcons, HOME_PATH, pathOf } from '../frame.ts';

type SidebarProps = { menu: VisibleRulesMenu; collapsed: boolean; showLogo: boolean; onNavigate?: () => void };

/** A route in the open sidebar: an item of a plain list, announced as a link (the current page marked). */
const asLink = (current: boolean) => ({
  roleStructure: 'listitem' as const,
  role: 'link',
  'aria-current': current ? ('page' as const) : undefined,
});

/** The menu groups with their child routes, as the server sent them; collapsed, each group is an icon with a pop-out. */
export const Sidebar = ({ menu, collapsed, showLogo, onNavigate }: SidebarProps) => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const go = (path: string) => {
    navigate(path);
    onNavigate?.();
  };
  const toggle = (key: string) =>
    setClosed((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <nav className="rp-sidebar-inner" data-testid="rules-sidebar" aria-label="规则平台菜单">
      {showLogo && (
        <div className="rp-logo" data-testid="rules-sidebar-logo">
          <span className="rp-logo-mark">飞</span>
          {!collapsed && <span className="rp-logo-text">飞保规则平台</span>}
        </div>
      )}
      {/* Open, the sidebar is a list of links in groups; collapsed, a menu of icons whose routes pop out. */}
      <Menu className="rp-menu" role={collapsed ? 'menu' : 'list'}>
        <MenuItem
          icon="home"
          text={collapsed ? '' : '首页'}
          title="首页"
          active={pathname === HOME_PATH}
          onClick={() => go(HOME_PATH)}
          {...(collapsed ? {} : asLink(pathname === HOME_PATH))}
        />
        {menu.map((group) =>
          collapsed ? (
            <MenuItem
              key={group.key}
              icon={groupIcons[group.key]}
              text=""
              title={group.title}
              active={group.items.some((item) => pathname === pathOf(item.route))}
              // Out of the sidebar's box, which scrolls and would clip the pop-out.
              popoverProps={{ usePortal: true }}
              data-testid="rules-menu-group"
              data-group={group.key}
            >
              {group.items.map((item) => (
                <MenuItem
                  key={item.route}
                  text={item.title}
                  active={pathname === pathOf(item.route)}
                  onClick={() => go(pathOf(item.route))}
                  data-testid="rules-menu-item"
                  data-route={item.route}
                />
              ))}
            </MenuItem>
          ) : (
            <li key={group.key} className="rp-group" data-testid="rules-menu-group" data-group={group.key}>
              <button
                type="button"
                className="rp-group-title"
                aria-expanded={!closed.has(group.key)}
                onClick={() => toggle(group.key)}
              >
                <Icon icon={groupIcons[group.key]} />
                <span className="rp-group-name">{group.title}</span>
                <Icon icon={closed.has(group.key) ? 'chevron-right' : 'chevron-down'} className="rp-group-caret" />
              </button>
              <Collapse isOpen={!closed.has(group.key)} keepChildrenMounted>
                <ul className="rp-group-items">
                  {group.items.map((item) => (
                    <MenuItem
                      key={item.route}
                      text={item.title}
                      active={pathname === pathOf(item.route)}
                      onClick={() => go(pathOf(item.route))}
                      data-testid="rules-menu-item"
                      data-route={item.route}
                      {...asLink(pathname === pathOf(item.route))}
                    />
                  ))}
                </ul>
              </Collapse>
            </li>
          ),
        )}
      </Menu>
    </nav>
  );
};

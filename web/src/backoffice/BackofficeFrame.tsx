/**
 * The frame of every back-office screen: signed-in staff with the area's role see the area menu
 * and the screen; anyone else a login prompt or 403. Hiding is a courtesy: the server refuses
 * every back-office call by role (domain accounts/roles.ts `backofficeRoles`).
 */
import type { ReactNode } from 'react';
import { Button } from '@blueprintjs/core';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { Link, useLocation } from 'react-router-dom';
import { type BackofficeArea, backofficeRoles, canUseArea } from '@feibao/domain/accounts/roles';
import { useSession } from '../api/session.ts';
import { openLoginHere } from '../shared/site.ts';
import { roleLabel } from '../shared/roleLabels.ts';
import { backofficeLinks, linksFor } from './nav.ts';
import './backoffice.css';

export const BackofficeFrame = ({
  area,
  testId,
  children,
}: {
  area: BackofficeArea;
  testId: string;
  children: ReactNode;
}) => {
  const session = useSession();
  const { pathname } = useLocation();
  const label = backofficeLinks.find((l) => l.area === area)?.label ?? '后台';
  if (!session)
    return (
      <div className="fb-page fb-bo-page">
        <NonIdealState
          titleLevel={1}
          icon="lock"
          title="请先登录"
          description={`${label}仅供工作人员使用。`}
          action={<Button intent="primary" text="登录" onClick={openLoginHere} />}
        />
      </div>
    );
  const roles = session.user?.roles ?? [];
  if (!canUseArea(area, roles))
    return (
      <div className="fb-page fb-bo-page" data-testid="backoffice-forbidden">
        <NonIdealState
          titleLevel={1}
          icon="disable"
          title="403 无权访问"
          description={`${label}仅对${backofficeRoles[area].map(roleLabel).join('和')}开放。`}
        />
      </div>
    );
  const links = linksFor(roles);
  return (
    <div className="fb-page fb-bo-page" data-testid={testId}>
      {links.length > 1 && (
        <nav className="fb-bo-nav" aria-label="后台导航">
          {links.map((l) => {
            // An area's sub-screens (e.g. /backoffice/audit/order/:id) keep its menu item lit.
            const active = pathname === l.to || pathname.startsWith(`${l.to}/`);
            return (
              <Link
                key={l.to}
                to={l.to}
                className={active ? 'fb-bo-link fb-bo-link-active' : 'fb-bo-link'}
                aria-current={active ? 'page' : undefined}
              >
                {l.label}
              </Link>
            );
          })}
        </nav>
      )}
      {children}
    </div>
  );
};

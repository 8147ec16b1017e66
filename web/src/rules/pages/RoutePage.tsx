import { useEffect } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { useParams } from 'react-router-dom';
import { isRulesRoute, rulesMenuItem } from '@feibao/domain/rules/menu';
import { useFrame } from '../frame.ts';

/**
 * One menu route. Its screen is the next step of the rule platform; until then the page says so.
 * A route outside the caller's menu shows 403 (the server refuses its calls all the same).
 */
export const RoutePage = () => {
  const route = useParams()['*'] ?? '';
  const { menu } = useFrame();
  const known = isRulesRoute(route) ? rulesMenuItem(route) : null;
  const allowed = menu.some((g) => g.items.some((i) => i.route === route));
  const title = known ? known.title : '页面不存在';
  useEffect(() => {
    document.title = `${title} · 飞保规则平台`;
  }, [title]);

  if (!known)
    return (
      <div className="rp-page" data-testid="rules-not-found">
        <NonIdealState icon="search" title="404 页面不存在" description="请从左侧菜单选择功能。" />
      </div>
    );
  if (!allowed)
    return (
      <div className="rp-page" data-testid="rules-forbidden">
        <NonIdealState icon="disable" title="403 无权访问" description={`您的角色不能使用「${known.title}」。`} />
      </div>
    );
  return (
    <div className="rp-page" data-testid="rules-route-page" data-route={route}>
      <h2 className="rp-page-title">{known.title}</h2>
      <NonIdealState
        icon="build"
        title="该功能正在建设中"
        description={`「${known.group.title} / ${known.title}」的功能即将上线。`}
      />
    </div>
  );
};

import { type ReactNode, useEffect } from 'react';
import { Button, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { rulesMenuItem, type RulesRoute } from '@feibao/domain/rules/menu';
import { useFrame } from '../frame.ts';
import { formatAt, statusIntents, statusLabels, actionLabels, type RuleVersionSummary } from './model.ts';

/**
 * A rule screen inside the frame: its title, and 403 when the route is not in the caller's menu
 * (the server refuses its calls all the same).
 */
export const RulesScreen = ({
  route,
  testId,
  children,
}: {
  route: RulesRoute;
  testId: string;
  children: ReactNode;
}) => {
  const { menu } = useFrame();
  const title = rulesMenuItem(route).title;
  const allowed = menu.some((g) => g.items.some((i) => i.route === route));
  useEffect(() => {
    document.title = `${title} · 飞保规则平台`;
  }, [title]);
  if (!allowed)
    return (
      <div className="rp-page" data-testid="rules-forbidden">
        <NonIdealState icon="disable" title="403 无权访问" description={`您的角色不能使用「${title}」。`} />
      </div>
    );
  return (
    <div className="rp-page" data-testid={testId}>
      <h2 className="rp-page-title">{title}</h2>
      {children}
    </div>
  );
};

/** Loading / failure / content for one SWR read. */
export const Loaded = <T,>({
  data,
  error,
  retry,
  children,
}: {
  data: T | undefined;
  error: unknown;
  retry: () => void;
  children: (data: T) => ReactNode;
}) => {
  if (data !== undefined) return <>{children(data)}</>;
  if (error)
    return (
      <NonIdealState
        icon="error"
        title="加载失败"
        description={(error as Error).message}
        action={<Button intent="primary" text="重试" onClick={retry} />}
      />
    );
  return <Spinner aria-label="加载中" />;
};

export const StatusTag = ({ status }: { status: RuleVersionSummary['status'] }) => (
  <Tag minimal intent={statusIntents[status]} data-testid="rules-status">
    {statusLabels[status]}
  </Tag>
);

/** Every step of a version: who, when, why. */
export const History = ({ version }: { version: RuleVersionSummary }) => (
  <table className="bp6-html-table bp6-compact rp-history" data-testid="rules-history">
    <thead>
      <tr>
        <th>步骤</th>
        <th>操作人</th>
        <th>时间</th>
        <th>原因</th>
      </tr>
    </thead>
    <tbody>
      {version.history.map((s) => (
        <tr key={`${s.action}@${s.at}`}>
          <td>{actionLabels[s.action]}</td>
          <td>{s.by}</td>
          <td>{formatAt(s.at)}</td>
          <td>{s.reason}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

/** The frame of a list page: the touch bar on mobile; on desktop a title with 刷新 over a card. */
import type { ReactNode } from 'react';
import { Button, Card } from '@blueprintjs/core';
import { BackToTop } from './BackToTop.tsx';
import { TouchPageBar } from './TouchPageBar.tsx';

type Props = {
  mobile: boolean;
  title: string;
  /** The page's own class: fb-m-<name> on mobile, fb-<name>-page on desktop. */
  name: string;
  refreshing: boolean;
  onRefresh: () => void;
  /** Dialogs, outside the list. */
  overlay: ReactNode;
  children: ReactNode;
};

export const ListPageFrame = ({ mobile, title, name, refreshing, onRefresh, overlay, children }: Props) => {
  if (mobile)
    return (
      <div className={`fb-m-page fb-m-${name}`}>
        <TouchPageBar title={title} />
        <div className="fb-m-list">{children}</div>
        {overlay}
        <BackToTop />
      </div>
    );
  return (
    <div className={`fb-page fb-${name}-page`}>
      <div className="fb-row-between">
        <h1 className="fb-page-title">{title}</h1>
        <Button icon="refresh" text="刷新" loading={refreshing} onClick={onRefresh} />
      </div>
      <Card className="fb-card">{children}</Card>
      {overlay}
      <BackToTop />
    </div>
  );
};

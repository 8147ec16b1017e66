/**
 * 消息中心 (/platform/notifications, /touch/notifications): the caller's notifications, newest first,
 * 20 a page; 全部 / 未读, 全部已读, and each one marked read when opened (it leads to its order, policy or claim).
 */
import { useState } from 'react';
import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { notifyError, toast } from '../api/toaster.ts';
import { useSession } from '../api/session.ts';
import { ListPageFrame } from '../shared/ListPageFrame.tsx';
import { ListPager, usePageParam } from '../shared/ListPager.tsx';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { useLoginPrompt, type Variant } from '../shared/site.ts';
import { markAllRead, markRead, NOTIFICATION_PAGE_SIZE, type NotificationRow, useNotificationPage } from './api.ts';
import { notificationHref, notificationRoutes, notificationTime } from './links.ts';
import './notifications.css';

export const NotificationListPage = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const navigate = useNavigate();
  const session = useSession();
  const { page } = usePageParam();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [busy, setBusy] = useState(false);
  useLoginPrompt(variant);
  const list = useNotificationPage(page, unreadOnly);
  const data = list.data;

  const open = async (n: NotificationRow) => {
    if (!n.readAt) void markRead([n.id]).catch(notifyError);
    navigate(notificationHref(n.link, variant));
  };
  const readOne = async (n: NotificationRow) => {
    try {
      await markRead([n.id]);
    } catch (e) {
      notifyError(e);
    }
  };
  const readAll = async () => {
    setBusy(true);
    try {
      await markAllRead();
      toast.success('已全部标记为已读');
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  const toolbar = (
    <div className="fb-nt-toolbar">
      <ButtonGroup>
        <Button text="全部" active={!unreadOnly} onClick={() => setUnreadOnly(false)} />
        <Button
          text={data ? `未读 ${data.unread}` : '未读'}
          active={unreadOnly}
          onClick={() => setUnreadOnly(true)}
          data-testid="notification-unread-filter"
        />
      </ButtonGroup>
      <div className="fb-nt-toolbar-end">
        <Button
          icon="tick"
          text="全部已读"
          disabled={!data || data.unread === 0}
          loading={busy}
          onClick={() => void readAll()}
        />
        <Button
          icon="cog"
          variant="minimal"
          text="通知设置"
          onClick={() => navigate(notificationRoutes(variant).preferences)}
        />
      </div>
    </div>
  );

  const body = !session ? (
    <NonIdealState icon="lock" title="请先登录" description="登录后可查看您的消息。" />
  ) : !data ? (
    <NonIdealState icon="time" title="正在加载消息…" />
  ) : data.list.length === 0 ? (
    <NonIdealState
      icon="notifications"
      title={unreadOnly ? '没有未读消息' : '暂无消息'}
      description="报价、支付、保单和理赔的进展会在这里通知您。"
    />
  ) : (
    <ul className="fb-nt-list" aria-label="消息列表">
      {data.list.map((n) => (
        <li key={n.id} className={n.readAt ? 'fb-nt-item' : 'fb-nt-item fb-nt-unread'} data-testid="notification-item">
          <button type="button" className="fb-nt-main" onClick={() => void open(n)}>
            <span className="fb-nt-head">
              {!n.readAt && (
                <>
                  <span className="fb-nt-dot" aria-hidden="true" />
                  <span className="fb-sr-only">未读</span>
                </>
              )}
              <span className="fb-nt-title">{n.title}</span>
              <time className="fb-nt-time" dateTime={n.createdAt}>
                {notificationTime(n.createdAt)}
              </time>
            </span>
            <span className="fb-nt-body">{n.body}</span>
          </button>
          {n.readAt ? (
            <Tag minimal className="fb-nt-state">
              已读
            </Tag>
          ) : (
            <Button
              size="small"
              variant="minimal"
              text="标为已读"
              className="fb-nt-state"
              onClick={() => void readOne(n)}
            />
          )}
        </li>
      ))}
    </ul>
  );

  return (
    <ListPageFrame
      mobile={mobile}
      title="消息中心"
      name="notifications"
      refreshing={list.isValidating}
      onRefresh={() => void list.mutate()}
      overlay={null}
    >
      {session && toolbar}
      {body}
      <ListPager
        data={data && { totalCount: data.total, pageSize: NOTIFICATION_PAGE_SIZE }}
        pageSize={NOTIFICATION_PAGE_SIZE}
        testId="notification-pager"
      />
    </ListPageFrame>
  );
};

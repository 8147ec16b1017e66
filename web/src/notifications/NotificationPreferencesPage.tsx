/**
 * 通知设置 (/platform/notificationSettings, /touch/notificationSettings): 站内信 is always on; SMS per kind,
 * where the kind allows it. Saved at once on each switch.
 */
import { useState } from 'react';
import { Button, Card, HTMLTable, Switch } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { notifyError, toast } from '../api/toaster.ts';
import { useSession } from '../api/session.ts';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { TouchPageBar } from '../shared/TouchPageBar.tsx';
import { useLoginPrompt, type Variant } from '../shared/site.ts';
import { type PreferenceRow, savePreferences, usePreferences } from './api.ts';
import { notificationRoutes } from './links.ts';
import './notifications.css';

const HINT = '站内信始终开启。短信在 22:00–08:00 之间不发送，顺延至次日 08:00；每个手机号每天的通知短信有上限。';

export const NotificationPreferencesPage = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const navigate = useNavigate();
  const session = useSession();
  const prefs = usePreferences();
  const [saving, setSaving] = useState<string | null>(null);
  useLoginPrompt(variant);

  const toggle = async (row: PreferenceRow) => {
    setSaving(row.kind);
    try {
      const rows = await savePreferences([{ kind: row.kind, sms: !row.sms }]);
      await prefs.mutate(rows, { revalidate: false });
      toast.success(`${row.label}：短信通知已${row.sms ? '关闭' : '开启'}`);
    } catch (e) {
      notifyError(e);
    } finally {
      setSaving(null);
    }
  };

  const rows = prefs.data ?? [];
  const content = !session ? (
    <NonIdealState icon="lock" title="请先登录" description="登录后可设置通知方式。" />
  ) : !prefs.data ? (
    <NonIdealState icon="time" title="正在加载通知设置…" />
  ) : (
    <HTMLTable className="fb-nt-prefs" aria-label="通知设置">
      <thead>
        <tr>
          <th scope="col">消息类型</th>
          <th scope="col">站内信</th>
          <th scope="col">短信</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.kind} data-testid={`preference-${row.kind}`}>
            <th scope="row">{row.label}</th>
            <td className="fb-nt-always">始终开启</td>
            <td>
              <Switch
                checked={row.sms}
                disabled={!row.smsAllowed || saving !== null}
                aria-label={`${row.label}短信通知`}
                label={row.sms ? '开' : '关'}
                onChange={() => void toggle(row)}
                className="fb-nt-switch"
              />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );

  if (mobile)
    return (
      <div className="fb-m-page fb-m-notification-settings">
        <TouchPageBar title="通知设置" fallback={notificationRoutes(variant).list} />
        <p className="fb-nt-hint">{HINT}</p>
        <div className="fb-m-list">{content}</div>
      </div>
    );
  return (
    <div className="fb-page fb-notification-settings-page">
      <div className="fb-row-between">
        <h1 className="fb-page-title">通知设置</h1>
        <Button icon="arrow-left" text="返回消息中心" onClick={() => navigate(notificationRoutes(variant).list)} />
      </div>
      <Card className="fb-card">
        <p className="fb-nt-hint">{HINT}</p>
        {content}
      </Card>
    </div>
  );
};

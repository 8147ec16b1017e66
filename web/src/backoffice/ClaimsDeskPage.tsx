/**
 * 理赔工作台 (/backoffice/claims): the staff queues above, the chosen claim below. The queue, the page
 * and the chosen claim live in the address so a reload or a shared link opens the same view.
 * Only claims staff and admins see it; the server refuses everyone else on every call anyway.
 */
import { Button, Card, NonIdealState } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../api/session.ts';
import { uiStore } from '../api/ui.ts';
import { useClaimPage } from '../claims/api.ts';
import { usePageParam } from '../shared/ListPager.tsx';
import { DeskPanel } from './DeskPanel.tsx';
import { DeskQueue } from './DeskQueue.tsx';
import { type DeskTabKey, deskTabOf, isDeskStaff } from './desk.ts';
import './desk.css';

export const ClaimsDeskPage = () => {
  const session = useSession();
  if (!session)
    return (
      <div className="fb-page fb-desk-page">
        <NonIdealState icon="lock" title="请先登录" description="理赔工作台仅供理赔人员使用。" action={<Button intent="primary" text="登录" onClick={() => uiStore.openAuth('login')} />} />
      </div>
    );
  if (!isDeskStaff(session.user?.roles))
    return (
      <div className="fb-page fb-desk-page" data-testid="desk-forbidden">
        <NonIdealState icon="disable" title="403 无权访问" description="理赔工作台仅对理赔人员和管理员开放。" />
      </div>
    );
  return <ClaimsDesk me={session.user?.mobilePhone} />;
};

const ClaimsDesk = ({ me }: { me: string | undefined }) => {
  const [params, setParams] = useSearchParams();
  const tab = deskTabOf(params.get('queue'));
  const { page } = usePageParam();
  const search = params.get('no') ?? '';
  const list = useClaimPage(page, search ? { ...tab.filters, claimSettlementNo: search } : tab.filters);
  const selectedId = params.get('claim');

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  const chooseTab = (key: DeskTabKey) => update({ queue: key, page: null });
  const select = (id: string) => update({ claim: id });
  const find = (claimNo: string) => update({ no: claimNo || null, page: null });

  return (
    <div className="fb-page fb-desk-page" data-testid="claims-desk">
      <div className="fb-row-between">
        <h2 className="fb-page-title">理赔工作台</h2>
        <Button icon="refresh" text="刷新" loading={list.isValidating} onClick={() => void list.mutate()} />
      </div>
      <Card className="fb-card fb-desk-queue-card">
        <DeskQueue tab={tab.key} onTab={chooseTab} list={list} selectedId={selectedId} onSelect={select} me={me} search={search} onSearch={find} />
      </Card>
      {selectedId ? (
        <DeskPanel key={selectedId} claimId={selectedId} me={me} onChanged={() => list.mutate()} />
      ) : (
        <p className="fb-muted fb-desk-hint">从队列中选择一个理赔单办理。</p>
      )}
    </div>
  );
};

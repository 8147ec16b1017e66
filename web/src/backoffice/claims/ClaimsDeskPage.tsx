/**
 * 理赔工作台 (/backoffice/claims): the staff queues above, the chosen claim below. The queue, the page
 * and the chosen claim live in the address so a reload or a shared link opens the same view.
 * Only claims staff and admins see it; the server refuses everyone else on every call anyway.
 */
import { Button, Card } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../api/session.ts';
import { useClaimPage } from '../../claims/api.ts';
import { usePageParam } from '../../shared/ListPager.tsx';
import { DeskPanel } from './DeskPanel.tsx';
import { DeskQueue } from './DeskQueue.tsx';
import { BackofficeFrame } from '../BackofficeFrame.tsx';
import { type DeskTabKey, deskTabOf } from './desk.ts';
import './desk.css';

export const ClaimsDeskPage = () => {
  const session = useSession();
  return (
    <BackofficeFrame area="claims" testId="claims-desk">
      <ClaimsDesk me={session?.user?.mobilePhone} />
    </BackofficeFrame>
  );
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
    <>
      <div className="fb-row-between">
        <h1 className="fb-page-title">理赔工作台</h1>
        <Button icon="refresh" text="刷新" loading={list.isValidating} onClick={() => void list.mutate()} />
      </div>
      <Card className="fb-card fb-desk-queue-card">
        <DeskQueue
          tab={tab.key}
          onTab={chooseTab}
          list={list}
          selectedId={selectedId}
          onSelect={select}
          me={me}
          search={search}
          onSearch={find}
        />
      </Card>
      {selectedId ? (
        <DeskPanel key={selectedId} claimId={selectedId} me={me} onChanged={() => list.mutate()} />
      ) : (
        <p className="fb-muted fb-desk-hint">从队列中选择一个理赔单办理。</p>
      )}
    </>
  );
};

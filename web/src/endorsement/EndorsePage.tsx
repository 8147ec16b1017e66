/**
 * /platform/endorse and /touch/endorse (?id=): 批改 of an issued policy (docs/api/endorsement.md). The latest
 * 批改's status on top; when the order's `actions` allow `endorse`, the edits, 试算 (the priced preview line by
 * line) and 确认批改.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Spinner } from '@blueprintjs/core';
import { NonIdealState } from '../shared/NonIdealState.tsx';
import { useSearchParams } from 'react-router-dom';
import type { PlanRow } from '@feibao/domain/ordering/api';
import { toast } from '../api/toaster.ts';
import { TouchPageBar } from '../shared/TouchPageBar.tsx';
import { useLoginPrompt, type Variant } from '../shared/site.ts';
import {
  priceEndorsement,
  requestEndorsement,
  useEndorsedOrder,
  useOrderEndorsement,
  type EndorsementPreview,
} from './api.ts';
import { changesOf, lineKeyOf, noEdits, type Edits } from './changes.ts';
import { EndorseEditor } from './EndorseEditor.tsx';
import { EndorsementStatus } from './EndorsementStatus.tsx';
import { PreviewTable } from './PreviewTable.tsx';
import './endorsement.css';

export const EndorsePage = ({ variant }: { variant: Variant }) => {
  const mobile = variant === 'mobile';
  const [params] = useSearchParams();
  const id = params.get('id');
  useLoginPrompt(variant);
  const details = useEndorsedOrder(id);
  const current = useOrderEndorsement(id);
  const [edits, setEdits] = useState<Edits>(noEdits);
  const [preview, setPreview] = useState<EndorsementPreview | null>(null);
  const [busy, setBusy] = useState(false);

  // A settled 批改 changes the policy and what may be done with it: read the order again.
  const settled = current.data?.endorsement?.status;
  const reread = details.mutate;
  useEffect(() => {
    if (settled) void reread();
  }, [settled, reread]);

  const lines = (details.data?.insurancePlanList ?? []).filter((r): r is PlanRow => !('isTotal' in r && r.isTotal));
  const amounts = Object.fromEntries(lines.map((l) => [lineKeyOf(l), l.insuranceAmount]));
  const changes = changesOf(edits, amounts);
  const edit = (next: Edits) => {
    setEdits(next);
    setPreview(null);
  };
  const refresh = () => {
    void details.mutate();
    void current.mutate();
  };

  const price = async () => {
    if (!id) return;
    if (changes.length === 0) return void toast.warning('请至少填写一项批改内容');
    setBusy(true);
    try {
      setPreview(await priceEndorsement(id, changes));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!id || !preview) return;
    setBusy(true);
    try {
      const answer = await requestEndorsement(id, changes, preview.total);
      toast.success(answer.message);
      setEdits(noEdits());
      setPreview(null);
      refresh();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const here = `${mobile ? '/touch' : '/platform'}/endorse?id=${id ?? ''}`;
  const view = current.data?.endorsement ?? null;
  const order = details.data;
  const body = !order ? (
    details.error ? (
      <NonIdealState icon="error" title={(details.error as Error).message} />
    ) : (
      <Spinner />
    )
  ) : (
    <>
      <div className="fb-endorse-policy">
        保单号 <strong>{order.policyNo ?? '—'}</strong>
        {current.data?.policyVersion ? ` · 第${current.data.policyVersion}版` : ''}
      </div>
      {view && (
        <Card className="fb-card fb-endorse-card">
          <EndorsementStatus orderId={order.id} view={view} variant={variant} returnTo={here} onChanged={refresh} />
        </Card>
      )}
      {order.actions.includes('endorse') ? (
        <Card className="fb-card fb-endorse-card">
          <EndorseEditor drones={order.uavInfoList} lines={lines} edits={edits} onChange={edit} />
          <div className="fb-row-actions">
            <Button
              icon="calculator"
              text="试算"
              loading={busy}
              data-testid="endorse-price"
              onClick={() => void price()}
            />
          </div>
          {preview && <PreviewTable preview={preview} mobile={mobile} />}
          {preview && (
            <div className="fb-row-actions">
              <Button
                intent="primary"
                icon="tick"
                text="确认批改"
                loading={busy}
                disabled={!!preview.refusal}
                data-testid="endorse-confirm"
                onClick={() => void confirm()}
              />
            </div>
          )}
        </Card>
      ) : (
        !view && <NonIdealState icon="lock" title="该订单当前不能批改" description="只有已承保或保障中的保单可以批改" />
      )}
    </>
  );

  if (mobile)
    return (
      <div className="fb-m-page fb-m-endorse">
        <TouchPageBar title="批改" />
        <div className="fb-m-list">{body}</div>
      </div>
    );
  return (
    <div className="fb-page fb-endorse-page">
      <div className="fb-row-between">
        <h1 className="fb-page-title">批改</h1>
        <Button icon="refresh" text="刷新" onClick={refresh} />
      </div>
      {body}
    </div>
  );
};

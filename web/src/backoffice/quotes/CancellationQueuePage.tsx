/**
 * 退保审核 (/backoffice/quotes/cancellations): the cancellations the insurer's rule referred to staff, oldest
 * first, with the refund and how it was computed, the working days waited and the due time; 同意 or 拒绝
 * (with a reason) each. Reached from the quote desk; the same staff work both.
 */
import { useState } from 'react';
import { Button, Card, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, Tag, TextArea } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { cancellationMethodLabels, type CancellationMethod } from '@feibao/domain/ordering/cancellation.events';
import { notifyError, toast } from '../../api/toaster.ts';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { ListPager, usePageParam } from '../../shared/ListPager.tsx';
import { dateOnly, money } from '../../ordering/format.ts';
import {
  approveCancellation,
  declineCancellation,
  useCancellationQueue,
  type CancellationQueueRow,
} from '../../ordering/cancellation/api.ts';
import { BackofficeFrame } from '../BackofficeFrame.tsx';
import '../../ordering/cancellation/cancellation.css';

export const CancellationQueuePage = () => (
  <BackofficeFrame area="quotes" testId="cancellation-queue">
    <CancellationQueue />
  </BackofficeFrame>
);

const time = (iso: string | null) =>
  iso
    ? `${dateOnly(iso)} ${new Date(iso).toLocaleTimeString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}`
    : '—';

type Deciding = { row: CancellationQueueRow; kind: 'approve' | 'decline' };

const CancellationQueue = () => {
  const { page } = usePageParam();
  const queue = useCancellationQueue(page);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const rows = queue.data?.datas ?? [];
  return (
    <>
      <div className="fb-row-between">
        <h1 className="fb-page-title">退保审核</h1>
        <div className="fb-row-actions">
          <Link to="/backoffice/quotes">返回报价工作台</Link>
          <Button icon="refresh" text="刷新" loading={queue.isValidating} onClick={() => void queue.mutate()} />
        </div>
      </div>
      <Card className="fb-card">
        {queue.data && rows.length === 0 ? (
          <NonIdealState icon="tick-circle" title="暂无待审核的退保申请" />
        ) : (
          <HTMLTable compact striped className="fb-cancellation-table" aria-label="退保审核队列">
            <thead>
              <tr>
                <th>订单号 / 保单号</th>
                <th>保险公司</th>
                <th>退保原因</th>
                <th>应退保费</th>
                <th>计算过程</th>
                <th>申请时间</th>
                <th>已等待</th>
                <th>审核时限</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.cancellationId} data-order={r.orderNo}>
                  <td>
                    <div>{r.orderNo}</div>
                    <div className="fb-muted">{r.policyNo ?? '—'}</div>
                  </td>
                  <td>{r.insuranceCompanyName ?? '—'}</td>
                  <td>
                    {r.reasonLabel}
                    {r.reasonTxt && <div className="fb-muted">{r.reasonTxt}</div>}
                  </td>
                  <td>
                    <strong>{money(r.refund)}</strong>
                    <div className="fb-muted">
                      {cancellationMethodLabels[r.method as CancellationMethod] ?? r.method}
                    </div>
                  </td>
                  <td>
                    <ol className="fb-cancel-explanation">
                      {r.explanation.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ol>
                  </td>
                  <td>{time(r.requestedAt)}</td>
                  <td>{r.ageWorkingDays} 个工作日</td>
                  <td>
                    {time(r.dueAt)}
                    {r.overdue && (
                      <Tag intent="danger" minimal>
                        已超时
                      </Tag>
                    )}
                  </td>
                  <td>
                    <div className="fb-row-actions">
                      <Button
                        size="small"
                        intent="primary"
                        text="同意"
                        data-testid="cancellation-approve"
                        onClick={() => setDeciding({ row: r, kind: 'approve' })}
                      />
                      <Button
                        size="small"
                        intent="danger"
                        variant="outlined"
                        text="拒绝"
                        data-testid="cancellation-decline"
                        onClick={() => setDeciding({ row: r, kind: 'decline' })}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <ListPager data={queue.data} pageSize={20} />
      </Card>
      {deciding && (
        <DecisionDialog
          deciding={deciding}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            void queue.mutate();
          }}
        />
      )}
    </>
  );
};

const DecisionDialog = ({
  deciding,
  onClose,
  onDone,
}: {
  deciding: Deciding;
  onClose: () => void;
  onDone: () => void;
}) => {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const approve = deciding.kind === 'approve';
  const submit = async () => {
    setBusy(true);
    try {
      const env = approve
        ? await approveCancellation(deciding.row, reason.trim())
        : await declineCancellation(deciding.row, reason.trim());
      toast.success(env.message);
      onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={approve ? '同意退保' : '拒绝退保'} style={{ width: 480 }}>
      <DialogBody>
        <p>
          {deciding.row.orderNo}：应退保费 {money(deciding.row.refund)}
        </p>
        <FormGroup
          label={approve ? '审核意见' : '拒绝原因'}
          labelFor="cancellation-decision-reason"
          labelInfo={approve ? '（选填）' : <span className="fb-required">*</span>}
        >
          <TextArea
            id="cancellation-decision-reason"
            fill
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent={approve ? 'primary' : 'danger'}
              text={approve ? '确认同意' : '确认拒绝'}
              data-testid="cancellation-decision-confirm"
              loading={busy}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};

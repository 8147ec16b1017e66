/**
 * 批改队列 (/backoffice/quotes/endorsements), the quote desk's: 批改 waiting for the insurer or referred to an
 * underwriter, oldest first, with their SLA age and due time; approve (with the underwriter's premium for the
 * referred lines) or decline, each with a reason (docs/api/endorsement.md).
 */
import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, Tag, TextArea } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { toast } from '../api/toaster.ts';
import { BackofficeFrame } from '../backoffice/BackofficeFrame.tsx';
import { dateTime } from './format.ts';
import { NumberInput, TextInput } from '../shared/controls.tsx';
import { Field } from '../shared/form.tsx';
import { approveEndorsement, declineEndorsement, useEndorsementQueue, type QueueRow } from './api.ts';
import { ChangeRows } from './ChangeRows.tsx';
import { signed } from './EndorsementStatus.tsx';
import './endorsement.css';

export const EndorsementQueuePage = () => (
  <BackofficeFrame area="quotes" testId="endorsement-queue">
    <Queue />
  </BackofficeFrame>
);

const statuses = [
  { value: 'open', label: '待处理' },
  { value: 'referred', label: '人工审核中' },
  { value: 'pending', label: '待保险公司答复' },
  { value: 'settled', label: '已处理' },
];

const Queue = () => {
  const [status, setStatus] = useState('open');
  const queue = useEndorsementQueue(status);
  const [open, setOpen] = useState<QueueRow | null>(null);
  return (
    <>
      <div className="fb-row-between">
        <h1 className="fb-page-title">批改队列</h1>
        <div className="fb-row-actions">
          <Link to="/backoffice/quotes">返回报价工作台</Link>
          <HTMLSelect
            aria-label="状态"
            value={status}
            options={statuses}
            onChange={(e) => setStatus(e.currentTarget.value)}
          />
          <Button icon="refresh" text="刷新" loading={queue.isValidating} onClick={() => void queue.mutate()} />
        </div>
      </div>
      <HTMLTable compact striped interactive className="fb-endorse-queue-table" data-testid="endorsement-queue-table">
        <thead>
          <tr>
            <th>批单号</th>
            <th>订单号</th>
            <th>客户</th>
            <th>保险公司</th>
            <th>状态</th>
            <th>保费差额</th>
            <th>已等待</th>
            <th>截止时间</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {(queue.data?.datas ?? []).map((r) => (
            <tr key={r.endorsementId} data-endorsement={r.endorsementNo}>
              <td>{r.endorsementNo}</td>
              <td>{r.orderNo}</td>
              <td>{r.userName}</td>
              <td>{r.insuranceCompanyName ?? '—'}</td>
              <td>
                <Tag intent={r.status === 'referred' ? 'warning' : 'none'}>{r.statusLabel}</Tag>
              </td>
              <td>{signed(r.quote?.total ?? r.confirmedTotal)}</td>
              <td>{r.status === 'pending' || r.status === 'referred' ? `${r.ageHours} 小时` : '—'}</td>
              <td>
                {dateTime(r.deadlineAt)} {r.overdue && <Tag intent="danger">已超时</Tag>}
              </td>
              <td>
                {(r.status === 'referred' || r.status === 'pending') && (
                  <Button size="small" text="审核" data-testid="endorsement-review" onClick={() => setOpen(r)} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {queue.data?.datas.length === 0 && <p className="fb-endorse-empty">暂无批改</p>}
      {open && (
        <ReviewDialog
          row={open}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            void queue.mutate();
          }}
        />
      )}
    </>
  );
};

const ReviewDialog = ({ row, onClose, onDone }: { row: QueueRow; onClose: () => void; onDone: () => void }) => {
  const [reason, setReason] = useState('');
  const [premiums, setPremiums] = useState<Record<string, { premium: string; deductible: string }>>({});
  const [busy, setBusy] = useState(false);
  const act = async (approve: boolean) => {
    setBusy(true);
    try {
      if (approve)
        await approveEndorsement(
          row.orderId,
          row.endorsementId,
          reason,
          row.referredLines.map((l) => ({
            key: l.key,
            premium: Number(premiums[l.key]?.premium ?? ''),
            deductible: premiums[l.key]?.deductible ?? '',
          })),
        );
      else await declineEndorsement(row.orderId, row.endorsementId, reason);
      toast.success(approve ? '批改已通过' : '批改已拒绝');
      onDone();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const set = (key: string, patch: Partial<{ premium: string; deductible: string }>) =>
    setPremiums({ ...premiums, [key]: { premium: '', deductible: '', ...premiums[key], ...patch } });
  return (
    <Dialog isOpen title={`审核批改 ${row.endorsementNo}`} onClose={onClose} style={{ width: 720 }}>
      <DialogBody>
        {row.referral && <p>转人工原因：{row.referral}</p>}
        {row.quote && <ChangeRows rows={row.quote.rows} mobile={false} />}
        {row.referredLines.map((l) => (
          <div key={l.key} className="fb-endorse-amounts">
            <Field id={`premium-${l.key}`} label={`${l.label} 年保费（元）`}>
              <NumberInput
                id={`premium-${l.key}`}
                decimal
                value={premiums[l.key]?.premium ?? ''}
                onChange={(v) => set(l.key, { premium: v })}
              />
            </Field>
            <Field id={`deductible-${l.key}`} label="免赔说明">
              <TextInput
                id={`deductible-${l.key}`}
                value={premiums[l.key]?.deductible ?? ''}
                onChange={(v) => set(l.key, { deductible: v })}
              />
            </Field>
          </div>
        ))}
        <Field id="endorse-review-reason" label="原因" required>
          <TextArea
            id="endorse-review-reason"
            fill
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </Field>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              intent="danger"
              text="拒绝"
              loading={busy}
              data-testid="endorsement-decline"
              onClick={() => void act(false)}
            />
            {row.status === 'referred' && (
              <Button
                intent="primary"
                text="通过"
                loading={busy}
                data-testid="endorsement-approve"
                onClick={() => void act(true)}
              />
            )}
          </>
        }
      />
    </Dialog>
  );
};

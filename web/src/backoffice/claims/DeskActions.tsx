/**
 * The staff steps on one claim, rendered from the claim's `actions`: each opens a small dialog for
 * its reason (定损 its per-line form), then the server's message shows as a toast and the desk reloads.
 */
import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { notifyError, toast } from '../../api/toaster.ts';
import { acceptClaim, assignClaim, can, closeClaim, reopenClaim, requestEvidence } from '../../claims/api.ts';
import { AssessDialog } from './AssessDialog.tsx';
import { type DeskClaim, type DeskStep, deskSteps, reasonProblem } from './desk.ts';

type Props = { claim: DeskClaim; me: string | undefined; onChanged: () => Promise<unknown> };

const reasonCalls: Record<Exclude<DeskStep, 'assess'>, (id: string, reason: string) => Promise<{ message: string }>> = {
  accept: acceptClaim,
  requestEvidence,
  close: closeClaim,
  reopen: reopenClaim,
};

const stepIcons = { accept: 'tick-circle', requestEvidence: 'paperclip', assess: 'calculator', close: 'archive', reopen: 'refresh' } as const;
const stepIntents = { accept: 'primary', requestEvidence: 'warning', assess: 'primary', close: 'success', reopen: 'none' } as const;
const stepOrder: readonly DeskStep[] = ['accept', 'requestEvidence', 'assess', 'close', 'reopen'];

export const DeskActions = ({ claim, me, onChanged }: Props) => {
  const [open, setOpen] = useState<DeskStep | null>(null);
  const [assigning, setAssigning] = useState(false);
  const steps = stepOrder.filter((s) => can(claim.actions, s));
  const mayAssign = can(claim.actions, 'assign');

  const assign = async (assignee: string | null) => {
    setAssigning(true);
    try {
      const env = await assignClaim(claim.id, assignee);
      toast.success(env.message || (assignee ? '分派成功' : '已取消分派'));
      await onChanged();
    } catch (e) {
      notifyError(e);
    } finally {
      setAssigning(false);
    }
  };

  return (
    <div className="fb-desk-actions" data-testid="desk-actions">
      {steps.map((s) => (
        <Button key={s} icon={stepIcons[s]} intent={stepIntents[s]} text={deskSteps[s].label} data-testid={`desk-action-${s}`} onClick={() => setOpen(s)} />
      ))}
      {mayAssign && me && claim.assignee !== me && (
        <Button icon="person" variant="outlined" text="分派给我" loading={assigning} data-testid="desk-assign-me" onClick={() => void assign(me)} />
      )}
      {mayAssign && claim.assignee && (
        <Button icon="remove" variant="outlined" text="取消分派" loading={assigning} data-testid="desk-unassign" onClick={() => void assign(null)} />
      )}
      {steps.length === 0 && !mayAssign && <span className="fb-muted">此状态下没有可办理的操作</span>}
      {open && open !== 'assess' && (
        <ReasonDialog key={open} step={open} claimId={claim.id} onClose={() => setOpen(null)} onDone={onChanged} />
      )}
      {open === 'assess' && <AssessDialog claim={claim} onClose={() => setOpen(null)} onDone={onChanged} />}
    </div>
  );
};

type DialogProps = { step: Exclude<DeskStep, 'assess'>; claimId: string; onClose: () => void; onDone: () => Promise<unknown> };

const ReasonDialog = ({ step, claimId, onClose, onDone }: DialogProps) => {
  const look = deskSteps[step];
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const refused = reasonProblem(step, reason);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    try {
      const env = await reasonCalls[step](claimId, reason.trim());
      toast.success(env.message || `${look.label}成功`);
      onClose();
      await onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={look.label} onClose={onClose} style={{ width: 460 }} className="fb-desk-dialog">
      <DialogBody>
        <FormGroup label={look.reasonLabel} labelFor="desk-reason" intent={problem ? 'danger' : 'none'} helperText={problem ?? undefined}>
          <TextArea
            id="desk-reason"
            fill
            autoFocus
            rows={4}
            maxLength={500}
            value={reason}
            intent={problem ? 'danger' : 'none'}
            data-testid="desk-reason"
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button intent="primary" text="确定" loading={busy} data-testid="desk-dialog-ok" onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
};

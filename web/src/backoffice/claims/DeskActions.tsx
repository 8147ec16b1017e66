/**
 * The staff steps on one claim, rendered from the claim's `actions`: each opens a small dialog for
 * its reason (定损 its per-line form), then the server's message shows as a toast and the desk reloads.
 */
import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { notifyError, toast } from '../../api/toaster.ts';
import {
  acceptClaim,
  assignClaim,
  can,
  closeClaim,
  reopenClaim,
  requestEvidence,
  useStaffMembers,
} from '../../claims/api.ts';
import { ReasonDialog } from '../../shared/ReasonDialog.tsx';
import { AssessDialog } from './AssessDialog.tsx';
import { type DeskClaim, type DeskStep, deskSteps, reasonProblem } from './desk.ts';

type Props = { claim: DeskClaim; me: string | undefined; onChanged: () => Promise<unknown> };

const reasonCalls: Record<Exclude<DeskStep, 'assess'>, (id: string, reason: string) => Promise<{ message: string }>> = {
  accept: acceptClaim,
  requestEvidence,
  close: closeClaim,
  reopen: reopenClaim,
};

const stepIcons = {
  accept: 'tick-circle',
  requestEvidence: 'paperclip',
  assess: 'calculator',
  close: 'archive',
  reopen: 'refresh',
} as const;
const stepIntents = {
  accept: 'primary',
  requestEvidence: 'warning',
  assess: 'primary',
  close: 'success',
  reopen: 'none',
} as const;
const stepOrder: readonly DeskStep[] = ['accept', 'requestEvidence', 'assess', 'close', 'reopen'];

export const DeskActions = ({ claim, me, onChanged }: Props) => {
  const [open, setOpen] = useState<DeskStep | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const steps = stepOrder.filter((s) => can(claim.actions, s));
  const mayAssign = can(claim.actions, 'assign');

  const assign = async (assignee: string | null) => {
    setAssigning(true);
    try {
      const env = await assignClaim(claim.id, assignee);
      toast.success(env.message || (assignee ? '分派成功' : '已取消分派'));
      await onChanged();
      return true;
    } catch (e) {
      notifyError(e);
      return false;
    } finally {
      setAssigning(false);
    }
  };

  return (
    <div className="fb-desk-actions" data-testid="desk-actions">
      {steps.map((s) => (
        <Button
          key={s}
          icon={stepIcons[s]}
          intent={stepIntents[s]}
          text={deskSteps[s].label}
          data-testid={`desk-action-${s}`}
          onClick={() => setOpen(s)}
        />
      ))}
      {mayAssign && me && claim.assignee !== me && (
        <Button
          icon="person"
          variant="outlined"
          text="分派给我"
          loading={assigning}
          data-testid="desk-assign-me"
          onClick={() => void assign(me)}
        />
      )}
      {mayAssign && (
        <Button
          icon="people"
          variant="outlined"
          text="分派给…"
          data-testid="desk-assign-other"
          onClick={() => setChoosing(true)}
        />
      )}
      {mayAssign && claim.assignee && (
        <Button
          icon="remove"
          variant="outlined"
          text="取消分派"
          loading={assigning}
          data-testid="desk-unassign"
          onClick={() => void assign(null)}
        />
      )}
      {steps.length === 0 && !mayAssign && <span className="fb-muted">此状态下没有可办理的操作</span>}
      {open && open !== 'assess' && (
        <ReasonDialog
          look="console"
          key={open}
          title={deskSteps[open].label}
          label={deskSteps[open].reasonLabel}
          problemOf={(reason) => reasonProblem(open, reason)}
          run={(reason) => reasonCalls[open](claim.id, reason)}
          onClose={() => setOpen(null)}
          onDone={onChanged}
          testIds="desk"
        />
      )}
      {open === 'assess' && <AssessDialog claim={claim} onClose={() => setOpen(null)} onDone={onChanged} />}
      {choosing && (
        <AssignDialog
          current={claim.assignee ?? null}
          busy={assigning}
          onClose={() => setChoosing(false)}
          onAssign={async (to) => {
            if (await assign(to)) setChoosing(false);
          }}
        />
      )}
    </div>
  );
};

type AssignProps = {
  current: string | null;
  busy: boolean;
  onClose: () => void;
  onAssign: (to: string) => Promise<void>;
};

/** Picks a colleague from the staff directory (claims staff and admins); the server checks the role again. */
const AssignDialog = ({ current, busy, onClose, onAssign }: AssignProps) => {
  const staff = useStaffMembers(true);
  const [to, setTo] = useState('');
  const choices = (staff.data ?? []).filter((m) => m.mobilePhone !== current);
  return (
    <Dialog isOpen title="分派给" onClose={onClose} style={{ width: 420 }} className="fb-desk-dialog">
      <DialogBody>
        <FormGroup
          label="理赔人员"
          labelFor="desk-assignee"
          helperText={staff.error ? '人员列表加载失败，请重试' : undefined}
        >
          <HTMLSelect
            id="desk-assignee"
            fill
            value={to}
            data-testid="desk-assignee"
            onChange={(e) => setTo(e.target.value)}
            options={[
              { value: '', label: staff.isLoading ? '加载中…' : '请选择' },
              ...choices.map((m) => ({ value: m.mobilePhone, label: `${m.name || '未命名'}（${m.mobilePhone}）` })),
            ]}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent="primary"
              text="分派"
              disabled={!to}
              loading={busy}
              data-testid="desk-assign-ok"
              onClick={() => void onAssign(to)}
            />
          </>
        }
      />
    </Dialog>
  );
};

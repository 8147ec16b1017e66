/**
 * Every console action asks why before it runs: the reason goes on record with who and when
 * (操作记录). One dialog for them all; the caller says what is about to happen.
 */
import { type ReactNode, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { Envelope } from '../../api/client.ts';
import { notifyError, toast } from '../../api/toaster.ts';
import { reasonProblem } from './ops.ts';

type Props = {
  title: string;
  /** What the action will do, shown above the reason. */
  children: ReactNode;
  confirmText: string;
  danger?: boolean;
  run: (reason: string) => Promise<Envelope<unknown>>;
  onClose: () => void;
  onDone: () => Promise<unknown>;
};

export const ReasonDialog = ({ title, children, confirmText, danger, run, onClose, onDone }: Props) => {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const refused = reasonProblem(reason);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    try {
      const env = await run(reason.trim());
      toast.success(env.message || '操作成功');
      onClose();
      await onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={title} onClose={onClose} style={{ width: 520 }} className="fb-ops-dialog">
      <DialogBody>
        <Callout intent={danger ? 'warning' : 'primary'} className="fb-ops-dialog-what">
          {children}
        </Callout>
        <FormGroup label="原因（将记入操作记录）" labelFor="ops-reason" intent={problem ? 'danger' : 'none'} helperText={problem ?? undefined}>
          <TextArea
            id="ops-reason"
            fill
            autoFocus
            rows={3}
            maxLength={500}
            value={reason}
            intent={problem ? 'danger' : 'none'}
            data-testid="ops-reason"
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button intent={danger ? 'danger' : 'primary'} text={confirmText} loading={busy} data-testid="ops-dialog-ok" onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
};

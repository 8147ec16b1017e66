/**
 * The back office's one "why?" dialog: staff steps on a claim and every console action ask for a
 * reason before they run (it goes on record with who and when), then the server's message shows
 * as a toast and the screen reloads. The caller says what is about to happen and what a reason needs.
 */
import { type ReactNode, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { Envelope } from '../api/client.ts';
import { notifyError, toast } from '../api/toaster.ts';

type Props = {
  title: string;
  /** What the action will do, shown above the reason. */
  children?: ReactNode;
  label: string;
  confirmText?: string;
  danger?: boolean;
  /** The message the reason is refused with before any call, or null. */
  problemOf: (reason: string) => string | null;
  run: (reason: string) => Promise<Pick<Envelope<unknown>, 'message'>>;
  onClose: () => void;
  onDone: () => Promise<unknown>;
  /** Prefix of the test ids: `<prefix>-reason`, `<prefix>-dialog-ok`. */
  testIds: string;
};

export const ReasonDialog = ({
  title,
  children,
  label,
  confirmText = '确定',
  danger,
  problemOf,
  run,
  onClose,
  onDone,
  testIds,
}: Props) => {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const refused = problemOf(reason);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    try {
      const env = await run(reason.trim());
      toast.success(env.message || `${title}成功`);
      onClose();
      await onDone();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen
      title={title}
      onClose={onClose}
      style={{ width: children ? 520 : 460 }}
      className={`fb-bo-dialog fb-${testIds}-dialog`}
    >
      <DialogBody>
        {children && (
          <Callout intent={danger ? 'warning' : 'primary'} className="fb-bo-dialog-what">
            {children}
          </Callout>
        )}
        <FormGroup
          label={label}
          labelFor="bo-reason"
          intent={problem ? 'danger' : 'none'}
          helperText={problem ?? undefined}
        >
          <TextArea
            id="bo-reason"
            fill
            autoFocus
            rows={children ? 3 : 4}
            maxLength={500}
            value={reason}
            intent={problem ? 'danger' : 'none'}
            data-testid={`${testIds}-reason`}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent={danger ? 'danger' : 'primary'}
              text={confirmText}
              loading={busy}
              data-testid={`${testIds}-dialog-ok`}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};

import { type ReactNode, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { RulesApiError } from '../api/client.ts';

/**
 * A change that records why: the dialog asks for the reason (and whatever `children` edits), runs
 * `onSave` with it and shows the server's refusal in place.
 */
export const ReasonDialog = ({
  title,
  children,
  problem: localProblem,
  onSave,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  /** A problem found before sending (the save button is refused while there is one). */
  problem?: string | null;
  onSave: (reason: string) => Promise<void>;
  onClose: () => void;
}) => {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    if (localProblem) return setProblem(localProblem);
    if (!reason.trim()) return setProblem('请填写原因');
    setBusy(true);
    setProblem(null);
    try {
      await onSave(reason.trim());
      onClose();
    } catch (error) {
      setProblem(error instanceof RulesApiError ? error.message : '保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={title} className="rp-step-dialog">
      <DialogBody>
        {children}
        <FormGroup label="原因" labelFor="rules-stage-reason" labelInfo="（必填，每次修改都记录原因）">
          <TextArea id="rules-stage-reason" fill rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="rules-reason" />
        </FormGroup>
        {problem && (
          <Callout intent="danger" data-testid="rules-reason-problem">
            {problem}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button intent="primary" text="保存" loading={busy} onClick={() => void save()} data-testid="rules-reason-save" />
          </>
        }
      />
    </Dialog>
  );
};

import { type ReactNode, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, type Intent, TextArea } from '@blueprintjs/core';
import { RulesApiError } from './api/client.ts';

/**
 * Every rule-platform change records why: the dialog asks for the reason (and whatever `children`
 * edits), runs `onSave` with it and shows the server's refusal in place. Used by the lifecycle
 * steps, the editor's 保存草稿 and the stage, scene, pool and limit screens.
 */
export const ReasonDialog = ({
  title,
  children,
  reasonLabel = '原因',
  reasonHint = '（必填，每次修改都记录原因）',
  saveText = '保存',
  intent = 'primary',
  problem: localProblem,
  onSave,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  reasonLabel?: string;
  reasonHint?: string;
  saveText?: string;
  intent?: Intent;
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
    if (!reason.trim()) return setProblem(`请填写${reasonLabel}`);
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
        <FormGroup label={reasonLabel} labelFor="rules-reason" labelInfo={reasonHint}>
          <TextArea
            id="rules-reason"
            fill
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="rules-reason"
          />
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
            <Button
              intent={intent}
              text={saveText}
              loading={busy}
              onClick={() => void save()}
              data-testid="rules-reason-save"
            />
          </>
        }
      />
    </Dialog>
  );
};

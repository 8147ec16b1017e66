/**
 * The one "why?" dialog of both apps: every staff step on a claim, every console action and every
 * rule-platform change asks for a reason before it runs (it goes on record with who and when).
 *
 * Two looks, each what its users already know:
 * - 'console' (back office): `children` say what is about to happen in a callout, a refused reason
 *   shows under the field, the outcome is a toast (the server's message) and `onDone` reloads.
 * - 'rules' (rule platform): `children` are the change's own fields, and the refusal, local or the
 *   server's, shows in place so the user can correct it without losing the dialog.
 */
import { type CSSProperties, type ReactNode, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, type Intent, TextArea } from '@blueprintjs/core';
import { ApiError } from '../api/createClient.ts';
import { notifyError, toast } from '../api/toaster.ts';

export type ReasonDialogLook = 'console' | 'rules';

type Props = {
  look: ReasonDialogLook;
  title: string;
  children?: ReactNode;
  /** The reason field's label; 原因 unless told. */
  label?: string;
  /** The rule platform says the reason is required and recorded, unless told otherwise. */
  labelInfo?: string;
  /** The confirm button: 确定 on the console, 保存 on the rule platform, unless told. */
  confirmText?: string;
  intent?: Intent;
  /** A problem found before sending (the confirm button is refused while there is one). */
  problem?: string | null;
  /** The message the reason is refused with before any call, or null; by default a reason is required. */
  problemOf?: (reason: string) => string | null;
  /** The change itself; its answer's message (when it has one) is the console's success toast. */
  run: (reason: string) => Promise<unknown>;
  onClose: () => void;
  /** After a success, once the dialog is closed (the console reloads its list). */
  onDone?: () => Promise<unknown>;
  /** Console look only: prefix of the test ids, `<prefix>-reason` and `<prefix>-dialog-ok`. */
  testIds?: string;
};

type Look = {
  className: (prefix: string) => string;
  style: (withChildren: boolean) => CSSProperties | undefined;
  inputId: string;
  rows: (withChildren: boolean) => number;
  autoFocus: boolean;
  confirmText: string;
  labelInfo?: string;
  /** Where a refusal shows: under the field, or in a callout below it. */
  problemAt: 'helper' | 'callout';
  /** The outcome as toasts (the console), or a failure kept in the dialog (the rule platform). */
  toasts: boolean;
  ids: (prefix: string) => { reason: string; ok: string; problem: string };
};

const looks: Record<ReasonDialogLook, Look> = {
  console: {
    className: (prefix) => `fb-bo-dialog fb-${prefix}-dialog`,
    style: (withChildren) => ({ width: withChildren ? 520 : 460 }),
    inputId: 'bo-reason',
    rows: (withChildren) => (withChildren ? 3 : 4),
    autoFocus: true,
    confirmText: '确定',
    problemAt: 'helper',
    toasts: true,
    ids: (prefix) => ({ reason: `${prefix}-reason`, ok: `${prefix}-dialog-ok`, problem: `${prefix}-reason-problem` }),
  },
  rules: {
    className: () => 'rp-step-dialog',
    style: () => undefined,
    inputId: 'rules-reason',
    rows: () => 3,
    autoFocus: false,
    confirmText: '保存',
    labelInfo: '（必填，每次修改都记录原因）',
    problemAt: 'callout',
    toasts: false,
    ids: () => ({ reason: 'rules-reason', ok: 'rules-reason-save', problem: 'rules-reason-problem' }),
  },
};

const messageOf = (answer: unknown): string | undefined =>
  answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string'
    ? answer.message
    : undefined;

export const ReasonDialog = ({
  look: lookName,
  title,
  children,
  label = '原因',
  labelInfo,
  confirmText,
  intent = 'primary',
  problem: localProblem,
  problemOf,
  run,
  onClose,
  onDone,
  testIds = 'reason',
}: Props) => {
  const look = looks[lookName];
  const ids = look.ids(testIds);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withChildren = Boolean(children);
  const submit = async () => {
    const refused = localProblem || (problemOf ? problemOf(reason) : reason.trim() ? null : `请填写${label}`);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    try {
      const answer = await run(reason.trim());
      if (look.toasts) toast.success(messageOf(answer) || `${title}成功`);
      onClose();
      await onDone?.();
    } catch (e) {
      if (look.toasts) notifyError(e);
      else setProblem(e instanceof ApiError ? e.message : '保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };
  const helper = look.problemAt === 'helper' && problem;
  return (
    <Dialog isOpen title={title} onClose={onClose} style={look.style(withChildren)} className={look.className(testIds)}>
      <DialogBody>
        {children && look.toasts ? (
          <Callout intent={intent === 'danger' ? 'warning' : 'primary'} className="fb-bo-dialog-what">
            {children}
          </Callout>
        ) : (
          children
        )}
        <FormGroup
          label={label}
          labelFor={look.inputId}
          labelInfo={labelInfo ?? look.labelInfo}
          intent={helper ? 'danger' : undefined}
          helperText={helper || undefined}
        >
          <TextArea
            id={look.inputId}
            fill
            autoFocus={look.autoFocus || undefined}
            rows={look.rows(withChildren)}
            maxLength={500}
            value={reason}
            intent={helper ? 'danger' : undefined}
            data-testid={ids.reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
        {look.problemAt === 'callout' && problem && (
          <Callout intent="danger" data-testid={ids.problem}>
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
              text={confirmText ?? look.confirmText}
              loading={busy}
              data-testid={ids.ok}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
};

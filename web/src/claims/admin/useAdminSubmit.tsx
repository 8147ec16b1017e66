/**
 * An admin's submit: compare the form with the stored claim; without changes it is a plain
 * submit, with changes every changed field needs an explanation (ExplanationDialog), then the
 * amendment is saved against the compared version and the claim submitted.
 */
import { useRef, useState } from 'react';
import { mutate } from 'swr';
import type { ReactNode } from 'react';
import type { FieldChange } from '@feibao/domain/claims/claim.events';
import { notifyError, toast } from '../../api/toaster.ts';
import { claimPaths, contrastClaim, saveAmendment, submitClaim } from '../api.ts';
import { explanationErrors, explanationList, isStaleVersion } from './amendment.ts';
import { ExplanationDialog } from './ExplanationDialog.tsx';

export const AMENDMENT_SAVED = '保存修改成功';
export const SUBMITTED = '提交成功';

/** The log and history hooks key on [path, query]: a saved amendment adds rows to both. */
const refreshHistory = () =>
  void mutate((key) => Array.isArray(key) && (key[0] === claimPaths.log || key[0] === claimPaths.history));

type Pending = { id: string; version: number; rows: FieldChange[]; form: Record<string, unknown> };

type Submit = (form: Record<string, unknown>, seenVersion?: number) => Promise<void>;

export const useAdminSubmit = (options: { onDone: () => void }): { submit: Submit; dialog: ReactNode } => {
  const [pending, setPending] = useState<Pending | null>(null);
  const [remarks, setRemarks] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The latest onDone, so a reload after a long dialog uses the page's current callback.
  const onDone = useRef(options.onDone);
  onDone.current = options.onDone;

  const close = () => {
    setPending(null);
    setRemarks({});
    setErrors({});
  };

  const submitStored = async (form: Record<string, unknown>) => {
    await submitClaim(form);
    toast.success(SUBMITTED);
  };

  /** `seenVersion`: the claim version the form was loaded at; the server refuses it if someone changed the form since. */
  const submit: Submit = async (form, seenVersion) => {
    try {
      const answer = (await contrastClaim(form, seenVersion)).data;
      if (answer.rows.length === 0) {
        await submitStored(form);
        onDone.current();
        return;
      }
      setRemarks({});
      setErrors({});
      setPending({ id: answer.id, version: answer.version, rows: answer.rows, form });
    } catch (e) {
      // Someone else changed the claim after this form was loaded: comparing would undo their change.
      if (isStaleVersion(e)) {
        toast.warning(e.message);
        refreshHistory();
        onDone.current();
      } else notifyError(e);
    }
  };

  const confirm = async () => {
    if (!pending || busy) return;
    const refused = explanationErrors(pending.rows, remarks);
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    setBusy(true);
    try {
      await saveAmendment(pending.id, pending.version, pending.form, explanationList(pending.rows, remarks));
      toast.success(AMENDMENT_SAVED);
    } catch (e) {
      setBusy(false);
      if (isStaleVersion(e)) {
        toast.warning(e.message);
        close();
        refreshHistory();
        onDone.current();
      } else notifyError(e);
      return;
    }
    // The amendment is stored whatever the submit answers, so the page reloads either way.
    try {
      await submitStored(pending.form);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      close();
      refreshHistory();
      onDone.current();
    }
  };

  const dialog = (
    <ExplanationDialog
      isOpen={pending !== null}
      rows={pending?.rows ?? []}
      remarks={remarks}
      errors={errors}
      busy={busy}
      onChange={(path, remark) => {
        setRemarks((r) => ({ ...r, [path]: remark }));
        if (remark.trim()) setErrors(({ [path]: _, ...rest }) => rest);
      }}
      onConfirm={() => void confirm()}
      onCancel={close}
    />
  );

  return { submit, dialog };
};

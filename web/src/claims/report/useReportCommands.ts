/**
 * The report's writes: 暂存, 提交 (directly, or through the explained-amendment flow when the
 * claim's actions hold `amend`) and 返回, which cancels a claim created here and never saved before going back.
 */
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError, toast } from '../../api/toaster.ts';
import type { Variant } from '../../shared/site.ts';
import { can, cancelNewClaim, saveClaim, submitClaim, type ClaimDetails } from '../api.ts';
import type { Busy } from './ReportActions.tsx';
import { checkReport, toPayload, type ReportForm } from './reportForm.ts';

export const claimListOf = (variant: Variant) =>
  variant === 'mobile' ? '/touch/applyForCompensation' : '/platform/applyForCompensation';

type Options = {
  variant: Variant;
  claim: ClaimDetails | undefined;
  form: ReportForm | null;
  createMode: boolean;
  /** 提交 goes through contrast and explanations (reportRights). */
  amendOnSubmit: boolean;
  /** Re-reads the claim and rebuilds the form from it. */
  reload: () => Promise<void>;
  adminSubmit: (form: Record<string, unknown>) => Promise<void>;
};

export const useReportCommands = ({
  variant,
  claim,
  form,
  createMode,
  amendOnSubmit,
  reload,
  adminSubmit,
}: Options) => {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Busy>(null);
  const savedHere = useRef(false);

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(claimListOf(variant));
  };

  /** The form ready to send, or null after showing the first refusal. */
  const checked = (forSubmit: boolean): Record<string, unknown> | null => {
    if (!claim || !form) return null;
    const refusal = checkReport(form, {
      now: new Date(),
      insuredDeviceCodes: claim.insuredDeviceNumbers,
      // A drone a 批改 removed is refused for an accident from its removal, with the reason, before sending.
      removedDrones: claim.removedDrones ?? [],
      forSubmit,
    });
    if (refusal) {
      toast.warning(refusal);
      return null;
    }
    return toPayload(form);
  };

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };

  const save = () => {
    const payload = checked(false);
    if (!payload) return;
    void run('save', async () => {
      await saveClaim(payload);
      savedHere.current = true;
      toast.success('暂存成功');
      await reload();
    });
  };

  const submit = () => {
    const payload = checked(true);
    if (!payload) return;
    void run('submit', async () => {
      if (amendOnSubmit) {
        await adminSubmit(payload);
        return;
      }
      await submitClaim(payload);
      toast.success('提交成功');
      navigate(claimListOf(variant));
    });
  };

  const back = () => {
    const fresh = createMode && can(claim?.actions, 'back') && !savedHere.current;
    if (!fresh || !claim) {
      goBack();
      return;
    }
    void run('back', async () => {
      await cancelNewClaim(claim.id);
      toast.success('返回成功');
      goBack();
    });
  };

  return { busy, save, submit, back };
};

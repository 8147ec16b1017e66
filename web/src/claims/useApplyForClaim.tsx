/**
 * 申请理赔 from an order (desktop and mobile): createClaimSettlement, then the report in create
 * mode; when the policy already has an unfinished claim (30000) a confirm dialog offers to open it.
 */
import { type ReactNode, useState } from 'react';
import { Alert } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { claimMessages } from '@feibao/domain/claims/messages';
import { ResultCode } from '@feibao/domain/shared/codes';
import { ApiError, request } from '../api/client.ts';
import { sessionStore } from '../api/session.ts';
import { notifyError, toast } from '../api/toaster.ts';
import { routesOf, type Variant } from '../shared/site.ts';
import { claimPaths, createClaim, type ClaimDetails } from './api.ts';
import { newClaimHref, reportHref } from './labels.ts';

/** The existing claim's id travels as the 30000 answer's data. */
const existingClaimId = (e: ApiError): string | null => (typeof e.data === 'string' && e.data ? e.data : null);

type Options = { variant: Variant; from?: string | null };

/** `apply(orderId)` starts a claim; render `dialog` once in the page. */
export const useApplyForClaim = ({
  variant,
  from,
}: Options): { apply: (orderId: string) => Promise<void>; applying: string | null; dialog: ReactNode } => {
  const report = routesOf(variant).report;
  const navigate = useNavigate();
  const [applying, setApplying] = useState<string | null>(null);
  const [existing, setExisting] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  const apply = async (orderId: string) => {
    if (applying) return;
    setApplying(orderId);
    try {
      const env = await createClaim(orderId, sessionStore.get()?.user?.mobilePhone ?? '');
      toast.success(env.message || '申请理赔成功');
      navigate(newClaimHref(report, env.data, from));
    } catch (e) {
      const id = e instanceof ApiError && e.code === ResultCode.special ? existingClaimId(e) : null;
      if (id) setExisting(id);
      else notifyError(e);
    } finally {
      setApplying(null);
    }
  };

  /** Opens the existing claim the way the list would: editable while it is still the claimant's. */
  const openExisting = async () => {
    if (!existing) return;
    setOpening(true);
    let state: number | null = null;
    try {
      state = (await request<ClaimDetails>(claimPaths.details, { query: { id: existing } })).claimState;
    } catch {
      // Its state is only a hint for the address: the report reads the claim itself.
    }
    setOpening(false);
    setExisting(null);
    navigate(reportHref(report, existing, state, from));
  };

  const dialog = (
    <Alert
      isOpen={existing !== null}
      className="fb-open-claim-alert"
      icon="warning-sign"
      intent="primary"
      cancelButtonText="取消"
      confirmButtonText="跳转"
      loading={opening}
      canEscapeKeyCancel
      onCancel={() => setExisting(null)}
      onConfirm={() => void openExisting()}
      style={variant === 'mobile' ? { width: '92vw' } : undefined}
    >
      <p data-testid="open-claim-message">{claimMessages.openClaimExists}</p>
    </Alert>
  );

  return { apply, applying, dialog };
};

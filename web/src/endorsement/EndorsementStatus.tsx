/**
 * The order's latest 批改 (docs/api/endorsement.md): its 批单号 and status (待审核 / 人工审核中 / 待支付 with the
 * cashier / 已生效 / 已拒绝 with the reason / 已撤回), the rows line by line with the extra or return premium, and
 * 撤回 while it is open.
 */
import { useState } from 'react';
import { Button, Callout, Tag, type Intent } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import type { EndorsementView } from '@feibao/domain/ordering/endorsementView';
import { toast } from '../api/toaster.ts';
import { cashierTarget, clockTime, dateOnly, money } from './format.ts';
import type { Variant } from '../shared/site.ts';
import { payEndorsement, withdrawEndorsement } from './api.ts';
import { ChangeRows } from './ChangeRows.tsx';

const intents: Record<EndorsementView['status'], Intent> = {
  pending: 'primary',
  referred: 'warning',
  awaitingPayment: 'warning',
  endorsed: 'success',
  declined: 'danger',
  withdrawn: 'none',
};

export const signed = (n: number) => (n > 0 ? `加费 ${money(n)}` : n < 0 ? `退费 ${money(-n)}` : '无保费变化');

type Props = { orderId: string; view: EndorsementView; variant: Variant; returnTo: string; onChanged: () => void };

export const EndorsementStatus = ({ orderId, view, variant, returnTo, onChanged }: Props) => {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = view.status === 'pending' || view.status === 'referred' || view.status === 'awaitingPayment';
  const total = view.quote?.total ?? view.confirmedTotal;

  const pay = async () => {
    setBusy(true);
    try {
      const { payment } = await payEndorsement(orderId, view.endorsementId);
      if (!payment.cashierUrl) throw new Error('收银台暂不可用，请稍后再试');
      const target = cashierTarget(payment.cashierUrl, window.location.href, returnTo);
      if ('inApp' in target) navigate(target.inApp);
      else window.location.assign(target.external);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const withdraw = async () => {
    setBusy(true);
    try {
      await withdrawEndorsement(orderId, view.endorsementId);
      toast.success('批改申请已撤回');
      onChanged();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fb-endorsement-status" data-testid="endorsement-status" data-status={view.status}>
      <div className="fb-row-between fb-endorsement-head">
        <span>
          批单号 <strong>{view.endorsementNo}</strong>
        </span>
        <Tag intent={intents[view.status]} large={variant === 'mobile'} data-testid="endorsement-status-tag">
          {view.statusLabel}
        </Tag>
      </div>
      <div className="fb-endorsement-meta">
        生效日期 {dateOnly(view.effectiveDate)} · {signed(total)}
        {view.quote?.minimumApplied === 'extra' && '（按最低加费）'}
        {view.quote?.minimumApplied === 'return' && '（低于最低退费，不予退还）'}
      </div>
      {view.quote && <ChangeRows rows={view.quote.rows} mobile={variant === 'mobile'} />}
      {view.status === 'pending' && (
        <Callout intent="primary" compact>
          保险公司审核中，预计 {dateOnly(view.answerDueAt)} 前答复。
        </Callout>
      )}
      {view.status === 'referred' && (
        <Callout intent="warning" compact>
          已转保险公司人工审核：{view.referral}
        </Callout>
      )}
      {view.status === 'declined' && (
        <Callout intent="danger" compact data-testid="endorsement-reason">
          批改未通过：{view.reason}
        </Callout>
      )}
      {view.status === 'withdrawn' && view.reason && (
        <Callout compact data-testid="endorsement-reason">
          {view.reason}
        </Callout>
      )}
      {view.status === 'awaitingPayment' && view.payment && (
        <Callout intent="warning" compact>
          请在 {clockTime(view.payment.dueAt)} 前支付批改加费 {money(view.payment.amount)}，支付后批改生效。
        </Callout>
      )}
      <div className="fb-row-actions">
        {view.status === 'awaitingPayment' && (
          <Button
            intent="primary"
            icon="credit-card"
            text="去支付"
            loading={busy}
            data-testid="endorsement-pay"
            onClick={() => void pay()}
          />
        )}
        {open && (
          <Button
            variant="outlined"
            intent="danger"
            icon="undo"
            text="撤回批改"
            loading={busy}
            data-testid="endorsement-withdraw"
            onClick={() => void withdraw()}
          />
        )}
      </div>
    </div>
  );
};

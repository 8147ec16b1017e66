/**
 * /pay/:token — the dev payment gateway's cashier (docs/api/payments.md "Dev gateway"): a page of the
 * simulated external system, outside both sites' frames, laid out for a desktop or a phone by the
 * screen it is on. It talks to the gateway's calls only: 确认支付 marks the gateway's trade paid (the
 * order turns paid when the gateway's signed notification reaches the platform), 模拟失败 shows the
 * failure and leaves the trade payable. 返回订单 leads to the page that opened it (`?return=`).
 */
import { type ReactNode, useState } from 'react';
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { notifyError } from '../api/toaster.ts';
import { type CashierTrade, confirmPayment, failPayment, useCashierTrade } from './api.ts';
import { cashierReturnPath, clockTime, countdown, dateTime, secondsLeft, yuan } from './format.ts';
import { useNarrow, useNow } from './useNow.ts';
import './payments.css';

export const CashierPage = () => {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const narrow = useNarrow();
  const trade = useCashierTrade(token);
  const back = cashierReturnPath(params.get('return'), narrow);

  let body: ReactNode;
  if (trade.error)
    body = (
      <Callout intent="danger" icon="error" title="无法打开收银台" data-testid="cashier-error">
        {(trade.error as Error).message}
      </Callout>
    );
  else if (!trade.data)
    body = (
      <div className="fb-cashier-loading" aria-busy="true">
        <Spinner size={28} />
        <div>正在加载交易…</div>
      </div>
    );
  else body = <Cashier token={token} trade={trade.data} back={back} onChanged={() => void trade.mutate()} />;

  return (
    <div className={narrow ? 'fb-cashier fb-cashier-m' : 'fb-cashier'} data-testid="cashier">
      <header className="fb-cashier-header">
        <span className="fb-cashier-brand">收银台</span>
        <span className="fb-cashier-dev">模拟支付网关（开发环境）</span>
      </header>
      <main className="fb-cashier-main">{body}</main>
    </div>
  );
};

type Outcome = { kind: 'paid' } | { kind: 'failed'; reason: string } | null;

const Cashier = ({
  token,
  trade,
  back,
  onChanged,
}: {
  token: string;
  trade: CashierTrade;
  back: string;
  onChanged: () => void;
}) => {
  const [busy, setBusy] = useState<'confirm' | 'fail' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const payable = trade.status === 'waiting' || trade.status === 'failed';
  const now = useNow(payable && outcome?.kind !== 'paid');
  const left = secondsLeft(trade.dueAt, now);
  const paid = trade.status === 'paid' || outcome?.kind === 'paid';
  const closed = !paid && (trade.status === 'closed' || left === 0);

  const confirm = async () => {
    setBusy('confirm');
    try {
      await confirmPayment(token);
      setOutcome({ kind: 'paid' });
      onChanged();
    } catch (e) {
      notifyError(e);
      onChanged();
    } finally {
      setBusy(null);
    }
  };
  const fail = async () => {
    setBusy('fail');
    try {
      const answer = await failPayment(token);
      setOutcome({ kind: 'failed', reason: answer.data.reason ?? answer.message });
    } catch (e) {
      // The gateway answers a simulated failure as a special case (30000) with its reason.
      if (e instanceof ApiError && e.code === 30000) {
        const reason = (e.data as { reason?: string } | null)?.reason ?? e.message;
        setOutcome({ kind: 'failed', reason });
      } else notifyError(e);
    } finally {
      setBusy(null);
    }
  };

  const summary = (
    <dl className="fb-cashier-summary">
      <div>
        <dt>订单号</dt>
        <dd data-testid="cashier-order-no">{trade.orderNo}</dd>
      </div>
      <div>
        <dt>商品</dt>
        <dd data-testid="cashier-subject">{trade.insurerName} 无人机保险</dd>
      </div>
      <div>
        <dt>收款方</dt>
        <dd>飞保保险经纪 · {trade.insurerName}</dd>
      </div>
      <div>
        <dt>支付期限</dt>
        <dd>{dateTime(trade.dueAt)}</dd>
      </div>
    </dl>
  );
  const amount = (
    <div className="fb-cashier-amount">
      <span className="fb-cashier-amount-label">应付金额</span>
      <strong data-testid="cashier-amount">{yuan(trade.amount)}</strong>
    </div>
  );

  if (paid)
    return (
      <section className="fb-cashier-card fb-cashier-done" aria-live="polite">
        <Callout intent="success" icon="tick-circle" title="支付成功" data-testid="cashier-paid">
          已向飞保支付 {yuan(trade.amount)}。支付结果将通知飞保，订单随后显示为已支付，并提交保险公司承保。
        </Callout>
        {summary}
        <Link to={back} className="bp6-button bp6-intent-primary bp6-large" data-testid="cashier-back">
          返回订单
        </Link>
      </section>
    );

  if (closed)
    return (
      <section className="fb-cashier-card" aria-live="polite">
        <Callout intent="warning" icon="time" title="交易已关闭" data-testid="cashier-closed">
          {trade.status === 'closed'
            ? '该交易已关闭，不能继续支付。请返回订单重新投保。'
            : '已超过支付期限，交易已关闭。请返回订单重新投保。'}
        </Callout>
        {summary}
        <Link to={back} className="bp6-button bp6-large" data-testid="cashier-back">
          返回订单
        </Link>
      </section>
    );

  return (
    <section className="fb-cashier-card">
      <div className="fb-cashier-pay">
        {amount}
        <div className="fb-cashier-due" data-testid="cashier-due">
          请在 {clockTime(trade.dueAt)} 前完成支付，剩余 <span className="fb-cashier-countdown">{countdown(left)}</span>
        </div>
      </div>
      {summary}
      {outcome?.kind === 'failed' && (
        <Callout intent="danger" icon="error" title="支付失败" data-testid="cashier-failed">
          {outcome.reason}。您可以重新支付。
        </Callout>
      )}
      <div className="fb-cashier-buttons">
        <Button
          intent="primary"
          large
          text={outcome?.kind === 'failed' ? '重新支付' : '确认支付'}
          aria-label="确认支付"
          loading={busy === 'confirm'}
          disabled={busy !== null}
          onClick={() => void confirm()}
          data-testid="cashier-confirm"
        />
        <Button
          large
          text="模拟失败"
          loading={busy === 'fail'}
          disabled={busy !== null}
          onClick={() => void fail()}
          data-testid="cashier-fail"
        />
      </div>
      <p className="fb-cashier-note">这是开发环境的模拟收银台，不会产生真实扣款。</p>
    </section>
  );
};

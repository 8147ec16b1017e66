/**
 * An order's payment on the order list and the order details, both sites (docs/api/payments.md "The
 * order's payment"): 待支付 with the amount, the due time and a countdown, and 去支付 when the order's
 * `actions` allow it; 已支付 with the time, 等待承保 until the insurer underwrites; 支付已超时; 已退款.
 * While the order waits (state 3) the order screens re-read every few seconds, so the payment and then
 * the underwriting show as the gateway's notification and the insurer arrive.
 */
import { type ReactNode, useEffect } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { orderPaths } from '../ordering/api.ts';
import type { Variant } from '../shared/site.ts';
import type { OrderPayment as Payment } from './api.ts';
import { cashierTarget, clockTime, countdown, dateTime, orderDetailsPath, secondsLeft, yuan } from './format.ts';
import { useNow } from './useNow.ts';
import './orderPayment.css';

/** The parts of an order (list row or details) the box reads. */
export type PaymentOrder = {
  id: string;
  orderType: number;
  state: number;
  actions?: readonly string[];
  payment?: Payment | null;
};

const AWAITING_MS = 3000;
const BOUGHT = 3;

/** Re-reads the customer's order list and details while an order shown waits for payment or underwriting. */
const useRefreshWhileWaiting = (waiting: boolean) => {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      void mutate((key) => Array.isArray(key) && (key[0] === orderPaths.page || key[0] === orderPaths.details));
    }, AWAITING_MS);
    return () => clearInterval(timer);
  }, [waiting, mutate]);
};

export const OrderPaymentBox = ({ order, variant }: { order: PaymentOrder; variant: Variant }) => {
  const payment = order.payment ?? null;
  const navigate = useNavigate();
  const unpaid = payment?.status === 'unpaid';
  const now = useNow(unpaid);
  useRefreshWhileWaiting(order.state === BOUGHT && payment !== null);
  if (!payment) return null;
  const mobile = variant === 'mobile';
  const left = secondsLeft(payment.dueAt, now);

  const pay = () => {
    if (!payment.cashierUrl) return;
    const target = cashierTarget(payment.cashierUrl, window.location.href, orderDetailsPath(variant, order));
    if ('inApp' in target) navigate(target.inApp);
    else window.location.assign(target.external);
  };

  let content: ReactNode;
  if (payment.status === 'unpaid' && left > 0)
    content = (
      <>
        <Tag intent="warning" className="fb-pay-tag">
          待支付 {yuan(payment.amount)}
        </Tag>
        <span className="fb-pay-due">
          请在 {clockTime(payment.dueAt)} 前支付
          <span className="fb-pay-countdown" title="剩余时间">
            {countdown(left)}
          </span>
        </span>
        {order.actions?.includes('pay') && payment.cashierUrl && (
          <Button
            intent="primary"
            size={mobile ? 'medium' : 'small'}
            icon="credit-card"
            text="去支付"
            data-testid="order-pay"
            onClick={pay}
          />
        )}
      </>
    );
  else if (payment.status === 'unpaid' || payment.status === 'expired')
    content = (
      <>
        <Tag intent="danger" minimal className="fb-pay-tag">
          支付已超时
        </Tag>
        <span className="fb-pay-due">{dateTime(payment.dueAt)} 截止，可重新投保</span>
      </>
    );
  else if (payment.status === 'paid')
    content = (
      <>
        <Tag intent="success" className="fb-pay-tag">
          已支付 {yuan(payment.amount)}
        </Tag>
        <span className="fb-pay-due">
          {dateTime(payment.paidAt)}
          {order.state === BOUGHT ? ' · 等待承保' : ''}
        </span>
      </>
    );
  else
    content = (
      <Tag minimal className="fb-pay-tag">
        已退款 {yuan(payment.amount)}
      </Tag>
    );

  return (
    <div
      className={mobile ? 'fb-pay-box fb-pay-box-m' : 'fb-pay-box'}
      data-testid="order-payment"
      data-status={payment.status}
    >
      {content}
    </div>
  );
};

/**
 * Payment calls (docs/api/payments.md): the dev gateway's cashier calls, and the order's `payment`
 * as the order details and list rows carry it.
 */
import useSWR from 'swr';
import { call, request } from '../api/client.ts';

/** The order's payment on the order wire (`payment` of order details and list rows). */
export type OrderPayment = {
  status: 'unpaid' | 'paid' | 'expired' | 'refunded';
  amount: number;
  dueAt: string;
  paidAt: string | null;
  tradeNo: string;
  cashierUrl: string | null;
};

/** A trade as the dev gateway's cashier shows it. */
export type CashierTrade = {
  orderNo: string;
  subject: string;
  amount: number;
  status: 'waiting' | 'paid' | 'closed' | 'failed';
  insurerName: string;
  dueAt: string;
};

const base = '/api/v1/uav/dev/pay';
export const cashierPaths = {
  trade: `${base}/trade`,
  confirm: `${base}/confirm`,
  fail: `${base}/fail`,
} as const;

/** The trade behind a cashier token. The gateway is another system: no session is sent, the token is the key. */
export const useCashierTrade = (token: string) =>
  useSWR<CashierTrade>([cashierPaths.trade, { token }], ([path, query]: [string, { token: string }]) =>
    request<CashierTrade>(path, { query, auth: 'public' }),
  );

export const confirmPayment = (token: string) =>
  call<{ status: 'paid' }>(cashierPaths.confirm, { body: { token }, auth: 'public' });
/** Answers 30000 with the simulated reason: the caller reads it from the refusal. */
export const failPayment = (token: string) =>
  call<{ status: 'failed'; reason: string }>(cashierPaths.fail, { body: { token }, auth: 'public' });

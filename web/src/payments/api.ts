/**
 * Payment calls (docs/api/payments.md): the dev gateway's cashier calls, and the order's `payment`
 * as the order details and list rows carry it.
 */
import useSWR from 'swr';
import { call, request } from '../api/client.ts';

export type { OrderPayment, DevTrade as CashierTrade } from '@feibao/domain/payments/api';
import type { DevTrade as CashierTrade } from '@feibao/domain/payments/api';

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

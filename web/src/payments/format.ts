/** The payment screens' pure parts: yuan, Shanghai clock times, countdowns and where the cashier leads back. */
import { SHANGHAI_OFFSET_MS } from '@feibao/domain/shared/calendar';
import type { Variant } from '../shared/site.ts';

/** ¥1,234.50: always two decimals, as a cashier shows an amount. */
export const yuan = (amount: number): string =>
  `¥${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const shanghai = (iso: string) => new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS).toISOString();

/** 14:05, Asia/Shanghai (请在 14:05 前支付). */
export const clockTime = (iso: string): string => shanghai(iso).slice(11, 16);

/** 2026-11-27 14:05, Asia/Shanghai. */
export const dateTime = (iso: string | null): string => (iso ? shanghai(iso).slice(0, 16).replace('T', ' ') : '—');

/** Whole seconds left until `dueAt` (0 once past). */
export const secondsLeft = (dueAt: string, now: number): number =>
  Math.max(0, Math.ceil((new Date(dueAt).getTime() - now) / 1000));

/** 29:05, or 1:02:03 beyond an hour. */
export const countdown = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};

/** An order's details page on the site the customer is on. */
export const orderDetailsPath = (variant: Variant, order: { id: string; orderType: number }): string =>
  `${variant === 'mobile' ? '/touch' : '/platform'}/supportConcept?${new URLSearchParams({
    type: String(order.orderType),
    id: order.id,
    show: 'true',
  }).toString()}`;

/**
 * Where the cashier's 返回订单 leads: the `return` address the order page gave it (as a gateway's
 * return_url), if it is a page of one of our two sites; otherwise the order list of the site the
 * screen size suggests. Anything else (another host, `//evil`, a script URL) is ignored.
 */
export const cashierReturnPath = (returnParam: string | null, mobile: boolean): string =>
  returnParam && /^\/(platform|touch)\/[A-Za-z0-9/_-]*(\?[^#\s]*)?$/.test(returnParam)
    ? returnParam
    : mobile
      ? '/touch/orderInquiry'
      : '/platform/orderInquiry';

/**
 * How to open the cashier: a cashier of this very origin (the dev gateway) opens inside the app and is
 * told where to return; any other gateway is left for by a full navigation.
 */
export const cashierTarget = (
  cashierUrl: string,
  here: string,
  returnTo: string,
): { inApp: string } | { external: string } => {
  const url = new URL(cashierUrl, here);
  if (url.origin !== new URL(here).origin) return { external: url.toString() };
  url.searchParams.set('return', returnTo);
  return { inApp: `${url.pathname}${url.search}` };
};

/**
 * 批改's own small formatters. The order pages have the same ones (ordering/format.ts, payments/format.ts); importing
 * theirs would make the bundler split those modules out of the order pages' chunk, which the phone's first load pays
 * for (scripts/check-bundles.ts).
 */
import { SHANGHAI_OFFSET_MS } from '@feibao/domain/shared/calendar';

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const money = (n: number | null | undefined): string =>
  n === null || n === undefined || Number.isNaN(n) ? '—' : `¥${yuan.format(n)}`;

const shanghai = (iso: string) => new Date(new Date(iso).getTime() + SHANGHAI_OFFSET_MS).toISOString();
/** yyyy-MM-dd, Shanghai. */
export const dateOnly = (iso: string | null | undefined) => (iso ? shanghai(iso).slice(0, 10) : '—');
/** HH:mm, Shanghai. */
export const clockTime = (iso: string) => shanghai(iso).slice(11, 16);
/** yyyy-MM-dd HH:mm, Shanghai. */
export const dateTime = (iso: string | null) => (iso ? shanghai(iso).slice(0, 16).replace('T', ' ') : '—');

/** Where 去支付 goes: our own cashier (the dev gateway) inside the app with `?return=`, else the provider's page. */
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

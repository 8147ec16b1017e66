import { z } from 'zod';
import { blank } from './fields.ts';

/**
 * Staff lists' search by order number and by the customer's phone (docs/security.md "Personal data and
 * logs"). The order number matches as a prefix (a whole number is its own prefix). The phone must be the
 * whole mobile number and matches exactly: a partial number would let staff list every customer whose
 * number starts alike and so read numbers the lists show masked; a whole one only answers whether that
 * very customer has rows.
 */
export const searchMessages = {
  orderNo: '订单号只能包含字母和数字，最多32位',
  phone: '请输入完整的11位手机号',
} as const;

const ORDER_NO = /^[0-9A-Za-z]{1,32}$/;
const MOBILE = /^1\d{10}$/;

const trimmed = (v: unknown) => (blank(v) ? undefined : typeof v === 'string' ? v.trim() : v);

/** An order number or its beginning (FB20261127…), upper-cased as order numbers are written. */
export const orderNoSearch = z.preprocess(
  trimmed,
  z
    .string({ error: searchMessages.orderNo })
    .regex(ORDER_NO, { error: searchMessages.orderNo })
    .transform((s) => s.toUpperCase())
    .optional(),
);

/** The customer's whole mobile number (spaces and dashes people type are dropped). */
export const phoneSearch = z.preprocess(
  (v) => (typeof v === 'string' ? trimmed(v.replace(/[\s-]/g, '')) : trimmed(v)),
  z.string({ error: searchMessages.phone }).regex(MOBILE, { error: searchMessages.phone }).optional(),
);

const orderSearch = z.object({ orderNo: orderNoSearch, phone: phoneSearch });
export type OrderSearch = z.output<typeof orderSearch>;

/** The two fields checked as the server will (the web checks before sending): the search or the refusal. */
export const parseOrderSearch = (
  input: Record<'orderNo' | 'phone', string>,
): { ok: true; search: OrderSearch } | { ok: false; message: string } => {
  const result = orderSearch.safeParse(input);
  return result.success ? { ok: true, search: result.data } : { ok: false, message: result.error.issues[0]!.message };
};

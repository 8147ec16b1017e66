/** Form helpers around the shared zod schemas of @feibao/domain. */
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;
export type Validation<T> =
  | { ok: true; data: T; errors: FieldErrors }
  | { ok: false; errors: FieldErrors; first: string };

/** A pre-check rule: a field that must not be empty, with its own message (mobile wording). */
export type RequiredRule = readonly [field: string, message: string];

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Runs the required-field pre-checks, then the schema. Errors are keyed by the first
 * path segment, one message per field (the first one found); `first` is the message a
 * toast shows, in the order the server reports it.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
  required: readonly RequiredRule[] = [],
): Validation<z.output<S>> {
  const errors: FieldErrors = {};
  let first = '';
  for (const [field, message] of required) {
    if (isEmpty(values[field]) && !errors[field]) {
      errors[field] = message;
      first ||= message;
    }
  }
  const parsed = schema.safeParse(values);
  if (parsed.success && !first) return { ok: true, data: parsed.data, errors };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '_');
      if (!errors[field]) errors[field] = issue.message;
      first ||= issue.message;
    }
  }
  return { ok: false, errors, first };
}

/** Keeps only the listed keys (the shared schemas are strict objects). */
export const pick = <K extends string>(values: Record<string, unknown>, keys: readonly K[]): Record<K, unknown> => {
  const out = {} as Record<K, unknown>;
  for (const k of keys) if (values[k] !== undefined) out[k] = values[k];
  return out;
};

/** Empty strings become undefined (the server reads them as "not given"). */
export const compact = (values: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'string') {
      const t = v.trim();
      if (t !== '') out[k] = t;
    } else if (v !== undefined && v !== null) out[k] = v;
  }
  return out;
};

/** Label of the send-code button. */
export const countdownLabel = (remaining: number, started: boolean): string =>
  remaining > 0 ? `${remaining}秒后重试` : started ? '重新获取' : '获取验证码';

/** Widest layout the mobile pages scale to; wider windows show the 750 px layout centred. */
export const TOUCH_MAX_WIDTH = 750;

/** Mobile rem base: 1 rem = width / 375 * 100 px (width capped at TOUCH_MAX_WIDTH). */
export const remFontSize = (width: number): number => (Math.min(width, TOUCH_MAX_WIDTH) / 375) * 100;

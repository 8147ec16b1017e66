import { SHANGHAI_OFFSET_MS } from './calendar.ts';
import { z } from 'zod';

/**
 * Field schemas for forms old clients post: numbers as strings, '' for untouched fields,
 * yes/no as words or digits. Blanks become absent; anything else wrong is refused with a
 * Chinese message naming the field, never a crash. Shared by the insure and claim forms.
 */
export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const text = (label: string, max = 100) =>
  z
    .preprocess(
      (v) => (blank(v) ? undefined : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: `${label}格式不正确` })
        .max(max, { error: `${label}不能超过${max}个字符` })
        .optional(),
    )
    .optional();

export type NumberRule = { min?: number; max: number; int?: boolean };
export const numberSchema = (label: string, { min = 0, max, int = false }: NumberRule) => {
  const base = z
    .number({ error: (issue) => (issue.input === undefined ? `${label}不能为空` : `${label}必须是数字`) })
    .min(min, { error: `${label}不能小于${min}` })
    .max(max, { error: `${label}不能大于${max}` });
  return int ? base.int({ error: `${label}必须是整数` }) : base;
};
export const toNumber = (v: unknown) => {
  if (blank(v)) return undefined;
  if (typeof v !== 'string') return v;
  const n = Number(v.trim());
  return Number.isNaN(n) ? v : n;
};
export const num = (label: string, rule: NumberRule) =>
  z.preprocess(toNumber, numberSchema(label, rule).optional()).optional();
export const requiredNum = (label: string, rule: NumberRule) => z.preprocess(toNumber, numberSchema(label, rule));

const YES = new Set<unknown>(['1', 1, true, '是', '有', 'true']);
const NO = new Set<unknown>(['0', 0, false, '否', '无', 'false']);
/** The old client posts yes/no as '1'/'0', 是/否, booleans or numbers. */
export const flag = (label: string) =>
  z
    .preprocess(
      (v) => (blank(v) ? undefined : YES.has(v) ? '1' : NO.has(v) ? '0' : v),
      z.enum(['1', '0'], { error: `请选择${label}` }).optional(),
    )
    .optional();
export const numericFlag = (label: string) =>
  z
    .preprocess(
      (v) => (blank(v) ? undefined : YES.has(v) ? 1 : NO.has(v) ? 0 : v),
      z.union([z.literal(0), z.literal(1)], { error: `请选择${label}` }).optional(),
    )
    .optional();

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/**
 * Date pickers send 'yyyy-MM-dd', a bare year, or an ISO instant; an instant is read
 * as a Shanghai calendar day so midnight local time does not become the day before.
 */
export const toDateString = (v: unknown) => {
  if (blank(v)) return undefined;
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (/^\d{4}$/.test(s)) return `${s}-01-01`;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s)) {
    if (/(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
      const t = new Date(s).getTime();
      return Number.isNaN(t) ? s : new Date(t + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
    }
    return s.slice(0, 10);
  }
  return s;
};
export const date = (label: string) =>
  z
    .preprocess(
      toDateString,
      z
        .string({ error: `${label}格式应为yyyy-MM-dd` })
        .regex(DATE, { error: `${label}格式应为yyyy-MM-dd` })
        .refine(isCalendarDate, { error: `${label}不是有效日期` })
        .optional(),
    )
    .optional();

export const list = <T extends z.ZodType>(item: T, label: string, max: number) =>
  z.preprocess(
    (v) => (v == null || v === '' ? [] : v),
    z.array(item, { error: `${label}格式不正确` }).max(max, {
      error: `${label}最多${max}项`,
    }),
  );
/** Unknown keys are stripped: the old client sends extras we do not keep. */
export const record = <S extends z.ZodRawShape>(label: string, shape: S) =>
  z.object(shape, { error: `${label}格式不正确` });
export const section = <T extends z.ZodType>(shape: T) => z.preprocess((v) => (v == null || v === '' ? {} : v), shape);

/** An object's id as every call takes it (`?id=` or a body's `id`): present, trimmed, at most 64 characters. */
export const idField = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage }).max(64);

/** `?id=`: the one object a call is about; each feature words its own "missing id" message. */
export const idQuery = (requiredMessage: string) => z.object({ id: idField(requiredMessage) });

const pageNumber = z.coerce
  .number({ error: '页码不正确' })
  .int({ error: '页码不正确' })
  .min(1, { error: '页码不正确' })
  .max(100_000, { error: '页码不正确' })
  .optional()
  .default(1);
const pageSizeOf = (defaultPageSize: number) =>
  z.coerce
    .number({ error: '每页条数不正确' })
    .int({ error: '每页条数不正确' })
    .min(1, { error: '每页条数不正确' })
    .max(100, { error: '每页条数不正确' })
    .optional()
    .default(defaultPageSize);

/** A list page's `currentPage` and `pageSize`, as the paged staff lists take them (strings or numbers, defaults when absent). */
export const pageFields = (defaultPageSize: number) => ({
  currentPage: pageNumber,
  pageSize: pageSizeOf(defaultPageSize),
});

/** The same, for the lists whose page number is called `pageNum` (the back office's payments and invoices). */
export const pageNumFields = (defaultPageSize: number) => ({
  pageNum: pageNumber,
  pageSize: pageSizeOf(defaultPageSize),
});

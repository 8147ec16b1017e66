import { z } from 'zod';
import { isClaimsStaff } from '../accounts/roles.ts';
import { shanghaiMidnight } from '../shared/calendar.ts';
import { invalid } from '../shared/errors.ts';
import { idField, idQuery } from '../shared/fields.ts';
import { CLAIM_PAGE_SIZE, MAX_PICTURES_PER_BATCH, PICTURE_ID_MAX_LENGTH, PICTURE_PAGE_SIZE } from './catalogue.ts';
import { ClaimState, claimIdOfPicture, type ClaimStateValue } from './claim.events.ts';
import { claimImageTypes, codesUnder } from './imageTypes.ts';
import { claimMessages as m } from './messages.ts';
import { claimQueues, type ClaimQueue } from './sla.ts';

/** A claim's id as both services take it (query `id` or body `id`). */
export const claimIdSchema = idField(m.idRequired);
export const claimIdQuery = idQuery(m.idRequired);
/** The claim's id from the body's `id`, else the query's: the old client sends either. */
export const claimIdIn = (body: unknown, query: Record<string, unknown>): string => {
  const parsed = claimIdSchema.safeParse((body as Record<string, unknown> | undefined)?.id ?? query.id);
  if (!parsed.success) throw invalid(m.idRequired);
  return parsed.data;
};

/** "Apply for a claim" on an order (its policy). */
export const openClaimQuery = z.object({
  orderId: z.string({ error: m.orderIdRequired }).trim().min(1, { error: m.orderIdRequired }).max(64),
});

const optionalReason = z.string().trim().max(500, { error: m.reasonTooLong }).nullish();
const requiredReason = z
  .string({ error: m.reasonRequired })
  .trim()
  .min(1, { error: m.reasonRequired })
  .max(500, { error: m.reasonTooLong });

/** The staff desk's calls (accept; close and reopen need a reason). */
export const withOptionalReasonBody = z.object({ id: claimIdSchema, reason: optionalReason });
export const withReasonBody = z.object({ id: claimIdSchema, reason: requiredReason });
export const evidenceRequestBody = z.object({
  id: claimIdSchema,
  message: z.string({ error: m.messageRequired }).trim().min(1, { error: m.messageRequired }).max(1000),
});
export const assignClaimBody = z.object({
  id: claimIdSchema,
  // '' and null unassign.
  assignee: z
    .string({ error: m.notClaimsStaff })
    .trim()
    .max(20, { error: m.notClaimsStaff })
    .nullish()
    .transform((v) => v || null),
});
export const assessClaimBody = z.object({
  id: claimIdSchema,
  reason: optionalReason,
  exposures: z
    .array(
      z.object({
        lineKey: z.string({ error: m.lossLineRequired }).min(1, { error: m.lossLineRequired }).max(50),
        kind: z.enum(['drone', 'injury', 'property', 'other'], { error: m.lossKindInvalid }),
        lossAmount: z.coerce
          .number({ error: m.lossAmountInvalid })
          .min(0, { error: m.lossAmountInvalid })
          .max(1_000_000_000, { error: m.lossAmountInvalid }),
        remark: z.string().trim().max(200).optional(),
      }),
      { error: m.lossesRequired },
    )
    .min(1, { error: m.lossesRequired })
    .max(100),
});

/** Withdrawing: any reason the old client sends is kept (trimmed, at most 500 characters); anything else is none. */
export const withdrawReasonOf = (body: unknown): string | null => {
  const reason = (body as Record<string, unknown> | undefined)?.reason;
  return typeof reason === 'string' ? reason.trim().slice(0, 500) || null : null;
};

/**
 * contrast's optional `version`: the claim version the admin's form was loaded at (details'
 * `version`); none when absent or empty.
 */
export const contrastVersionOf = (body: unknown): number | null => {
  const raw = (body as Record<string, unknown> | undefined)?.version;
  if (raw === undefined || raw === null || raw === '') return null;
  const version = Number(raw);
  if (!Number.isInteger(version) || version < 1) throw invalid(m.seenVersionInvalid);
  return version;
};

/** saveLog: the amended form, the version it was compared against and one explanation per changed field. */
export const saveLogBody = z.object({
  id: claimIdSchema,
  version: z.coerce.number({ error: m.compareFirst }).int().min(0),
  form: z.unknown(),
  list: z
    .array(
      z.object({
        path: z.string().max(300),
        remark: z.string().max(500, { error: m.explanationTooLong }).nullish(),
      }),
      { error: m.explanationsInvalid },
    )
    .max(2000),
});

/** The explanations by field path; a row without a remark explains nothing (the decider asks for it). */
export const explanationsOf = (list: z.output<typeof saveLogBody>['list']): Record<string, string> =>
  Object.fromEntries(list.map((row) => [row.path, row.remark ?? '']));

/** '' and null (what the old client sends for an untouched filter) mean no filter. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || undefined);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) =>
  DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isRealDate(v), { error: m.applyDateInvalid });
const stateValues = Object.values(ClaimState) as number[];

/** The claim list (`page`): the customer's filters and the staff desk's. */
export const claimPageBody = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(100).optional().default(CLAIM_PAGE_SIZE),
    // The old client sends its own userName; the list is the caller's whatever it says.
    userName: z.string().max(64).nullish(),
    claimState: z
      .union([z.literal(''), z.null(), z.coerce.number()], { error: m.claimStateInvalid })
      .optional()
      .transform((v) => (v === '' || v === null ? undefined : v))
      .refine((v) => v === undefined || stateValues.includes(v), { error: m.claimStateInvalid })
      .transform((v) => v as ClaimStateValue | undefined),
    policyNo: optionalText(64),
    claimSettlementNo: optionalText(64),
    overdue: z
      .union(
        [
          z.boolean(),
          z.literal('1'),
          z.literal('0'),
          z.literal('true'),
          z.literal('false'),
          z.literal(''),
          z.literal(1),
          z.literal(0),
          z.null(),
        ],
        { error: m.overdueInvalid },
      )
      .optional()
      .transform((v) => v === true || v === '1' || v === 'true' || v === 1),
    applyTimeFrom: optionalDate,
    applyTimeTo: optionalDate,
    // The staff desk's filters; a customer's are ignored.
    queue: z
      .union([z.enum(claimQueues), z.literal(''), z.null()], { error: m.queueInvalid })
      .optional()
      .transform((v) => v || undefined),
    assignee: optionalText(20),
  })
  .refine((b) => !b.applyTimeFrom || !b.applyTimeTo || b.applyTimeFrom <= b.applyTimeTo, {
    error: m.applyDatesReversed,
  });

const nextDay = (date: string) => new Date(shanghaiMidnight(date).getTime() + 86_400_000).toISOString();

type ClaimReader = { sub: string; roles: readonly string[] };
/** The claim list's filters; every one is optional and they combine with AND (the read model's `ClaimListFilter`). */
export type ClaimListQuery = {
  /** Only this claimant's claims (customers); omitted for staff, who see every claim. */
  owner?: string;
  claimState?: ClaimStateValue;
  policyNo?: string;
  claimNo?: string;
  /** Claims whose current stage (accept or close) is late. */
  overdue?: boolean;
  /** Instants (ISO, UTC) bounding the first submission: from inclusive, to exclusive. */
  applyFrom?: string;
  applyTo?: string;
  /** Staff desk: one queue, sorted by whether the current stage is late, then by its due time. */
  queue?: ClaimQueue;
  /** Staff desk: claims assigned to this staff member. */
  assignee?: string;
};

/**
 * The list's filter for this caller: a customer lists only their own claims and has no desk filters;
 * staff list every claim (`assignee` 'me' is themselves). Apply dates are Shanghai days.
 */
export const claimListFilterOf = (body: z.output<typeof claimPageBody>, who: ClaimReader): ClaimListQuery => {
  const staff = isClaimsStaff(who.roles);
  return {
    owner: staff ? undefined : who.sub,
    claimState: body.claimState,
    policyNo: body.policyNo,
    claimNo: body.claimSettlementNo,
    overdue: body.overdue,
    applyFrom: body.applyTimeFrom ? shanghaiMidnight(body.applyTimeFrom).toISOString() : undefined,
    applyTo: body.applyTimeTo ? nextDay(body.applyTimeTo) : undefined,
    queue: staff ? body.queue : undefined,
    assignee: staff ? (body.assignee === 'me' ? who.sub : body.assignee) : undefined,
  };
};

/** A claim's pictures, one category (and those under it) or, empty, all of them. */
export const claimPicturePageBody = z.object({
  id: claimIdSchema,
  // Empty: every picture of the claim.
  imageTypeCode: optionalText(10),
  currentPage: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(PICTURE_PAGE_SIZE),
});

const allImageTypeCodes = claimImageTypes.flatMap((n) => codesUnder(n.imageTypeCode));
/** The exact categories a picture page reads: none given is every category; an unknown one is refused. */
export const pictureCodesOf = (imageTypeCode: string | undefined): string[] => {
  const codes = imageTypeCode === undefined ? allImageTypeCodes : codesUnder(imageTypeCode);
  if (codes.length === 0) throw invalid(m.imageTypeInvalid);
  return codes;
};

/** The insured drones a claim names (getSettlementUavInfo). */
export const claimDroneQuery = z.object({
  id: claimIdSchema,
  deviceNumber: z.string({ error: m.deviceNumberRequired }).trim().min(1, { error: m.deviceNumberRequired }).max(2000),
});

/** The picture ids a classify or delete call names. */
export const pictureIdsSchema = z
  .array(
    // A blank id names no picture; an id longer than any stored one names none either.
    z
      .string({ error: m.pictureRequired })
      .trim()
      .min(1, { error: m.pictureRequired })
      .max(PICTURE_ID_MAX_LENGTH, { error: m.pictureNotFound }),
    { error: m.pictureRequired },
  )
  .min(1, { error: m.pictureRequired })
  .max(MAX_PICTURES_PER_BATCH);

/** updatePicBatch's query: the category the pictures move to. */
export const classifyPicturesQuery = z.object({
  imageTypeCode: z.string({ error: m.categoryUnknown }).trim().min(1, { error: m.categoryUnknown }).max(10),
  imageTypeName: z.string().max(50).optional(),
});
/** The category code updatePicBatch names; any fault in its query is one refusal (the decider knows the codes). */
export const pictureCategoryOf = (query: unknown): string => {
  const parsed = classifyPicturesQuery.safeParse(query);
  if (!parsed.success) throw invalid(m.categoryUnknown);
  return parsed.data.imageTypeCode;
};

/**
 * A batch of pictures and the one claim they belong to, read off the ids themselves (pictureIdOf):
 * a batch spanning claims is refused, as one command writes one claim's stream. The old client posts
 * a bare JSON array of ids; `{ ids: [...] }` is taken too.
 */
export const pictureBatchOf = (body: unknown): { claimId: string; ids: string[] } => {
  const raw = Array.isArray(body) ? body : (body as { ids?: unknown } | undefined)?.ids;
  const parsed = pictureIdsSchema.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? m.pictureRequired);
  const claims = new Set(parsed.data.map(claimIdOfPicture));
  const [claimId] = claims;
  if (claims.size !== 1 || claimId === undefined) throw invalid(m.sameClaimPictures);
  return { claimId, ids: parsed.data };
};

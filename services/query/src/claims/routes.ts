import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { currentStageOverdue, claimQueues } from '@feibao/domain/claims/sla';
import { allowedClaimActions } from '@feibao/domain/claims/actions';
import { backofficeRoles, isClaimsStaff } from '@feibao/domain/accounts/roles';
import { CLAIM_PAGE_SIZE, PICTURE_PAGE_SIZE } from '@feibao/domain/claims/catalogue';
import { claimGuards } from '@feibao/domain/claims/guards';
import { claimIdQuery, claimIdSchema } from '@feibao/domain/claims/requests';
import {
  claimImageTypes,
  codesUnder,
  countImageTypes,
  missingEvidence,
  requiredEvidence,
} from '@feibao/domain/claims/imageTypes';
import { claimMessages } from '@feibao/domain/claims/messages';
import { ClaimState, type ClaimStateValue } from '@feibao/domain/claims/claim.events';
import { historyCsv, type HistoryEntry } from '@feibao/domain/claims/history';
import { insuredDronesByCodes } from '@feibao/domain/claims/policy';
import { maskIdCard, maskIdNumbersIn, maskPersonalText, maskPhone } from '@feibao/domain/shared/masking';
import { ResultCode } from '@feibao/domain/shared/codes';
import { shanghaiMidnight } from '@feibao/domain/shared/calendar';
import { splitDeviceCodes } from '@feibao/domain/ordering/form';
import { workingDaysBetween } from '@feibao/domain/rating/workingDays';
import type { ClaimDetails, ClaimListPage, ClaimPictureRow } from '@feibao/domain/claims/api';
import { caller, type Caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { CLAIMS_PROJECTION } from '@feibao/read-models/projections';
import { userListReader } from '@feibao/read-models/accounts/users/reader';
import { claimHistoryReader } from '@feibao/read-models/claims/history/reader';
import { claimPictureReader } from '@feibao/read-models/claims/pictures/reader';
import { claimReader, type ClaimListFilter } from '@feibao/read-models/claims/claims/reader';
import type { ClaimDocument } from '@feibao/read-models/claims/claims/claimDocument';
import type { PictureDocument } from '@feibao/read-models/claims/pictures/pictureDocument';
import type { QueryDeps } from '../deps.ts';
import { flightDataSummary } from './flightData.ts';

const PREFIX = '/api/v1/uav/claim/settlement';

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
  .refine((v) => v === undefined || isRealDate(v), { error: '申请日期格式应为yyyy-MM-dd' });
const stateValues = Object.values(ClaimState) as number[];

const pageBody = z
  .object({
    currentPage: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(100).optional().default(CLAIM_PAGE_SIZE),
    // The old client sends its own userName; the list is the caller's whatever it says.
    userName: z.string().max(64).nullish(),
    claimState: z
      .union([z.literal(''), z.null(), z.coerce.number()], { error: '理赔状态不正确' })
      .optional()
      .transform((v) => (v === '' || v === null ? undefined : v))
      .refine((v) => v === undefined || stateValues.includes(v), { error: '理赔状态不正确' })
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
        {
          error: '是否超时参数不正确',
        },
      )
      .optional()
      .transform((v) => v === true || v === '1' || v === 'true' || v === 1),
    applyTimeFrom: optionalDate,
    applyTimeTo: optionalDate,
    // The staff desk's filters; a customer's are ignored.
    queue: z
      .union([z.enum(claimQueues), z.literal(''), z.null()], { error: '队列参数不正确' })
      .optional()
      .transform((v) => v || undefined),
    assignee: optionalText(20),
  })
  .refine((b) => !b.applyTimeFrom || !b.applyTimeTo || b.applyTimeFrom <= b.applyTimeTo, {
    error: '开始日期不能晚于结束日期',
  });

const pictureBody = z.object({
  id: claimIdSchema,
  // Empty: every picture of the claim.
  imageTypeCode: optionalText(10),
  currentPage: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(PICTURE_PAGE_SIZE),
});

const droneQuery = z.object({
  id: claimIdSchema,
  deviceNumber: z.string({ error: '请输入设备编号' }).trim().min(1, { error: '请输入设备编号' }).max(2000),
});

const allImageTypeCodes = claimImageTypes.flatMap((n) => codesUnder(n.imageTypeCode));
const nextDay = (date: string) => new Date(shanghaiMidnight(date).getTime() + 86_400_000).toISOString();

/** The claimant's own data is shown whole to them and to staff, masked to anyone else. */
const seesWhole = (who: Caller, owner: string) => who.sub === owner || isClaimsStaff(who.roles);
/** A staff member's phone (the assignee) is for staff; the claimant sees it masked. */
const staffPhoneFor = (who: Caller, phone: string | null) =>
  phone === null || isClaimsStaff(who.roles) || phone === who.sub ? phone : maskPhone(phone);

/**
 * History rows are text: ID numbers in them (the injured person's, in a diff row or a remark) are
 * always masked — the claim's form shows them whole to whoever needs them — and for the claimant the
 * phones of the staff who acted on the claim are masked too.
 */
const historyFor = (entries: HistoryEntry[], who: Caller): HistoryEntry[] =>
  isClaimsStaff(who.roles)
    ? entries.map((e) => ({ ...e, details: maskIdNumbersIn(e.details), remark: maskIdNumbersIn(e.remark) }))
    : entries.map((e) => ({
        ...e,
        userName: e.userName === who.sub ? e.userName : maskPersonalText(e.userName),
        details: maskPersonalText(e.details),
        remark: maskPersonalText(e.remark),
      }));

const pictureRow = (picture: PictureDocument, staff: boolean): ClaimPictureRow => {
  const fileUrl = `${PREFIX}/picture/${encodeURIComponent(picture.pictureId)}`;
  return {
    id: picture.pictureId,
    name: picture.name,
    fileUrl,
    smallFileUrl: picture.processing === 'done' ? `${fileUrl}?size=small` : null,
    imageTypeCode: picture.imageTypeCode,
    imageTypeName: picture.imageTypeName,
    processing: picture.processing,
    uploadedAt: picture.uploadedAt,
    capturedAt: staff ? picture.capturedAt : null,
    gps: staff ? picture.gps : null,
  };
};

/** Pictures per exact category; `usable` leaves out those whose processing failed (they prove nothing). */
const pictureCounts = (doc: ClaimDocument, usable: boolean) => {
  const counts: Record<string, number> = {};
  for (const picture of Object.values(doc.claim.pictures))
    if (!usable || picture.processing !== 'rejected')
      counts[picture.imageTypeCode] = (counts[picture.imageTypeCode] ?? 0) + 1;
  return counts;
};

const details = (doc: ClaimDocument, who: Caller): ClaimDetails => {
  const { claim } = doc;
  const whole = seesWhole(who, doc.owner);
  const required = requiredEvidence({
    uavAccidentType: claim.form.uavAccidentType ?? null,
    injuryLoss: (claim.form.injuryLossType ?? '') !== '',
    propertyLoss: (claim.form.propertyLossType ?? '') !== '',
  });
  return {
    ...claim.form,
    injuryInfoList: whole
      ? claim.form.injuryInfoList
      : claim.form.injuryInfoList.map((injury) => ({ ...injury, technicalLevel: maskIdCard(injury.technicalLevel) })),
    id: doc.id,
    claimSettlementNo: doc.claimNo,
    policyNo: doc.policyNo,
    orderId: doc.orderId,
    userName: whole ? doc.owner : maskPhone(doc.owner),
    claimState: doc.claimState,
    applyTime: doc.applyTime,
    submittedAt: claim.submittedAt ?? null,
    acceptedAt: claim.acceptedAt ?? null,
    assignee: staffPhoneFor(who, claim.assignee ?? null),
    lossAssessmentAmount: doc.lossAssessmentAmount,
    finishClaimTime: doc.finishClaimTime,
    insuranceCompanyName: claim.policy.insurerName,
    startDate: claim.policy.startDate,
    endDate: claim.policy.endDate,
    insuranceTypeInfoList: claim.policy.lines,
    insuredDeviceNumbers: claim.policy.drones.map((d) => d.deviceNumber),
    evidenceRequest: claim.evidenceRequest
      ? { message: claim.evidenceRequest.message, at: claim.evidenceRequest.at }
      : null,
    assessment: claim.assessment,
    sla: {
      acceptDueAt: claim.acceptDueAt,
      closeDueAt: claim.closeDueAt,
      overdue: currentStageOverdue(claim),
      missedStages: claim.overdue,
    },
    evidence: { required, missing: missingEvidence(required, pictureCounts(doc, true)) },
    pictureCount: Object.keys(claim.pictures).length,
    version: claim.version,
    actions: allowedClaimActions(claim, who),
  };
};

/** The claim list and a claim's details answer from the claims projection's tables alone (read-your-writes scope). */
export const claimReadScopes: [string, readonly string[]][] = [
  [`${PREFIX}/page`, [CLAIMS_PROJECTION]],
  [`${PREFIX}/details`, [CLAIMS_PROJECTION]],
];

/** The claims slice's reads (wire name `settlement`); every route needs a signed-in caller. */
export const claimQueryRoutes = (deps: QueryDeps) => {
  const router = new Router({ prefix: PREFIX });
  const claims = claimReader(deps.pool);
  const pictures = claimPictureReader(deps.pool);
  const history = claimHistoryReader(deps.pool);

  /** Someone else's claim, an unknown one and a cancelled one all read as missing. */
  const readableClaim = async (ctx: Context, id: string): Promise<ClaimDocument> => {
    const doc = await claims.byId(id);
    const who = caller(ctx);
    if (!doc) throw new HttpError(ResultCode.notFound, claimMessages.notFound);
    // Staff (claims, admin) see every claim; a customer sees only their own.
    const refusal = claimGuards.view(doc, { actor: who.sub, roles: who.roles });
    if (refusal) throw refusal;
    return doc;
  };

  // The claims desk's 分派给 list: the accounts a claim may be assigned to (the assign call accepts
  // the same: claims staff and admins).
  const users = userListReader(deps.pool);
  router.get('/staffMembers', async (ctx) => {
    ok(ctx, await users.holdersOf(backofficeRoles.claims));
  });

  router.get('/details', validate(claimIdQuery, 'query'), async (ctx) => {
    const doc = await readableClaim(ctx, input<z.output<typeof claimIdQuery>>(ctx).id);
    ok(ctx, details(doc, caller(ctx)));
  });

  router.post('/page', validate(pageBody), async (ctx) => {
    const body = input<z.output<typeof pageBody>>(ctx);
    const who = caller(ctx);
    const staff = isClaimsStaff(who.roles);
    const filter: ClaimListFilter = {
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
    const page = await claims.page(filter, body.currentPage, body.pageSize);
    const now = deps.now();
    const answer: ClaimListPage = {
      ...page,
      datas: page.datas.map(({ owner, status, createdAt: _createdAt, stageStartedAt, ...row }) => ({
        ...row,
        // Aged when read: the age grows with the clock, not with events.
        slaAgeDays: stageStartedAt
          ? workingDaysBetween(new Date(stageStartedAt), now, deps.config.quoteDaySeconds)
          : null,
        // A list shows many claimants at once: only the claimant sees their own number whole; staff
        // open the claim (details) when they need to call.
        userName: owner === who.sub ? row.userName : maskPhone(row.userName),
        assignee: staffPhoneFor(who, row.assignee),
        actions: allowedClaimActions({ status, owner }, who),
      })),
    };
    ok(ctx, answer);
  });

  router.get('/listImageType', validate(claimIdQuery, 'query'), async (ctx) => {
    const doc = await readableClaim(ctx, input<z.output<typeof claimIdQuery>>(ctx).id);
    ok(ctx, countImageTypes(await pictures.countsByCode(doc.id)));
  });

  router.post('/pageImageInfo', validate(pictureBody), async (ctx) => {
    const body = input<z.output<typeof pictureBody>>(ctx);
    const codes = body.imageTypeCode === undefined ? allImageTypeCodes : codesUnder(body.imageTypeCode);
    if (codes.length === 0) throw new HttpError(ResultCode.badRequest, '图片分类不正确');
    const doc = await readableClaim(ctx, body.id);
    const page = await pictures.page(doc.id, codes, body.currentPage, body.pageSize);
    const staff = isClaimsStaff(caller(ctx).roles);
    ok(ctx, { ...page, datas: page.datas.map((p) => pictureRow(p, staff)) });
  });

  // The role before the input: a refused caller learns nothing about what it sent.
  router.get('/listLogById', validate(claimIdQuery, 'query'), async (ctx) => {
    const doc = await readableClaim(ctx, input<z.output<typeof claimIdQuery>>(ctx).id);
    ok(ctx, historyFor(await history.entries(doc.id), caller(ctx)));
  });

  router.get('/history', validate(claimIdQuery, 'query'), async (ctx) => {
    const doc = await readableClaim(ctx, input<z.output<typeof claimIdQuery>>(ctx).id);
    ok(ctx, historyFor(await history.entries(doc.id), caller(ctx)));
  });

  router.get('/history.csv', validate(claimIdQuery, 'query'), async (ctx) => {
    const doc = await readableClaim(ctx, input<z.output<typeof claimIdQuery>>(ctx).id);
    const csv = historyCsv(historyFor(await history.entries(doc.id), caller(ctx)));
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="claim-${doc.claimNo}-history.csv"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = csv;
  });

  router.get('/getSettlementUavInfo', validate(droneQuery, 'query'), async (ctx) => {
    const { id, deviceNumber } = input<z.output<typeof droneQuery>>(ctx);
    const doc = await readableClaim(ctx, id);
    const accidentTime = doc.claim.form.accidentTime ?? null;
    ok(
      ctx,
      insuredDronesByCodes(doc.claim.policy, splitDeviceCodes(deviceNumber)).map((drone) => ({
        ...drone,
        flightData: flightDataSummary(drone.deviceNumber, accidentTime, doc.createdAt),
      })),
    );
  });

  return router;
};

import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { backofficeRoles } from '@feibao/domain/accounts/roles';
import { claimGuards } from '@feibao/domain/claims/guards';
import {
  claimDroneQuery,
  claimIdQuery,
  claimListFilterOf,
  claimPageBody,
  claimPicturePageBody,
  pictureCodesOf,
} from '@feibao/domain/claims/requests';
import { countImageTypes } from '@feibao/domain/claims/imageTypes';
import { claimMessages } from '@feibao/domain/claims/messages';
import { historyCsv } from '@feibao/domain/claims/history';
import { historyFor } from '@feibao/domain/claims/disclosure';
import { insuredDronesByCodes } from '@feibao/domain/claims/policy';
import { ResultCode } from '@feibao/domain/shared/codes';
import { splitDeviceCodes } from '@feibao/domain/ordering/form';
import type { ClaimListPage } from '@feibao/domain/claims/api';
import { caller } from '@feibao/platform/http/auth';
import { HttpError, ok } from '@feibao/platform/http/envelope';
import { input, validate } from '@feibao/platform/http/validate';
import { CLAIMS_PROJECTION } from '@feibao/read-models/projections';
import { userListReader } from '@feibao/read-models/accounts/users/reader';
import { claimHistoryReader } from '@feibao/read-models/claims/history/reader';
import { claimPictureReader } from '@feibao/read-models/claims/pictures/reader';
import { claimReader, type ClaimListFilter } from '@feibao/read-models/claims/claims/reader';
import type { ClaimDocument } from '@feibao/read-models/claims/claims/claimDocument';
import type { QueryDeps } from '../deps.ts';
import { flightDataSummary } from './flightData.ts';
import { claimDetails, claimListRow, claimPictureRow, CLAIM_PATH as PREFIX } from './views.ts';

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

  /** Someone else's claim, an unknown one and a cancelled one all read as missing; `action` is the read's guard. */
  const readableClaim = async (ctx: Context, id: string, action: 'view' | 'log' = 'view'): Promise<ClaimDocument> => {
    const doc = await claims.byId(id);
    const who = caller(ctx);
    if (!doc) throw new HttpError(ResultCode.notFound, claimMessages.notFound);
    // Staff (claims, admin) see every claim; a customer sees only their own.
    const refusal = claimGuards[action](doc, { actor: who.sub, roles: who.roles });
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
    ok(ctx, claimDetails(doc, caller(ctx)));
  });

  router.post('/page', validate(claimPageBody), async (ctx) => {
    const body = input<z.output<typeof claimPageBody>>(ctx);
    const who = caller(ctx);
    const filter: ClaimListFilter = claimListFilterOf(body, who);
    const page = await claims.page(filter, body.currentPage, body.pageSize);
    const now = deps.now();
    const answer: ClaimListPage = {
      ...page,
      datas: page.datas.map((row) => claimListRow(row, who, now, deps.config.quoteDaySeconds)),
    };
    ok(ctx, answer);
  });

  router.get('/listImageType', validate(claimIdQuery, 'query'), async (ctx) => {
    const doc = await readableClaim(ctx, input<z.output<typeof claimIdQuery>>(ctx).id);
    ok(ctx, countImageTypes(await pictures.countsByCode(doc.id)));
  });

  router.post('/pageImageInfo', validate(claimPicturePageBody), async (ctx) => {
    const body = input<z.output<typeof claimPicturePageBody>>(ctx);
    const codes = pictureCodesOf(body.imageTypeCode);
    const doc = await readableClaim(ctx, body.id);
    const page = await pictures.page(doc.id, codes, body.currentPage, body.pageSize);
    const who = caller(ctx);
    ok(ctx, { ...page, datas: page.datas.map((p) => claimPictureRow(p, who)) });
  });

  // The role before the input: a refused caller learns nothing about what it sent.
  router.get('/listLogById', validate(claimIdQuery, 'query'), async (ctx) => {
    const doc = await readableClaim(ctx, input<z.output<typeof claimIdQuery>>(ctx).id, 'log');
    ok(ctx, historyFor(await history.entries(doc.id), caller(ctx)));
  });

  router.get('/history', validate(claimIdQuery, 'query'), async (ctx) => {
    const doc = await readableClaim(ctx, input<z.output<typeof claimIdQuery>>(ctx).id);
    ok(ctx, historyFor(await history.entries(doc.id), caller(ctx)));
  });

  router.get('/history.csv', validate(claimIdQuery, 'query'), async (ctx) => {
    const doc = await readableClaim(ctx, input<z.output<typeof claimIdQuery>>(ctx).id, 'log');
    const csv = historyCsv(historyFor(await history.entries(doc.id), caller(ctx)));
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="claim-${doc.claimNo}-history.csv"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = csv;
  });

  router.get('/getSettlementUavInfo', validate(claimDroneQuery, 'query'), async (ctx) => {
    const { id, deviceNumber } = input<z.output<typeof claimDroneQuery>>(ctx);
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

import Router from '@koa/router';
import { awaitConsistency } from '@feibao/platform/consistency';
import { createKoaApp } from '@feibao/platform/http/app';
import { ok } from '@feibao/platform/http/envelope';
import { serveRouteTable } from '@feibao/platform/http/routeTable';
import type { QueryAppDeps } from './deps.ts';
import { accountQueryRoutes, devSmsRoutes } from './accounts/routes.ts';
import { orderQueryRoutes, orderReadScopes } from './ordering/routes.ts';
import { fileQueryRoutes } from './files/routes.ts';
import { claimQueryRoutes, claimReadScopes } from './claims/routes.ts';
import { claimPictureQueryRoutes } from './claims/pictures.ts';
import { opsQueryRoutes } from './ops/routes.ts';
import { opsBoardRoutes } from './ops/board.ts';
import { userAdminQueryRoutes } from './accounts/users.ts';
import { auditQueryRoutes } from './audit/routes.ts';
import { invoiceQueryRoutes } from './invoices/routes.ts';
import { processRoutes } from './observability/routes.ts';
import { rulesMenuRoutes } from './rules/menuRoutes.ts';
import { ruleQueryRoutes } from './rules/routes.ts';
import { ruleConfigQueryRoutes } from './rules/configRoutes.ts';
import { ruleTestQueryRoutes } from './rules/testRoutes.ts';
import { ruleTryRoutes } from './rules/tryRoutes.ts';
import { ruleTranspositionQueryRoutes } from './rules/transpositionRoutes.ts';

/** The read side: answers only from read models, after the caller's own writes have landed in them. */
export const createQueryApp = (deps: QueryAppDeps) => {
  const app = createKoaApp({
    trustProxy: deps.config.trustProxy,
    service: 'query',
    clientApps: deps.config.clientApps,
  });
  // Right after a write, these reads wait only for the projections that fill them (not for the audit
  // trail, invoices or back-office views); every other route waits for every projection (ADR 0011).
  const readScopes = new Map([...orderReadScopes, ...claimReadScopes]);
  app.use(awaitConsistency(deps.consistency, deps.config.consistencyWaitMs, deps.lastWrites, readScopes));
  const service = new Router();
  service.get('/internal/ping', (ctx) => ok(ctx, { service: 'query' }));
  const routers = [
    service,
    accountQueryRoutes(deps),
    orderQueryRoutes(deps),
    fileQueryRoutes(deps),
    claimQueryRoutes(deps),
    claimPictureQueryRoutes(deps),
    userAdminQueryRoutes(deps),
    opsQueryRoutes(deps),
    opsBoardRoutes(deps),
    auditQueryRoutes(deps),
    invoiceQueryRoutes(deps),
    processRoutes(deps),
    rulesMenuRoutes(deps),
    ruleQueryRoutes(deps),
    ruleConfigQueryRoutes(deps),
    ruleTestQueryRoutes(deps),
    ruleTryRoutes(deps),
    ruleTranspositionQueryRoutes(deps),
  ];
  if (deps.config.smsProvider === 'dev' && !deps.config.production) routers.push(devSmsRoutes(deps));
  // The edge routes by this table (docs/architecture.md "The path of a query").
  app.use(serveRouteTable('query', routers));
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
};

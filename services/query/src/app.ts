import Router from '@koa/router';
import { ResultCode } from '@feibao/domain/shared/codes';
import { awaitConsistency } from '@feibao/platform/consistency';
import { createKoaApp } from '@feibao/platform/http/app';
import { ok } from '@feibao/platform/http/envelope';
import { policyGuard } from '@feibao/platform/http/policyGuard';
import { routeAccess } from '@feibao/domain/policies';
import { routeDocsOf, serveRouteTable } from '@feibao/platform/http/routeTable';
import type { QueryAppDeps } from './deps.ts';
import { queryFeatures } from './features.ts';

// What the caller may not read reads as missing (docs/architecture.md "The path of a query").
const authenticatedCodes = [ResultCode.notFound];

/** The read side: answers only from read models, after the caller's own writes have landed in them. */
export const createQueryApp = (deps: QueryAppDeps) => {
  const app = createKoaApp({
    trustProxy: deps.config.trustProxy,
    service: 'query',
    clientApps: deps.config.clientApps,
  });
  // Right after a write, these reads wait only for the projections that fill them (not for the audit
  // trail, invoices or back-office views); every other route waits for every projection (ADR 0011).
  const readScopes = new Map(queryFeatures.flatMap((feature) => feature.readScopes ?? []));
  app.use(awaitConsistency(deps.consistency, deps.config.consistencyWaitMs, deps.lastWrites, readScopes));
  const service = new Router();
  service.get('/internal/ping', (ctx) => ok(ctx, { service: 'query' }));
  const routers = [service, ...queryFeatures.flatMap((feature) => feature.routes(deps))];
  // The edge routes by this table (docs/architecture.md "The path of a query").
  app.use(
    serveRouteTable('query', routers, { routes: routeDocsOf(queryFeatures), authenticatedCodes, access: routeAccess }),
  );
  for (const feature of queryFeatures) for (const middleware of feature.beforeGuard ?? []) app.use(middleware);
  // Who may call each route: its resource's policy (docs/architecture.md "Who may call what").
  app.use(
    policyGuard({
      routers,
      access: routeAccess,
      tokens: deps.tokens,
      revocations: deps.revocations,
      rulesSuperUser: deps.config.rulesSuperUser,
    }),
  );
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
};

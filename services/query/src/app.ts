import Router from '@koa/router';
import { awaitConsistency } from '@feibao/platform/consistency';
import { createKoaApp } from '@feibao/platform/http/app';
import { ok } from '@feibao/platform/http/envelope';
import { policyGuard } from '@feibao/platform/http/policyGuard';
import { routeAccess } from '@feibao/domain/policies';
import { serveRouteTable } from '@feibao/platform/http/routeTable';
import type { QueryAppDeps } from './deps.ts';
import { queryFeatures } from './features.ts';
import { queryRouteDocs } from './openapi.ts';

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
  app.use(serveRouteTable('query', routers, { ...queryRouteDocs, access: routeAccess }));
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

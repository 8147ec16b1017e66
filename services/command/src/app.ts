import Router from '@koa/router';
import { ResultCode } from '@feibao/domain/shared/codes';
import { createKoaApp } from '@feibao/platform/http/app';
import { ok } from '@feibao/platform/http/envelope';
import { policyGuard } from '@feibao/platform/http/policyGuard';
import { routeAccess } from '@feibao/domain/policies';
import { recordLastWrites, redisLastWrites } from '@feibao/platform/consistency';
import { routeDocsOf, serveRouteTable } from '@feibao/platform/http/routeTable';
import type { CommandDeps } from './deps.ts';
import { commandFeatures } from './features.ts';

// A signed-in command is decided on its stream: missing (40400) or not allowed in its state (40900).
const authenticatedCodes = [ResultCode.notFound, ResultCode.conflict];

/** The write side: every state change of the platform enters through these routes. */
export const createCommandApp = (deps: CommandDeps) => {
  const app = createKoaApp({
    trustProxy: deps.config.trustProxy,
    service: 'command',
    clientApps: deps.config.clientApps,
  });
  // Read-your-writes for clients that do not echo X-Consistency-Token (platform consistency.ts).
  app.use(recordLastWrites(redisLastWrites(deps.redis, deps.config.queuePrefix)));
  const service = new Router();
  service.get('/internal/ping', (ctx) => ok(ctx, { service: 'command' }));
  const routers = [service, ...commandFeatures.flatMap((feature) => feature.routes(deps))];
  // The edge routes by this table (docs/architecture.md "The path of a command").
  app.use(
    serveRouteTable('command', routers, {
      routes: routeDocsOf(commandFeatures),
      authenticatedCodes,
      access: routeAccess,
    }),
  );
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

import Router from '@koa/router';
import { createKoaApp } from '@feibao/platform/http/app';
import { ok } from '@feibao/platform/http/envelope';
import { recordLastWrites, redisLastWrites } from '@feibao/platform/consistency';
import { serveRouteTable } from '@feibao/platform/http/routeTable';
import type { CommandDeps } from './deps.ts';
import { accountRoutes } from './accounts/routes.ts';
import { orderRoutes } from './ordering/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { claimRoutes } from './claims/routes.ts';
import { claimPictureRoutes } from './claims/pictures.ts';
import { roleRoutes } from './accounts/roleRoutes.ts';
import { opsRoutes } from './ops/routes.ts';
import { ruleCommandRoutes } from './rules/routes.ts';
import { ruleDefinitionRoutes } from './rules/definitionRoutes.ts';
import { ruleConfigCommandRoutes } from './rules/configRoutes.ts';
import { ruleTestCommandRoutes } from './rules/testRoutes.ts';
import { ruleTranspositionCommandRoutes } from './rules/transpositionRoutes.ts';

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
  const routers = [
    service,
    accountRoutes(deps),
    orderRoutes(deps),
    fileRoutes(deps),
    claimRoutes(deps),
    claimPictureRoutes(deps),
    ...roleRoutes(deps),
    opsRoutes(deps),
    ruleCommandRoutes(deps),
    ruleDefinitionRoutes(deps),
    ruleConfigCommandRoutes(deps),
    ruleTestCommandRoutes(deps),
    ruleTranspositionCommandRoutes(deps),
  ];
  // The edge routes by this table (docs/architecture.md "The path of a command").
  app.use(serveRouteTable('command', routers));
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
};

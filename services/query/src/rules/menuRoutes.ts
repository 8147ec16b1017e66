import Router from '@koa/router';
import { isRulesSuperUser, rulePlatformMenu } from '@feibao/domain/rules/menu';
import { caller } from '@feibao/platform/http/auth';
import { ok } from '@feibao/platform/http/envelope';
import { RULES_API_PREFIX, rulesViewer } from '@feibao/platform/http/rulesAuth';

/**
 * The rule platform's frame: who is signed in and the menu they may open. The web draws its
 * sidebar from this answer only, so a menu item never shows for a route the server refuses.
 */
export const rulesMenuRoutes = () => {
  const router = new Router();

  router.get(`${RULES_API_PREFIX}/menu`, (ctx) => {
    const viewer = rulesViewer(ctx);
    const { name, sub } = caller(ctx);
    ok(ctx, {
      profile: { name, mobilePhone: sub, roles: viewer.roles, superUser: isRulesSuperUser(viewer) },
      menu: rulePlatformMenu(viewer),
    });
  });

  return router;
};

import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import { ok } from '@feibao/platform/http/envelope';
import type { QueryDeps } from '../deps.ts';

export const OPS_BOARD_PATH = '/api/v1/uav/backoffice/ops/board';
export const OPS_BOARD_COOKIE = 'feibao_ops_board';

/**
 * bull-board's job views, for admins, read-only: every retry or removal goes through the console's
 * own audited calls (services/command/src/ops), so the board offers none (its queues are in
 * readOnlyMode and only GET reaches it; anything else is 405 from the router).
 *
 * The board is a browser page whose scripts call its API with no bearer header, so it is reached
 * with a cookie instead: POST …/ops/boardSession, sent with the admin's bearer token, copies that
 * access token into an HttpOnly, SameSite=Strict cookie scoped to the board's path. Every board
 * request then passes the same authentication, revocation and role checks as any ops call, and
 * the cookie lapses with the token (ACCESS_TOKEN_TTL_SECONDS): the console issues a new one each
 * time it opens the board.
 */
/**
 * On the board's paths the cookie stands in for the bearer header, so the board passes the very same guard
 * (installed before it by the query app).
 */
export const opsBoardCookie: Middleware = async (ctx: Context, next: Next) => {
  if (ctx.path === OPS_BOARD_PATH || ctx.path.startsWith(`${OPS_BOARD_PATH}/`)) {
    const token = ctx.cookies.get(OPS_BOARD_COOKIE);
    if (token && !ctx.get('authorization')) ctx.request.headers.authorization = `Bearer ${token}`;
  }
  await next();
};

export const opsBoardRoutes = (deps: QueryDeps) => {
  const router = new Router();
  router.post('/api/v1/uav/backoffice/ops/boardSession', async (ctx) => {
    const token = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1]?.trim() ?? ctx.get('x-token');
    ctx.cookies.set(OPS_BOARD_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      path: OPS_BOARD_PATH,
      secure: ctx.secure,
      maxAge: deps.config.accessTokenTtlSeconds * 1000,
      overwrite: true,
    });
    ok(ctx, { url: `${OPS_BOARD_PATH}/` });
  });

  // Made on first use: a query service nobody opens the board on holds no queue handles for it.
  let board: Middleware | null = null;
  const serveBoard: Middleware = (ctx, next) => {
    if (!board) {
      const server = new KoaAdapter();
      server.setBasePath(OPS_BOARD_PATH);
      createBullBoard({
        queues: deps.opsQueues.names.map((name) => new BullMQAdapter(deps.opsQueues.get(name), { readOnlyMode: true })),
        serverAdapter: server,
        options: {
          uiConfig: {
            boardTitle: '飞保 任务队列',
            locale: { lng: 'zh-CN' },
            hideDocsLink: true,
            hideRedisDetails: true,
          },
        },
      });
      board = server.registerPlugin({ mount: OPS_BOARD_PATH }) as unknown as Middleware;
    }
    return board(ctx, next);
  };

  // `*rest`: the board's pages, scripts and API below its path (the edge matches it as "anything below").
  router.get(OPS_BOARD_PATH, serveBoard);
  router.get(`${OPS_BOARD_PATH}/*rest`, serveBoard);
  return router;
};

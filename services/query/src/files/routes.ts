import Router from '@koa/router';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { canRead } from '@feibao/domain/accounts/roles';
import { ResultCode } from '@feibao/domain/shared/codes';
import { caller } from '@feibao/platform/http/auth';
import { HttpError } from '@feibao/platform/http/envelope';
import type { QueryDeps } from '../deps.ts';
import { uploads } from '@feibao/read-models/files/uploads';

/** A stored file, only for its owner and staff. */
export const fileQueryRoutes = (deps: QueryDeps) => {
  const router = new Router({ prefix: '/api/v1/uav' });
  const uploadDir = path.resolve(deps.config.uploadDir);

  router.get('/file/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    const doc = /^[0-9a-f-]{36}$/.test(id) ? await uploads.get(deps.pool, id) : null;
    const me = caller(ctx);
    if (!doc || !canRead(me, doc.owner)) throw new HttpError(ResultCode.notFound, '文件不存在');
    const file = path.join(uploadDir, path.basename(doc.storedAs));
    const info = await stat(file).catch(() => null);
    if (!info) throw new HttpError(ResultCode.notFound, '文件不存在');
    ctx.set('Content-Type', doc.mime);
    ctx.set('Content-Length', String(info.size));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, max-age=3600');
    ctx.set('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(doc.originalName)}`);
    ctx.body = createReadStream(file);
  });
  return router;
};

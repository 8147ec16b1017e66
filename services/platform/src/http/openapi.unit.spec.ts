import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResultCode } from '@feibao/domain/shared/codes';
import { customer, publicAccess, staff } from '@feibao/domain/shared/access';
import { describeRoutes, openApiDocument, openApiPath } from './openapi.ts';
import { validate } from './validate.ts';

// Who may call each route comes from the policies, as the route guard reads them.
const access = {
  'GET /api/v1/uav/thing/:id': customer,
  'POST /api/v1/uav/thing/save': staff('admin'),
  'GET /api/v1/uav/open': publicAccess,
};

const routers = () => {
  const router = new Router({ prefix: '/api/v1/uav' });
  router.get('/thing/:id', validate(z.object({ full: z.enum(['yes', 'no']).optional() }), 'query'), () => {});
  router.post('/thing/save', validate(z.strictObject({ name: z.string().min(1, { error: '请填写名称' }) })), () => {});
  router.get('/open', () => {});
  const service = new Router();
  service.get('/internal/ping', () => {});
  return [service, router];
};

describe('describeRoutes', () => {
  const part = describeRoutes(
    routers(),
    {
      'GET /api/v1/uav/thing/:id': { summary: '一件', data: z.object({ id: z.string() }) },
      'GET /api/v1/uav/gone': { summary: '已改名' },
    },
    { authenticatedCodes: [ResultCode.notFound], access },
  );
  const op = (path: string, method: string) => part.paths[path]![method] as Record<string, any>;

  it('reads path parameters, the query schema validate() parses, and the auth its policy asks for', () => {
    const get = op('/api/v1/uav/thing/{id}', 'get');
    expect(get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'full', in: 'query', required: false, schema: { type: 'string', enum: ['yes', 'no'] } },
    ]);
    expect(get.security).toEqual([{ bearer: [] }, { xToken: [] }]);
    expect(Object.keys(get.responses)).toEqual(['200', '400', '401', '404', '500', '503']);
    expect(get.responses['200'].content['application/json'].schema.properties.data).toMatchObject({
      type: 'object',
      properties: { id: { type: 'string' } },
    });
  });

  it('reads the body schema and the roles its policy names; 403 for a role check', () => {
    const post = op('/api/v1/uav/thing/save', 'post');
    expect(post.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['name'],
      additionalProperties: false,
    });
    expect(post.responses['403'].content['application/json'].schema.properties.code).toEqual({ const: 40300 });
    expect(post.description).toContain('admin');
  });

  it('leaves out /internal/*, lists route docs that match no route', () => {
    expect(part.paths['/api/v1/uav/open']).toBeDefined();
    expect(Object.keys(part.paths).some((path) => path.includes('internal'))).toBe(false);
    expect(part.unmatchedDocs).toEqual(['GET /api/v1/uav/gone']);
  });

  it('joins parts into one OpenAPI 3.1 document', () => {
    const document = openApiDocument([part], { version: '1' });
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/v1/uav/thing/{id}');
    expect(openApiPath('/board/*rest')).toBe('/board/{rest}');
  });
});

describe('validate() keeps behaving', () => {
  it('still refuses with the first Chinese message', async () => {
    const middleware = validate(z.object({ name: z.string().min(1, { error: '请填写名称' }) }));
    const ctx = { request: { body: { name: '' } }, state: {} } as never;
    await expect(middleware(ctx, async () => {})).rejects.toMatchObject({ code: 40000, message: '请填写名称' });
  });
});

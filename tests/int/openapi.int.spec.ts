import { writeFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  type ApiAnswer,
  type Client,
  signIn,
  startTestPlatform,
  type TestPlatform,
} from '../support/platform.ts';
import { claimReport, damagedDrone } from '../support/claims.ts';
import { customerWithEverything, type CustomerWithEverything, rawCall } from '../support/securityFixtures.ts';

/**
 * The OpenAPI document (docs/api/README.md) against the platform itself: every route the
 * services publish is in it, it is a valid OpenAPI 3.1 document, and real answers of every
 * route family match the schemas it gives for them.
 */
const U = '/api/v1/uav';
const C = `${U}/claim/settlement`;

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

let platform: TestPlatform;
let admin: Client;
let owner: CustomerWithEverything;
let document: Document;
let ajv: Ajv2020;
const checked = new Set<string>();
const seen: Record<string, unknown> = {};

const openApiPath = (path: string) => path.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');

/** The documented route a concrete path falls under (`/file/abc` → `/api/v1/uav/file/{id}`). */
const templateOf = (method: string, path: string) => {
  const bare = path.split('?')[0]!;
  const found = Object.keys(document.paths).find(
    (template) =>
      document.paths[template]![method.toLowerCase()] &&
      new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare),
  );
  if (!found) throw new Error(`${method} ${bare} is not in the document`);
  return found;
};

const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Checks one real answer against the schema documented for its route and HTTP status. */
const conforms = (method: string, path: string, answer: { status: number; body: unknown }) => {
  const template = templateOf(method, path);
  const op = method.toLowerCase();
  const responses = document.paths[template]![op]!.responses;
  expect(Object.keys(responses), `${method} ${template} documents HTTP ${answer.status}`).toContain(
    String(answer.status),
  );
  const ref = `openapi#/${pointer('paths', template, op, 'responses', String(answer.status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  const valid = validate(answer.body);
  expect(valid, `${method} ${template} ${answer.status}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  checked.add(`${method} ${template}`);
  seen[`${method} ${path} ${answer.status}`] = answer.body;
};

const get = async (client: Client, path: string, init?: Parameters<Client['get']>[1]) => {
  const answer = await client.get(path, init);
  conforms('GET', path, answer);
  return answer;
};
const post = async (client: Client, path: string, body?: unknown, init?: Parameters<Client['post']>[2]) => {
  const answer: ApiAnswer = await client.post(path, body, init);
  conforms('POST', path, answer);
  return answer;
};

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  owner = await customerWithEverything(platform);
  const answer = await fetch(`${platform.baseUrl}/api/openapi.json`);
  expect(answer.status).toBe(200);
  document = (await answer.json()) as Document;
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...document, $id: 'openapi' });
}, 120_000);
afterAll(async () => {
  if (process.env.OPENAPI_DUMP) writeFileSync(process.env.OPENAPI_DUMP, JSON.stringify(seen, null, 2));
  await platform?.stop();
});

describe('the OpenAPI document', () => {
  it('lists every route the command and query services publish', async () => {
    for (const service of [platform.command.port, platform.query.port]) {
      const table = (await (await fetch(`http://127.0.0.1:${service}/internal/routes`)).json()) as {
        data: { method: string; path: string }[];
      };
      const published = table.data.filter((route) => !route.path.startsWith('/internal/'));
      expect(published.length).toBeGreaterThan(10);
      const missing = published.filter(
        (route) => !document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()],
      );
      expect(missing).toEqual([]);
      const part = (await (await fetch(`http://127.0.0.1:${service}/internal/openapi`)).json()) as {
        data: { unmatchedDocs: string[] };
      };
      // A route doc keyed by a path no router serves describes nothing (a route was renamed).
      expect(part.data.unmatchedDocs).toEqual([]);
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const copy = structuredClone(document) as unknown as Parameters<typeof SwaggerParser.validate>[0];
    await expect(SwaggerParser.validate(copy)).resolves.toBeTruthy();
    expect((document as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('has a reference page whose viewer is served from this origin', async () => {
    const page = await fetch(`${platform.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const file = await fetch(`${platform.baseUrl}${source}`);
      expect(file.status, source).toBe(200);
      expect(file.headers.get('content-type')).toMatch(/javascript|css/);
    }
  });
});

describe('real answers match their documented schemas', () => {
  it('accounts and the rule-platform login', async () => {
    const guest = platform.client();
    await post(guest, `${U}/user/guest`);
    await post(guest, `${U}/user/login`, { mobilePhone: ADMIN.mobilePhone, password: 'wrong-password-1' });
    await post(guest, `${U}/user/login`, { mobilePhone: 'x' });
    await post(platform.client(), `${U}/user/login`, { mobilePhone: ADMIN.mobilePhone, password: ADMIN.password });
    await get(owner.client, `${U}/uc/currentUser`);
    await get(owner.client, `${U}/user/getUserByUserName`);
    await get(platform.client(), `${U}/uc/currentUser`, { token: null });
    const rules = await post(
      platform.client(),
      '/sso-platform/authencation/oauth2/login/user',
      { username: ADMIN.mobilePhone, password: ADMIN.password },
      { token: null },
    );
    expect(rules.body.data).toMatchObject({ success: true, accessToken: expect.any(String) });
  });

  it('ordering and the quote desk', async () => {
    const saved = await post(owner.client, `${U}/order/save`, generalApplication());
    await get(owner.client, `${U}/order/orderDetails?id=${saved.body.data.id}`);
    await get(owner.client, `${U}/order/orderDetails?id=${owner.orderId}`);
    await get(owner.client, `${U}/order/orderDetails?id=nobody`);
    await post(owner.client, `${U}/order/page`, { currentPage: 1, pageSize: 10 });
    await post(owner.client, `${U}/order/getAllPrice`, generalApplication());
    await get(owner.client, `${U}/order/listRegion`);
    await get(owner.client, `${U}/order/listDroneBrand`);
    await get(admin, `${U}/backoffice/quoteDesk?pageSize=10`);
    await get(owner.client, `${U}/backoffice/quoteDesk?pageSize=10`);
  });

  it('claims, with the assessment breakdown per exposure', async () => {
    await get(owner.client, `${C}/details?id=${owner.claimId}`);
    await post(owner.client, `${C}/page`, { currentPage: 1, pageSize: 10 });
    await post(owner.client, `${C}/pageImageInfo`, { id: owner.claimId });
    await get(owner.client, `${C}/history?id=${owner.claimId}`);
    await get(owner.client, `${C}/createClaimSettlement?orderId=${owner.orderId}`);
    const form = claimReport(owner.claimId, {
      settlementUavInfoList: [{ ...damagedDrone, dataPlatform: '厂家云平台' }],
    });
    await post(owner.client, `${C}/save`, form);
    await post(owner.client, `${C}/submit`, form);
    await post(admin, `${C}/accept`, { id: owner.claimId, reason: '材料齐全' });
    await post(admin, `${C}/assess`, {
      id: owner.claimId,
      exposures: [{ lineKey: owner.lineKey, kind: 'drone', lossAmount: 20000 }],
      reason: '按维修报价',
    });
    const details = await get(admin, `${C}/details?id=${owner.claimId}`);
    expect(details.body.data.assessment.exposures[0]).toHaveProperty('cappedBy');
  });

  it('files and uploads', async () => {
    const files = await fetch(`${platform.baseUrl}${U}/file/${owner.fileId}`, {
      headers: { authorization: `Bearer ${owner.client.state.accessToken}` },
    });
    expect(files.status).toBe(200);
    checked.add(`GET ${templateOf('GET', `${U}/file/${owner.fileId}`)}`);
    await get(owner.client, `${U}/file/nothing-here`);
    const refused = await rawCall(platform.baseUrl, 'POST', `${U}/file/uploadBatch?type=3&id=${owner.orderId}`, {
      token: owner.client.state.accessToken,
      body: new FormData(),
    });
    conforms('POST', `${U}/file/uploadBatch`, { status: refused.status, body: refused.body });
  });

  it('invoices, users, audit and operations', async () => {
    await post(owner.client, `${U}/invoice/page`, { currentPage: 1, pageSize: 10 });
    await post(admin, `${U}/backoffice/invoice/page`, { currentPage: 1, pageSize: 10 });
    await get(admin, `${U}/backoffice/users?q=${owner.phone}`);
    await get(owner.client, `${U}/backoffice/users?q=${owner.phone}`);
    await get(admin, `${U}/backoffice/audit/search?q=${owner.phone}`);
    await get(admin, `${U}/backoffice/audit/history?kind=claim&id=${owner.claimId}`);
    await get(admin, `${U}/backoffice/ops/projections`);
    await get(admin, `${U}/backoffice/ops/queues`);
    await get(admin, `${U}/backoffice/ops/processes`);
  });

  it('the rules platform', async () => {
    await get(admin, '/api/v1/rules/menu');
    await get(admin, '/api/v1/rules/list');
    await get(admin, '/api/v1/rules/names');
    await get(platform.client(), '/api/v1/rules/list', { token: null });
  });

  it('the catalogues, the desks and the rule platform reads', async () => {
    await get(owner.client, `${U}/order/listInsuranceCompany`);
    await get(owner.client, `${U}/order/listInsuranceType?id=0`);
    await get(owner.client, `${U}/order/listInsurancePlan?id=${owner.orderId}`);
    await get(owner.client, `${U}/order/getdronedata?deviceNumber=1581F5FHD23A`);
    await get(owner.client, `${C}/listImageType?id=${owner.claimId}`);
    await get(owner.client, `${C}/getSettlementUavInfo?id=${owner.claimId}&deviceNumber=1581F5FHD23A`);
    await get(admin, `${C}/staffMembers`);
    await get(admin, `${U}/backoffice/quoteProgress`);
    await get(admin, `${U}/backoffice/users/roleHistory?mobilePhone=${owner.phone}`);
    await get(admin, `${U}/backoffice/ops/audit`);
    const queues = await get(admin, `${U}/backoffice/ops/queues`);
    await get(admin, `${U}/backoffice/ops/queues/failed?queue=${queues.body.data[0].name}`);
    await get(admin, '/api/v1/rules/version?ruleId=limits&version=1');
    await get(admin, '/api/v1/rules/version/batchTests?ruleId=limits&version=1');
    await get(admin, '/api/v1/rules/cases');
    await get(admin, '/api/v1/rules/batchTests/mine');
    await get(admin, '/sso-platform/authorization/user/get');
    const login = await post(
      platform.client(),
      '/sso-platform/user/login',
      { username: ADMIN.mobilePhone, password: ADMIN.password },
      { token: null },
    );
    await get(platform.client(), '/sso-platform/user/info', {
      token: null,
      headers: { 'x-token': login.body.data.token },
    });
  });

  it('covered every route family', () => {
    const routes = [...checked].map((key) => key.split(' ')[1]!);
    for (const family of [
      `${U}/user`,
      `${U}/uc`,
      '/sso-platform/authencation/oauth2',
      `${U}/order`,
      `${U}/backoffice/quoteDesk`,
      `${U}/claim/settlement`,
      `${U}/file`,
      `${U}/file/uploadBatch`,
      `${U}/invoice/page`,
      `${U}/backoffice/invoice`,
      `${U}/backoffice/users`,
      `${U}/backoffice/audit`,
      `${U}/backoffice/ops`,
      '/api/v1/rules/menu',
      '/api/v1/rules/list',
    ])
      expect(
        routes.some((route) => route.startsWith(family)),
        family,
      ).toBe(true);
  });
});

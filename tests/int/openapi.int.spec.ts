import { writeFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import {
  ADMIN,
  type Client,
  registerUser,
  signIn,
  startTestPlatform,
  type TestPlatform,
  until,
} from '../support/platform.ts';
import { claimReport, damagedDrone } from '../support/claims.ts';
import { type OpenApiChecker, type OpenApiDocument, openApiChecker, openApiPath } from '../support/openapi.ts';
import {
  customerWithEverything,
  type CustomerWithEverything,
  rawCall,
  tinyPng,
  uploadForm,
} from '../support/securityFixtures.ts';

/**
 * The OpenAPI document (docs/api/openapi.md) against the platform itself: every route the
 * services publish is in it, it is a valid OpenAPI 3.1 document, and real answers of every
 * route family match the schemas it gives for them.
 */
const U = '/api/v1/uav';
const C = `${U}/claim/settlement`;

/**
 * The routes whose success is a file or a page rather than a `{code, message, data}` envelope (`rawSuccess`
 * in their route docs); every other route documents its `data` (`data: null` ones as `z.null()`).
 */
const RAW_SUCCESS = [
  // The rule export: JSON or xlsx as a download.
  'GET /api/v1/rules/transposition/export',
  // CSV exports of the audit trail and a claim's history.
  'GET /api/v1/uav/backoffice/audit/history.csv',
  // The 投保过程记录 as a PDF (docs/api/disclosure.md).
  'GET /api/v1/uav/backoffice/audit/purchaseRecord/pdf',
  // The queue board (bull-board): its page, then its assets and API.
  'GET /api/v1/uav/backoffice/ops/board',
  'GET /api/v1/uav/backoffice/ops/board/{rest}',
  'GET /api/v1/uav/claim/settlement/history.csv',
  // A claim picture and an uploaded file, as bytes.
  'GET /api/v1/uav/claim/settlement/picture/{id}',
  'GET /api/v1/uav/file/{id}',
  // The electronic policy (any version), a 批单 and a certificate, as PDF downloads.
  'GET /api/v1/uav/order/certificate/download',
  'GET /api/v1/uav/order/endorsementDocument',
  'GET /api/v1/uav/order/policyDocument',
  // The captcha image (its key in a header).
  'GET /sso-platform/captcha/get',
  // The gateways' payment notifications: plain text `success` / `failure`, as gateways expect.
  'POST /api/v1/uav/pay/notify/{provider}',
];

let platform: TestPlatform;
let admin: Client;
let owner: CustomerWithEverything;
let api: OpenApiChecker;
let document: OpenApiDocument;
const get: OpenApiChecker['get'] = (...args) => api.get(...args);
const post: OpenApiChecker['post'] = (...args) => api.post(...args);
const conforms: OpenApiChecker['conforms'] = (...args) => api.conforms(...args);

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { QUOTE_DAY_SECONDS: '0.2', QUOTE_DEADLINE_DAYS: '300', SMS_HOURLY_PER_ADDRESS: '100000' },
  });
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  owner = await customerWithEverything(platform);
  api = await openApiChecker(platform.baseUrl);
  document = api.document;
}, 120_000);
afterAll(async () => {
  if (process.env.OPENAPI_DUMP) writeFileSync(process.env.OPENAPI_DUMP, JSON.stringify(api.seen, null, 2));
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

  it('describes the success data of every route answering JSON', () => {
    type Envelope = { properties?: { data?: Record<string, unknown> } };
    const raw: string[] = [];
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const success = operation.responses['200'] as { content: Record<string, { schema: unknown }> };
        const json = success.content['application/json'];
        if (!json) {
          raw.push(`${method.toUpperCase()} ${path}`);
          continue;
        }
        // A 30000 answer rides on HTTP 200 too: the success envelope is then the first of anyOf.
        const schema = json.schema as Envelope & { anyOf?: Envelope[] };
        const data = (schema.anyOf?.[0] ?? schema).properties?.data;
        // `{}` is what a route without a `data` schema gets; `data: null` is described as `{ type: 'null' }`.
        if (!data || Object.keys(data).length === 0) undescribed.push(`${method.toUpperCase()} ${path}`);
      }
    expect(undescribed).toEqual([]);
    // Files and pages answer with their bytes, not an envelope (`rawSuccess` in their route docs).
    expect(raw.sort()).toEqual(RAW_SUCCESS);
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
    await get(admin, `${C}/listLogById?id=${owner.claimId}`);
    await get(owner.client, `${C}/createClaimSettlement?orderId=${owner.orderId}`);
    const form = claimReport(owner.claimId, {
      settlementUavInfoList: [{ ...damagedDrone, dataPlatform: '厂家云平台' }],
    });
    await post(owner.client, `${C}/save`, form);
    await post(owner.client, `${C}/submit`, form);
    const compared = await post(admin, `${C}/contrast`, { ...form, accidentAddress: '深圳市福田区' });
    expect(compared.body.data.rows.length, compared.body.message).toBeGreaterThan(0);
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
    api.checked.add(`GET ${api.templateOf('GET', `${U}/file/${owner.fileId}`)}`);
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
    const order = await get(admin, `${U}/backoffice/audit/history?kind=order&id=${owner.orderId}`);
    expect(order.body.data.related.length).toBeGreaterThan(0);
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
    await get(owner.client, `${U}/order/comparison?id=${owner.orderId}&hullLoss=50000&thirdPartyKind=injury`);
    const drones = await get(owner.client, `${U}/order/getdronedata?deviceNumber=1581F5FHD23A`);
    expect(drones.body.data.length).toBeGreaterThan(0);
    await get(owner.client, `${C}/listImageType?id=${owner.claimId}`);
    const insured = await get(owner.client, `${C}/getSettlementUavInfo?id=${owner.claimId}&deviceNumber=1581F5FHD23A`);
    expect(insured.body.data.length).toBeGreaterThan(0);
    await get(admin, `${C}/staffMembers`);
    await get(admin, `${U}/backoffice/quoteProgress`);
    await get(admin, `${U}/backoffice/users/roleHistory?mobilePhone=${owner.phone}`);
    await get(owner.client, `${U}/dev/sms/latest?phone=${owner.phone}`);
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

  it('the quote desk commands, closing, reopening and assigning a claim, the board session, uploads', async () => {
    await get(admin, `${U}/backoffice/quote/why?requestId=${owner.requestId}&key=${owner.lineKey}`);
    await get(admin, `${U}/backoffice/quote/why?requestId=${owner.requestId}&key=nothing`);
    // A ¥600,000 aircraft needs the insurers' manual verification: its requests stay open to time out.
    const form = generalApplication();
    (form.uavInfoList as Record<string, unknown>[])[1]!.price = 600_000;
    const inquiry = await post(owner.client, `${U}/order/inquiryPrice`, form);
    const order = await until(
      () => owner.client.get(`${U}/order/orderDetails?id=${inquiry.body.data.id}`),
      (answer) => answer.body.data?.quoteProgress?.length > 0,
    );
    const desk = await get(admin, `${U}/backoffice/quoteDesk?pageSize=100`);
    expect(desk.body.data.datas.length).toBeGreaterThan(0);
    const quoting = await get(admin, `${U}/backoffice/quoteProgress?pageSize=100`);
    expect(quoting.body.data.datas.length).toBeGreaterThan(0);
    const resent = await post(admin, `${U}/backoffice/quote/resend`, {
      requestId: order.body.data.quoteProgress.at(-1).requestId,
    });
    expect(resent.body.code, resent.body.message).toBe(20000);
    const timedOut = await post(admin, `${U}/backoffice/quote/timeout`, {
      requestId: order.body.data.quoteProgress[0].requestId,
    });
    expect(timedOut.body.code, timedOut.body.message).toBe(20000);
    await post(admin, `${U}/backoffice/quote/timeout`, { requestId: 'nobody.1.1' });

    const closed = await post(admin, `${C}/close`, { id: owner.claimId, reason: '已赔付' });
    expect(closed.body.code, closed.body.message).toBe(20000);
    await post(admin, `${C}/close`, { id: owner.claimId, reason: '已赔付' });
    const reopened = await post(admin, `${C}/reopen`, { id: owner.claimId, reason: '客户补充了票据' });
    expect(reopened.body.code, reopened.body.message).toBe(20000);
    const staff = platform.client();
    const { phone: staffPhone } = await registerUser(staff);
    await post(admin, `${U}/user/grantRoles`, { mobilePhone: staffPhone, roles: ['claims'] });
    const assigned = await post(admin, `${C}/assign`, { id: owner.claimId, assignee: staffPhone });
    expect(assigned.body.code, assigned.body.message).toBe(20000);
    await post(owner.client, `${C}/assign`, { id: owner.claimId, assignee: staffPhone });
    await get(admin, `${C}/details?id=${owner.claimId}`);

    const board = await post(admin, `${U}/backoffice/ops/boardSession`);
    expect(board.body.code, board.body.message).toBe(20000);
    await post(owner.client, `${U}/backoffice/ops/boardSession`);

    const png = await tinyPng();
    for (const [path, fields] of [
      [`${C}/uploadBatch`, { id: owner.claimId }],
      [`${U}/file/uploadBatch?type=3&id=${owner.orderId}`, {}],
    ] as const) {
      const uploaded = await rawCall(platform.baseUrl, 'POST', path, {
        token: owner.client.state.accessToken,
        body: uploadForm(png, '现场.png', fields),
      });
      expect(uploaded.body?.code, uploaded.text).toBe(20000);
      conforms('POST', path, { status: uploaded.status, body: uploaded.body });
    }
  });

  it('covered every route family', () => {
    const routes = [...api.checked].map((key) => key.split(' ')[1]!);
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
      `${U}/backoffice/quote/`,
      `${C}/close`,
      `${C}/reopen`,
      `${C}/assign`,
      `${C}/uploadBatch`,
      '/api/v1/rules/menu',
      '/api/v1/rules/list',
    ])
      expect(
        routes.some((route) => route.startsWith(family)),
        family,
      ).toBe(true);
  });
});

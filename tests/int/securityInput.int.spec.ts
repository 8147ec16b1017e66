import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalApplication } from '@feibao/domain/ordering/fixtures';
import type { RouteEntry } from '@feibao/platform/http/routeTable';
import { ADMIN, registerUser, signIn, startTestPlatform, type Client, type TestPlatform } from '../support/platform.ts';

/**
 * The malformed-input sweep: every route the command and query services publish, called by a
 * customer and by an admin with broken JSON, wrong types, deep and huge bodies, unicode edge
 * cases, odd query strings and path parameters, and multipart where JSON is expected. Every
 * answer must be an envelope below 500 that shows no stack trace (docs/api/conventions.md).
 */

let platform: TestPlatform;
let customer: Client;
let admin: Client;
let routes: (RouteEntry & { upstream: string })[];
let orderId: string;
let orderBefore: unknown;
let customerLogin: { phone: string; password: string };

/** Routes whose success is a file, not an envelope (CSV exports, pictures, the queue board's pages). */
const DOWNLOADS = /\.csv|export|download|\/file\/|\/picture\/|\/ops\/board\b/i;
/** The gateways' notify endpoint answers plain text, as gateways expect (docs/api/payments.md). */
const GATEWAY_NOTIFY = /\/pay\/notify\//;
/** Ends the caller's session: called last, once, so the sweep keeps its tokens. */
const SESSION_ENDERS = new Set(['POST /api/v1/uav/user/logout']);

type Probe = {
  label: string;
  method: string;
  path: string;
  body?: string | FormData;
  contentType?: string;
  headers?: Record<string, string>;
};
type Finding = { probe: string; status: number; text: string };

const tableOf = async (port: number) =>
  ((await (await fetch(`http://127.0.0.1:${port}/internal/routes`)).json()) as { data: RouteEntry[] }).data;

const LONG = 'x'.repeat(100 * 1024);
const ODD_STRINGS = [
  '\ud800',
  'a\u0000b',
  '\u202egnp.exe',
  '😀🚁',
  '../../etc/passwd',
  ' ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
];
/** Raw JSON only: numbers JSON.stringify cannot write (1e309 is Infinity once parsed) and keys that name prototypes. */
const rawJsonOf = (keys: readonly string[]) => [
  `{${keys.map((k) => `"${k}": 1e309`).join(',')}}`,
  `{${keys.map((k) => `"${k}": -0`).join(',')}}`,
  `{${keys.map((k) => `"${k}": 123456789012345678901234567890`).join(',')}}`,
  '{"__proto__": {"isAdmin": true, "roles": ["admin"]}, "constructor": {"prototype": {"polluted": 1}}}',
  `{${keys.map((k) => `"${k}": {"__proto__": {"x": 1}}`).join(',')}}`,
  `{${keys.map((k) => `"${k}": "\\ud800\\u0000\\u202e"`).join(',')}}`,
];

/** Field names seen in the services' forms, plus whatever a route names in its own validation answer. */
const COMMON_KEYS = [
  'id',
  'ids',
  'orderId',
  'claimId',
  'ruleId',
  'caseId',
  'runId',
  'version',
  'mobilePhone',
  'phone',
  'password',
  'confirmPassword',
  'identifyingCode',
  'name',
  'reason',
  'roles',
  'pageSize',
  'currentPage',
  'page',
  'size',
  'keyword',
  'status',
  'state',
  'insuranceCompanyId',
  'uavInfoList',
  'insuranceTypeInfoList',
  'form',
  'content',
  'code',
  'kind',
  'type',
  'refreshToken',
  'username',
  'startDate',
  'endDate',
  'amount',
  'list',
  'data',
];

const fieldsNamedBy = (body: unknown): string[] => {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((issue) => {
    const first = String((issue as { path?: unknown })?.path ?? '').split('.')[0];
    return first && /^[A-Za-z_][\w]*$/.test(first) ? [first] : [];
  });
};

const deepObject = (depth: number, key: string) => `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

const bodyProbes = (keys: readonly string[]): Omit<Probe, 'method' | 'path'>[] => {
  const each = (value: unknown) => JSON.stringify(Object.fromEntries(keys.map((k) => [k, value])));
  const key = keys[0] ?? 'id';
  const form = new FormData();
  form.append('files', new Blob([Buffer.from('GIF89a<script>alert(1)</script>')]), 'x.gif');
  for (const k of keys.slice(0, 5)) form.append(k, '1');
  return [
    { label: 'invalid JSON', body: '{"a": ' },
    { label: 'invalid JSON (trailing)', body: '{"a": 1}}' },
    { label: 'empty body', body: '' },
    { label: 'array', body: '[]' },
    { label: 'array of junk', body: '[1, "x", null, {}]' },
    { label: 'string', body: '"text"' },
    { label: 'number', body: '42' },
    { label: 'null', body: 'null' },
    { label: 'true', body: 'true' },
    { label: 'objects for fields', body: each({ a: { b: 1 } }) },
    { label: '100 kB strings', body: each(LONG.slice(0, Math.floor(200_000 / Math.max(keys.length, 1)))) },
    { label: 'arrays for fields', body: each(['a', 1, null]) },
    { label: 'numbers for fields', body: each(-1) },
    { label: 'booleans for fields', body: each(true) },
    { label: 'nulls for fields', body: each(null) },
    { label: 'huge numbers for fields', body: each(Number.MAX_SAFE_INTEGER * 1000) },
    ...ODD_STRINGS.map((s) => ({ label: `string ${JSON.stringify(s)}`, body: each(s) })),
    ...rawJsonOf(keys).map((raw, i) => ({ label: `raw JSON #${i}`, body: raw })),
    { label: 'depth 10000 object', body: deepObject(10_000, key) },
    { label: 'depth 10000 array', body: deepArray(10_000) },
    { label: 'huge array', body: `[${Array(60_000).fill('1').join(',')}]` },
    { label: 'huge array field', body: JSON.stringify({ [key]: Array(50_000).fill('a') }) },
    {
      label: 'urlencoded repeated keys',
      body: `${key}=1&${key}=2&${key}[]=3&__proto__[x]=1`,
      contentType: 'application/x-www-form-urlencoded',
    },
    { label: 'text/plain', body: 'hello', contentType: 'text/plain' },
    { label: 'unknown charset', body: '{}', contentType: 'application/json; charset=x-klingon' },
    { label: 'gzip that is not', body: '{"a": 1}', headers: { 'content-encoding': 'gzip' } },
    { label: 'unknown encoding', body: '{"a": 1}', headers: { 'content-encoding': 'br, zstd, x-nope' } },
    { label: 'multipart', body: form, contentType: 'multipart' },
  ];
};

const queryProbes = (keys: readonly string[]) => {
  const key = keys[0] ?? 'id';
  const repeated = keys.map((k) => `${k}=1&${k}=2`).join('&');
  return [
    `?${repeated}`,
    `?${keys.map((k) => `${k}[]=1`).join('&')}`,
    `?${keys.map((k) => `${k}[a][b]=1`).join('&')}`,
    '?page=-1&pageSize=1e9&currentPage=-1&size=1e309&limit=-0',
    '?pageSize=99999999999999999999&currentPage=NaN&page=Infinity',
    `?${key}=%00&id=%00`,
    `?${key}=..%2F..%2Fetc%2Fpasswd&id=..%2F..%2Fetc%2Fpasswd`,
    `?${key}=${'x'.repeat(6000)}`,
    `?${key}=%ED%A0%80&id=%F0%9F%98%80%E2%80%AE`,
    `?${key}=%E0%A4%A&id=%`,
    '?__proto__[polluted]=1&constructor[prototype][x]=1',
  ];
};

const PARAM_FILLS = [
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'x'.repeat(4000),
  '%E0%A4%A',
  '-1',
  '1e309',
  '__proto__',
  '%F0%9F%98%80',
  '..',
  'a%2Fb',
];

const fillPath = (template: string, fill: string) =>
  template
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment.startsWith('*') ? fill : segment))
    .join('/');

const plainPath = (template: string) => fillPath(template, '00000000-0000-0000-0000-000000000000');

const STACK = /\bat [\w.<>]+ \(|node_modules|\.tsx?:\d+|\bError: |\n\s+at /;

/** One request; what is wrong with its answer, or null. */
const send = async (client: Client, probe: Probe): Promise<Finding | null> => {
  const headers: Record<string, string> = { ...probe.headers };
  if (client.state.accessToken) headers.authorization = `Bearer ${client.state.accessToken}`;
  if (probe.body !== undefined && probe.contentType !== 'multipart')
    headers['content-type'] = probe.contentType ?? 'application/json';
  const name = `${probe.method} ${probe.path.slice(0, 160)} [${probe.label}]`;
  let response: Response;
  try {
    response = await fetch(platform.baseUrl + probe.path, {
      method: probe.method,
      headers,
      body: probe.body,
      redirect: 'manual',
    });
  } catch (error) {
    return { probe: name, status: 0, text: String(error) };
  }
  const text = await response.text();
  if (response.status >= 500) return { probe: name, status: response.status, text: text.slice(0, 300) };
  if (STACK.test(text)) return { probe: name, status: response.status, text: `stack trace: ${text.slice(0, 300)}` };
  // A file (an export, a picture, the board's pages) is only ever a download route's success.
  const isFile =
    /attachment/i.test(response.headers.get('content-disposition') ?? '') ||
    !/json/i.test(response.headers.get('content-type') ?? '');
  if (isFile) {
    if (response.status < 400 && DOWNLOADS.test(probe.path)) return null;
    if (response.status === 200 && GATEWAY_NOTIFY.test(probe.path) && /^(success|failure)$/.test(text)) return null;
    return { probe: name, status: response.status, text: `not an envelope: ${text.slice(0, 200)}` };
  }
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const envelope = typeof body.code === 'number' && typeof body.message === 'string' && 'data' in body;
    return envelope ? null : { probe: name, status: response.status, text: `not an envelope: ${text.slice(0, 200)}` };
  } catch {
    return { probe: name, status: response.status, text: `unparsable JSON: ${text.slice(0, 200)}` };
  }
};

type Job = () => Promise<Finding | null>;

/** Runs the probes eight at a time (the machine is small and other suites run beside this one); each finding can be asked again. */
const runAll = async (jobs: Job[], width = 8) => {
  const findings: (Finding & { again: Job })[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const finding = await job();
        if (finding) findings.push({ ...finding, again: job });
      }
    }),
  );
  return findings;
};

/** The field names a route asks for, read from its answer to an empty object. */
const keysOf = async (client: Client, route: RouteEntry) => {
  if (route.method === 'GET') {
    const answer = await client.call('GET', plainPath(route.path)).catch(() => null);
    return [...new Set([...fieldsNamedBy(answer?.body), ...COMMON_KEYS])];
  }
  const answer = await client.call(route.method, plainPath(route.path), {}).catch(() => null);
  return [...new Set([...fieldsNamedBy(answer?.body), ...COMMON_KEYS])];
};

const probesFor = (route: RouteEntry, keys: readonly string[]): Probe[] => {
  const base = plainPath(route.path);
  const probes: Probe[] = queryProbes(keys).map((query, i) => ({
    label: `query #${i}`,
    method: route.method,
    path: base + query,
  }));
  if (route.path.includes('/:') || route.path.includes('/*'))
    for (const fill of PARAM_FILLS)
      probes.push({ label: `param ${fill.slice(0, 20)}`, method: route.method, path: fillPath(route.path, fill) });
  if (route.method !== 'GET')
    for (const body of bodyProbes(keys)) probes.push({ ...body, method: route.method, path: base });
  return probes;
};

beforeAll(async () => {
  platform = await startTestPlatform({
    // The sweep sends many logins and codes with junk: the limits are tested in securityBruteForce.
    env: { LOGIN_MAX_FAILURES: '100000', SMS_HOURLY_PER_ADDRESS: '100000', SMS_HOURLY_PER_PHONE: '100000' },
  });
  customer = platform.client();
  customerLogin = await registerUser(customer);
  admin = platform.client();
  await signIn(admin, ADMIN.mobilePhone, ADMIN.password);
  const saved = await customer.post('/api/v1/uav/order/save', generalApplication());
  expect(saved.body.code).toBe(20000);
  orderId = saved.body.data.id;
  orderBefore = (await customer.get(`/api/v1/uav/order/orderDetails?id=${orderId}`)).body.data;
  expect(orderBefore).toMatchObject({ id: orderId, state: 0 });
  routes = [
    ...(await tableOf(platform.command.port)).map((r) => ({ ...r, upstream: 'command' })),
    ...(await tableOf(platform.query.port)).map((r) => ({ ...r, upstream: 'query' })),
  ];
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

describe('malformed input on every route', () => {
  it('answers an envelope below 500, without a stack trace, to every probe, as a customer and as an admin', async () => {
    expect(routes.length).toBeGreaterThan(50);
    const swept = routes.filter((r) => !SESSION_ENDERS.has(`${r.method} ${r.path}`));
    const jobs: Job[] = [];
    for (const client of [customer, admin]) {
      const keys = await Promise.all(swept.map((route) => keysOf(client, route)));
      swept.forEach((route, i) => {
        for (const probe of probesFor(route, keys[i]!)) jobs.push(() => send(client, probe));
      });
    }
    const first = await runAll(jobs);
    // Asked again, one at a time: a 5xx that does not repeat is the load of suites sharing the
    // database server ("too many clients"), not the input; one that repeats is a hole.
    const findings: Finding[] = [];
    for (const { again } of first) {
      const repeated = await again();
      if (repeated) findings.push(repeated);
    }
    const summary = findings.map((f) => `${f.status} ${f.probe}: ${f.text.replace(/\s+/g, ' ').slice(0, 160)}`);
    expect(summary.slice(0, 30), `${findings.length} findings`).toEqual([]);
    // The session-ending routes last, with junk too: still envelopes.
    for (const client of [customer, admin])
      for (const route of routes.filter((r) => SESSION_ENDERS.has(`${r.method} ${r.path}`)))
        expect(
          await send(client, { label: 'depth 10000', method: route.method, path: route.path, body: deepArray(10_000) }),
        ).toBeNull();
  }, 180_000);

  it('refuses unstorable text in multipart fields and in imported rule files with 40000', async () => {
    const API = '/api/v1/rules/transposition';
    // The sweep ended the admin's session (logout): a new one.
    const staff = platform.client();
    await signIn(staff, ADMIN.mobilePhone, ADMIN.password);
    const auth = { authorization: `Bearer ${staff.state.accessToken}` };
    const exported = await fetch(`${platform.baseUrl}${API}/export?format=json&ruleIds=referral`, { headers: auth });
    expect(exported.status).toBe(200);
    const bytes = Buffer.from(await exported.arrayBuffer());
    const importing = async (file: Uint8Array, reason: string) => {
      const form = new FormData();
      form.append('reason', reason);
      form.append('file', new Blob([file]), 'rules.json');
      const response = await fetch(`${platform.baseUrl}${API}/import`, { method: 'POST', headers: auth, body: form });
      return { status: response.status, body: (await response.json()) as { code: number; message: string } };
    };
    const nulReason = await importing(bytes, 'a\u0000b');
    expect(nulReason.status).toBe(400);
    expect(nulReason.body).toMatchObject({ code: 40000, message: '请求包含无效字符' });
    // NUL and a lone surrogate inside the rule's own content (JSON.stringify writes them as escapes).
    for (const bad of ['a\u0000b', 'a\ud800b']) {
      const file = JSON.parse(bytes.toString('utf8')) as { rules: { content: { nodes: { name: string }[] } }[] };
      file.rules[0]!.content.nodes[0]!.name = bad;
      const answer = await importing(Buffer.from(JSON.stringify(file)), '迁移');
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toMatchObject({ code: 40000, message: '请求包含无效字符' });
    }
  });

  it('leaves existing data as it was', async () => {
    // The sweep ended the customer's session: the owner signs in again.
    const owner = platform.client();
    await signIn(owner, customerLogin.phone, customerLogin.password);
    const after = await owner.get(`/api/v1/uav/order/orderDetails?id=${orderId}`);
    expect(after.body.code).toBe(20000);
    const { allowedActions: _a, ...rest } = after.body.data as Record<string, unknown>;
    const { allowedActions: _b, ...restBefore } = orderBefore as Record<string, unknown>;
    expect(rest).toEqual(restBefore);
  });
});

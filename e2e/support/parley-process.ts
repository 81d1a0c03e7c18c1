import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { E2E_SECRET } from './env.js';

const root = path.resolve(import.meta.dirname, '../..');

/** A port free now, found by listening on port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A production Parley of its own, from the sources, answering health; `env` adds to the journeys' settings. */
export async function spawnParley(
  port: number,
  env: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PARLEY_SECRET: E2E_SECRET,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`*** the Parley on ${port} exited early: code ${code}, signal ${signal} ***`);
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    // Up to a minute and a half: a fresh embedded database on a busy machine is slow to make.
    if (i > 450 || child.exitCode !== null) throw new Error(`the Parley on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

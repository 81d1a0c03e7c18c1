import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_SECRET } from './server.js';

export const root = path.resolve(import.meta.dirname, '../../../..');

export type RunningProcess = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  url: string;
};

/** A server process as an operator starts one, on a DATA_DIR of the test's own. */
export function startProcess(
  command: string[],
  opts: { dataDir: string; port: number; env?: Record<string, string>; unset?: string[]; detached?: boolean },
): RunningProcess {
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
  };
  Object.assign(env, { PARLEY_SECRET: TEST_SECRET, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...opts.env });
  for (const name of ['DATABASE_URL', 'npm_lifecycle_event', ...(opts.unset ?? [])]) delete env[name];
  const child = spawn(command[0]!, command.slice(1), { cwd: root, env, detached: opts.detached });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, url: `http://127.0.0.1:${opts.port}` };
}

export const fromSources = ['node', '--import', 'tsx', 'apps/server/src/main.ts'];

export async function healthy(url: string): Promise<boolean> {
  return (await fetch(`${url}/api/v1/health`).catch(() => undefined))?.ok === true;
}

export function randomPort(): number {
  return 21_000 + Math.floor(Math.random() * 9_000);
}

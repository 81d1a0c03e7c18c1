// `npm run start:cluster`: N production nodes on one PostgreSQL and one Redis, for trying scale-out locally.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, loadDotEnv } from './builds.mjs';

loadDotEnv();

const root = path.resolve(import.meta.dirname, '..');
const nodes = Number(process.env.NODES ?? 2);
const basePort = Number(process.env.BASE_PORT ?? 8081);
const env = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/parley',
  REDIS_URL: 'redis://127.0.0.1:6379',
  ...process.env,
  NODE_ENV: 'production',
};
if (!env.PARLEY_SECRET) {
  console.error('Set PARLEY_SECRET (32+ characters): every node must share it.');
  process.exit(1);
}
if (!Number.isInteger(nodes) || nodes < 1 || !Number.isInteger(basePort) || basePort < 1) {
  console.error('NODES and BASE_PORT must be positive whole numbers.');
  process.exit(1);
}
const main = await ensureBuilt();

let stopping = false;
let failed = false;
const running = new Set();
const stopAll = () => {
  for (const child of running) child.kill('SIGTERM');
};
for (let i = 0; i < nodes; i++) {
  const port = basePort + i;
  console.log(`node ${i + 1}: http://localhost:${port}`);
  const child = spawn(process.execPath, [main], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, PORT: String(port) },
  });
  running.add(child);
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (code !== 0) failed = true;
    if (!stopping) {
      // One node down is a cluster that no longer runs as asked: stop the rest and say so in the exit code.
      console.error(`node ${i + 1} (port ${port}) exited (${signal ?? `code ${code}`}); stopping the others`);
      failed = true;
      stopping = true;
      stopAll();
    }
    if (running.size === 0) process.exit(failed ? 1 : 0);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stopAll();
  });
}

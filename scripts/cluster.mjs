// `npm run start:cluster`: N production nodes on one PostgreSQL and one Redis, for trying scale-out locally.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

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
if (spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }).status !== 0)
  process.exit(1);
const children = Array.from({ length: nodes }, (_, i) => {
  const port = basePort + i;
  console.log(`node ${i + 1}: http://localhost:${port}`);
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, PORT: String(port) },
  });
});
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

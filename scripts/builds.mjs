// What `npm start` and `npm run start:cluster` share: .env, and builds made only when missing or stale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt, newestMtime } from '../apps/server/build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/package.json',
  'packages/protocol/src',
  'packages/crypto/src',
];

/** Settings from .env at the repository root, under any already in the environment. */
export function loadDotEnv() {
  const file = path.join(root, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

export function ensureWebBuilt() {
  const builtAt = fs.existsSync(webIndex) ? fs.statSync(webIndex).mtimeMs : 0;
  if (builtAt >= Math.max(...webSources.map((s) => newestMtime(path.join(root, s))))) return;
  console.log('Building the web app (production)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Builds what is stale; returns the built server's main file. */
export async function ensureBuilt() {
  ensureWebBuilt();
  return path.join(await ensureServerBuilt(), 'main.js');
}

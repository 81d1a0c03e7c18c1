// Builds the server, with the protocol and crypto packages it imports, to JavaScript for production start.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const dir = import.meta.dirname;
const root = path.resolve(dir, '../..');
const entries = {
  main: 'src/main.ts',
  'pglite-init': 'src/db/pglite-init.ts',
  parley: 'src/cli/parley.ts',
  'seal-worker': 'src/features/files/seal-worker.ts',
};
const sources = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/protocol/src',
  'packages/protocol/package.json',
  'packages/crypto/src',
  'packages/crypto/package.json',
];
export const serverOutput = path.join(dir, 'dist');

export async function buildServer() {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@parley/'));
  fs.rmSync(serverOutput, { recursive: true, force: true });
  await build({
    absWorkingDir: dir,
    entryPoints: entries,
    // One folder below apps/server, as src is, so config.ts's import.meta.dirname paths hold in both.
    outdir: 'dist',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: true,
    logLevel: 'warning',
  });
}

export function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/** Builds when the output is missing or older than a source; returns the folder of entry files. */
export async function ensureServerBuilt(log = console.log) {
  const marker = path.join(serverOutput, 'main.js');
  const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  if (builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))))) {
    log('Building the server (production)…');
    await buildServer();
  }
  return serverOutput;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();

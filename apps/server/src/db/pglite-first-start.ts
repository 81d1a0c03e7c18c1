import { fork } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Creates and migrates the embedded database in a child process that exits: PGlite's first
 * initialisation and the first migrations grow the WebAssembly heap well past what opening an
 * existing database needs, and a heap never shrinks.
 */
export async function initialisePgliteApart(dbDir: string): Promise<void> {
  if (fs.existsSync(path.join(dbDir, 'PG_VERSION'))) return;
  // Built, this code sits beside pglite-init.js; from sources, beside pglite-init.ts, run through tsx.
  const fromSources = import.meta.url.endsWith('.ts');
  const script = fileURLToPath(new URL(`./pglite-init.${fromSources ? 'ts' : 'js'}`, import.meta.url));
  const tsx = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = fork(script, [dbDir], {
    execArgv: fromSources ? ['--import', tsx()] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${dbDir} failed (exit code ${code})`);
}

import { randomBytes } from 'node:crypto';
import { createParley } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { looseDataDirWarning, secureDataDir } from '../data-dir.js';
import { dataDirHolder } from '../db/lock.js';
import { AppError } from '../errors.js';
import { ensureSecret } from '../secret.js';
import { runCommand, USAGE } from './commands.js';

/** A new password from stdin when piped in (first line), or a generated one that is printed once. */
async function readPassword(): Promise<{ password: string; generated: boolean }> {
  if (process.stdin.isTTY) return { password: randomBytes(15).toString('base64url'), generated: true };
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return { password: text.split(/\r?\n/)[0] ?? '', generated: false };
}

async function main(argv: string[]): Promise<number> {
  process.umask(0o077);
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    const holder = dataDirHolder(config.dataDir);
    if (holder) {
      console.error(
        `The Parley server (pid ${holder}) is running on ${config.dataDir}. The embedded database serves one process at a time: stop the server, run this, start it again. (On PostgreSQL this tool works beside running servers.)`,
      );
      return 1;
    }
    const warning = looseDataDirWarning(config.dataDir, secureDataDir(config.dataDir));
    if (warning) console.error(warning);
  }
  const secret = config.secret ?? ensureSecret(config.dataDir, (msg) => console.error(msg));
  const parley = await createParley(config, secret, { logger: false, serveWeb: false });
  try {
    return await runCommand(parley.ctx, command, args, readPassword);
  } finally {
    await parley.close();
    // PGlite sets its own files 0644: leave them private at rest.
    if (!config.databaseUrl) secureDataDir(config.dataDir);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof AppError) {
      console.error(err.message);
      for (const detail of err instanceof AppError ? (err.details ?? []) : [])
        console.error(`  - ${detail.path}: ${detail.message}`);
    } else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

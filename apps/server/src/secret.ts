import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Returns PARLEY_SECRET, or the one generated into DATA_DIR on first start (mode 0600). */
export function ensureSecret(dataDir: string, log: (msg: string) => void): string {
  const file = path.join(dataDir, 'secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  log(`PARLEY_SECRET was not set: generated one into ${file} (mode 0600)`);
  return secret;
}

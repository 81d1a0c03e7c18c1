import fs from 'node:fs';
import path from 'node:path';

// Only what Parley itself keeps in DATA_DIR is touched, so a DATA_DIR pointed at a shared folder keeps its other files.
const OWN_ENTRIES = ['db', 'secret', 'parley.lock'];

/**
 * Makes DATA_DIR private to the server's user: new files 0600 and folders 0700 (umask), and what
 * already exists tightened to that. Returns the entries an operator left open to other users:
 * DATA_DIR itself and the secret (PGlite creates its own files 0644, so those are fixed silently).
 */
export function secureDataDir(dataDir: string): string[] {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const loose: string[] = [];
  const tighten = (p: string, recurse: boolean, report: boolean) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(p);
    } catch {
      return;
    }
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) {
      if (report) loose.push(p);
      fs.chmodSync(p, stat.mode & 0o700);
    }
    if (recurse && stat.isDirectory())
      for (const name of fs.readdirSync(p)) tighten(path.join(p, name), true, false);
  };
  tighten(dataDir, false, true);
  for (const name of OWN_ENTRIES) tighten(path.join(dataDir, name), true, name !== 'db');
  return loose;
}

/** The one warning for a DATA_DIR that other users could read. */
export function looseDataDirWarning(dataDir: string, loose: string[]): string | undefined {
  if (!loose.length) return undefined;
  return `DATA_DIR was open to other users (${loose.join(', ')}); made it private (folders 0700, files 0600)`;
}

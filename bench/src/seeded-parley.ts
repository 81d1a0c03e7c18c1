import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startParley, type Child } from './proc';
import { seedBackends, type Sql } from './seed-backends';

/** The production web build the server serves: WEB_DIST when set (as for the server), else apps/web/dist. */
export const webDist = () => process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
export const webBuilt = () => fs.existsSync(path.join(webDist(), 'index.html'));

/**
 * A production node on the embedded database in a fresh DATA_DIR: `prepare` sets up accounts and
 * channels through HTTP, then the server stops while `seed` writes rows straight into the database
 * (one process at a time may open it), then it starts again for the measurements.
 */
export async function seededParley<T>(
  prepare: (url: string) => Promise<T>,
  seed: (query: Sql, prepared: T) => Promise<void>,
): Promise<{ node: Child; prepared: T; seedSeconds: number; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const [backend] = seedBackends(dataDir, undefined);
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    // The database is created here, where no start-up deadline runs: on a loaded machine initdb alone takes a minute.
    await (await backend!.sql()).end();
    let node = await startParley(backend!.env);
    const prepared = await prepare(node.url).finally(() => node.stop());
    const started = performance.now();
    const db = await backend!.sql();
    await seed(db.query, prepared).finally(() => db.end());
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    node = await startParley(backend!.env);
    return {
      node,
      prepared,
      seedSeconds,
      stop: async () => {
        await node.stop();
        remove();
      },
    };
  } catch (e) {
    remove();
    throw e;
  }
}

/** The id of an account, read while seeding. */
export async function userId(query: Sql, username: string): Promise<string> {
  const { rows } = (await query('select id from users where username = $1', [username])) as {
    rows: { id: string }[];
  };
  if (!rows[0]) throw new Error(`no user ${username}`);
  return rows[0].id;
}

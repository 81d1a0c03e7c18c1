import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

// apps/server/drizzle: two folders up from src/db, one from the built dist/.
export const migrationsFolder = ['../../drizzle', '../drizzle']
  .map((p) => path.resolve(import.meta.dirname, p))
  .find((p) => fs.existsSync(path.join(p, 'meta')))!;

/** pg_trgm: partial-word search, the same extension PostgreSQL has. */
export const pgliteOptions = { extensions: { pg_trgm } };

/** Opens an embedded database (in memory without a folder) with every migration applied. */
export async function openMigratedPglite(dir: string | undefined): Promise<PGlite> {
  const client = dir ? new PGlite(dir, pgliteOptions) : new PGlite(pgliteOptions);
  await client.waitReady;
  // Zero-filling each new 16 MB WAL file held the one thread for about 100 ms every few thousand sends.
  await client.exec('set wal_init_zero = off');
  await migrate(drizzle(client), { migrationsFolder });
  return client;
}

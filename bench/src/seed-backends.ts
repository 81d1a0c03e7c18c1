import path from 'node:path';
import pg from 'pg';
import type { BenchDatabase } from './services';

export type Sql = (text: string, params?: unknown[]) => Promise<unknown>;
/** A server configuration and direct SQL to the same database, for seeding it while the server is stopped. */
export type SeedBackend = {
  name: string;
  env: Record<string, string>;
  sql: () => Promise<{ query: Sql; end: () => Promise<void> }>;
};

/** The embedded database in `dataDir`, and PostgreSQL when there is one. */
export function seedBackends(dataDir: string, database: BenchDatabase | undefined): SeedBackend[] {
  const backends: SeedBackend[] = [
    {
      name: 'pglite (DATA_DIR)',
      env: { DATA_DIR: dataDir },
      sql: async () => {
        // Resolved from the workspace root (apps/server depends on it); see docs/benchmarks.md.
        const { PGlite } = await import('@electric-sql/pglite');
        const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
        const client = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
        return { query: (text, params) => client.query(text, params), end: () => client.close() };
      },
    },
  ];
  if (database)
    backends.push({
      name: 'postgres',
      env: { DATABASE_URL: database.url },
      sql: async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        return { query: (text, params) => client.query(text, params), end: () => client.end() };
      },
    });
  return backends;
}

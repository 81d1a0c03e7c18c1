import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { acquireDataDirLock } from './lock.js';
import { runNamed } from './pglite-prepared.js';
import { initialisePgliteApart } from './pglite-first-start.js';
import { migrationsFolder, openMigratedPglite } from './pglite-migrate.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos accept either the database or an open transaction. */
export type Conn = Db | Tx;

export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

// Any fixed number; every node takes the same advisory lock so migrations run once.
const MIGRATION_LOCK = 7_311_301;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl?.startsWith('memory://')) return openPglite(undefined);
  if (!opts.databaseUrl) return openPglite(opts.dataDir);
  return openPostgres(opts.databaseUrl);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    if (dataDir) await initialisePgliteApart(path.join(dataDir, 'db'));
    const client = await openMigratedPglite(dataDir && path.join(dataDir, 'db'));
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** PGlite runs one transaction at a time (see runNamed), so its feed's ids commit in the order they are taken. */
export const commitsOneAtATime = (db: Db) =>
  (db as unknown as { $client?: unknown }).$client instanceof PGlite;

type TxClient = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * A statement for the hottest paths, parsed and planned once per connection (PostgreSQL) or
 * instance (PGlite) by name. In a transaction it runs on the transaction's connection, unnamed.
 */
export function preparedStatement<Row>(name: string, text: string) {
  return async (db: Conn, values: unknown[]): Promise<Row[]> => {
    const client = (db as unknown as { $client?: pg.Pool | PGlite }).$client;
    if (!client) {
      const inTx = (db as unknown as { session: { client: TxClient } }).session.client;
      return (await inTx.query(text, values)).rows as Row[];
    }
    if (client instanceof PGlite) return runNamed<Row>(client, name, text, values);
    return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
  };
}

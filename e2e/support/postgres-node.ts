import pg from 'pg';
import { spawnParley } from './parley-process.js';

const ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

export type PostgresNode = { url: string; db: pg.Client; stop: () => Promise<void> };

/** A production Parley on a fresh PostgreSQL database, for journeys that must read the rows themselves. */
export async function startPostgresNode(port: number): Promise<PostgresNode | undefined> {
  const admin = new pg.Client({ connectionString: ADMIN, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch {
    if (process.env.REQUIRE_SERVICES === '1') throw new Error('PostgreSQL is required on 127.0.0.1:5432');
    console.warn('\n*** SKIPPED: PostgreSQL is not reachable on 127.0.0.1:5432 ***\n');
    return undefined;
  }
  const name = `parley_e2e_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
  const node = await spawnParley(port, { DATABASE_URL: databaseUrl });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  return {
    url: node.url,
    db,
    stop: async () => {
      await db.end();
      await node.stop();
      const drop = new pg.Client({ connectionString: ADMIN });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { E2E_SECRET } from './env.js';

const ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '../..');

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
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PARLEY_SECRET: E2E_SECRET,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`*** the PostgreSQL node on ${port} exited early: code ${code}, signal ${signal} ***`);
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 150 || child.exitCode !== null) throw new Error('the PostgreSQL node did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  return {
    url,
    db,
    stop: async () => {
      stopping = true;
      await db.end();
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      const drop = new pg.Client({ connectionString: ADMIN });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

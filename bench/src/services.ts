import net from 'node:net';
import pg from 'pg';

const POSTGRES = 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = 'redis://127.0.0.1:6379';

export type BenchDatabase = { url: string; drop: () => Promise<void> };

/** A fresh PostgreSQL database for one run, or undefined when nothing answers on 5432. */
export async function createDatabase(label: string): Promise<BenchDatabase | undefined> {
  const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.warn('PostgreSQL is not reachable on 127.0.0.1:5432: skipping the PostgreSQL runs');
    return undefined;
  }
  const name = `parley_bench_${label}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `${POSTGRES}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Whether Redis answers PING on 127.0.0.1:6379 (raw protocol, so the bench needs no Redis client). */
export function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

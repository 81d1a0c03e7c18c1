import { Redis } from 'ioredis';
import pg from 'pg';

export const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = 'redis://127.0.0.1:6379';
export const requireServices = process.env.REQUIRE_SERVICES === '1';

async function reachable(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}

/** Whether PostgreSQL answers; with REQUIRE_SERVICES=1 a missing one fails instead of skipping. */
export async function postgresAvailable(): Promise<boolean> {
  const ok = await reachable(async () => {
    const client = new pg.Client({
      connectionString: `${POSTGRES_URL}/postgres`,
      connectionTimeoutMillis: 2000,
    });
    await client.connect();
    await client.end();
  });
  if (!ok && requireServices)
    throw new Error(`REQUIRE_SERVICES=1 but PostgreSQL is not reachable at ${POSTGRES_URL}`);
  if (!ok) console.warn(`\n*** SKIPPING PostgreSQL tests: nothing answers at ${POSTGRES_URL} ***\n`);
  return ok;
}

/** Whether Redis answers PING; with REQUIRE_SERVICES=1 a missing one fails instead of skipping. */
export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  const ok = await reachable(async () => {
    await probe.connect();
    await probe.ping();
  });
  probe.disconnect();
  if (!ok && requireServices)
    throw new Error(`REQUIRE_SERVICES=1 but Redis is not reachable at ${REDIS_URL}`);
  if (!ok) console.warn(`\n*** SKIPPING multi-node tests: Redis is not reachable at ${REDIS_URL} ***\n`);
  return ok;
}

/** A fresh database for one test file, dropped afterwards. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `parley_it_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `${POSTGRES_URL}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createParley, type Parley } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase } from './services.js';

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnop';

export type TestServer = { url: string; parley: Parley; stop: () => Promise<void> };
export type Backend = 'pglite' | 'postgres';

/** A real Parley on a random port: PGlite in memory, or a fresh PostgreSQL database. */
export async function startServer(
  env: Record<string, string> = {},
  backend: Backend = 'pglite',
  opts: { databaseUrl?: string } = {},
): Promise<TestServer> {
  const db = backend === 'postgres' && !opts.databaseUrl ? await createTestDatabase() : undefined;
  // Uploaded files go to a folder of this server's own, gone when it stops.
  const dataDir = env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: opts.databaseUrl ?? db?.url ?? 'memory://',
    PARLEY_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    // Tests sign up many users from 127.0.0.1; rate-limits.test.ts turns the limits back on.
    RATE_LIMITS: 'off',
    ...env,
  });
  const parley = await createParley(config, config.secret!, { logger: false, serveWeb: false });
  await parley.app.listen({ port: config.port, host: config.host });
  const { port } = parley.app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    parley,
    stop: async () => {
      await parley.close();
      await db?.drop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

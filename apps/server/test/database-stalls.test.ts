import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const rowsOf = async (server: TestServer, query: ReturnType<typeof sql>) =>
  ((await server.parley.ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

// Work the database does in one go, every few thousand sends, holds every request on PGlite's one thread.
describe.each(await backendsToTest())('database work that stalled sends (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, backend);
  });
  afterAll(() => server.stop());

  it('regression: the word index merges its pending rows in small steps, not 4 MB at once (200 ms)', async () => {
    const [index] = await rowsOf(
      server,
      sql`select reloptions from pg_class where relname = 'messages_body_words_idx'`,
    );
    expect(index!.reloptions).toEqual(['gin_pending_list_limit=256']);
  });
});

describe('database work that stalled sends (the embedded database)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('regression: does not zero-fill each new 16 MB WAL file (100 ms)', async () => {
    const [setting] = await rowsOf(server, sql`select current_setting('wal_init_zero') as value`);
    expect(setting!.value).toBe('off');
  });
});

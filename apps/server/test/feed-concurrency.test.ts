import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

/** Follows the feed from a cursor the way a tab does, collecting every change it is given. */
async function poll(client: ApiClient, since: string, seen: Set<string>): Promise<string> {
  let cursor = since;
  for (;;) {
    const res = await client.get(`/sync?since=${cursor}`);
    expect(res.status).toBe(200);
    for (const c of res.body.changes) seen.add(c.payload.cursor);
    cursor = res.body.cursor;
    if (!res.body.more) return cursor;
  }
}

describe.each(await backendsToTest())('the sync feed under concurrent writers on %s', (backend) => {
  let server: TestServer;
  let writers: ApiClient[];
  let reader: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    server = await startServer({}, backend);
    reader = await signUp(server.url, 'reader');
    writers = await Promise.all([1, 2, 3, 4].map((i) => signUp(server.url, `writer${i}`)));
    channelId = (await reader.post('/channels', { name: 'busy', kind: 'public' })).body.channel.id;
    for (const w of writers) await w.post(`/channels/${channelId}/join`);
  });
  afterAll(() => server.stop());

  it('never makes a reader that follows along miss a change', async () => {
    const start = (await reader.get('/sync')).body.cursor;
    const seen = new Set<string>();
    let done = false;
    const following = (async () => {
      let cursor = start;
      while (!done) cursor = await poll(reader, cursor, seen);
      await poll(reader, cursor, seen);
    })();
    await Promise.all(
      writers.map(async (w, i) => {
        for (let n = 0; n < 15; n++) {
          const sent = await w.post(`/channels/${channelId}/messages`, {
            clientId: clientId(),
            body: `${i}:${n}`,
          });
          const id = sent.body.message.id;
          await Promise.all([
            w.request('PUT', `/messages/${id}/reactions/${encodeURIComponent('🎉')}`),
            w.patch(`/messages/${id}`, { body: `${i}:${n} edited` }),
          ]);
        }
      }),
    );
    done = true;
    await following;
    const all = new Set<string>();
    await poll(reader, start, all);
    expect(all.size).toBe(4 * 15 * 3);
    expect([...all].filter((c) => !seen.has(c))).toEqual([]);
  });

  it.runIf(backend === 'postgres')(
    'gives a reader a change whose transaction began first but committed last',
    async () => {
      const dbUrl = (server.parley.ctx.config as { databaseUrl?: string }).databaseUrl!;
      const slow = new pg.Client({ connectionString: dbUrl });
      await slow.connect();
      try {
        const before = (await reader.get('/sync')).body.cursor;
        // A writer takes its transaction id first and holds it open while others commit.
        await slow.query('begin');
        await slow.query(
          `insert into changes (kind, channel_id, entity_id) values ('channel:updated', $1, $1)`,
          [channelId],
        );
        await writers[0]!.post(`/channels/${channelId}/messages`, {
          clientId: clientId(),
          body: 'committed first',
        });
        const meanwhile = new Set<string>();
        const cursor = await poll(reader, before, meanwhile);
        await slow.query('commit');
        const after = new Set<string>();
        await poll(reader, cursor, after);
        const kinds = async (since: string) =>
          (await reader.get(`/sync?since=${since}`)).body.changes.map((c: any) => c.type);
        expect(await kinds(before)).toEqual(['channel:updated', 'message:created']);
        // The late commit was held back, not skipped: the reader that moved on still gets it.
        expect([...meanwhile, ...after]).toHaveLength(2);
      } finally {
        await slow.end();
      }
    },
  );
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, signUp, waitFor } from './support/client.js';
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

  /** A writer that takes its transaction id first and holds its change uncommitted while others commit. */
  async function slowWriter() {
    const dbUrl = (server.parley.ctx.config as { databaseUrl?: string }).databaseUrl!;
    const slow = new pg.Client({ connectionString: dbUrl });
    await slow.connect();
    const holdChange = async () => {
      await slow.query('begin');
      await slow.query(
        `insert into changes (kind, channel_id, entity_id) values ('channel:updated', $1, $1)`,
        [channelId],
      );
    };
    return Object.assign(slow, { holdChange });
  }

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

  it('delivers every change live to a socket once and in feed order, sends from this node included', async () => {
    const start = (await reader.get('/sync')).body.cursor;
    const socket = reader.socket();
    const live: string[] = [];
    for (const type of ['message:created', 'message:updated', 'reaction:changed'] as const)
      socket.on(type, (e: { cursor: string }) => live.push(e.cursor));
    await connected(socket);
    try {
      await Promise.all(
        writers.map(async (w, i) => {
          for (let n = 0; n < 12; n++) {
            const sent = await w.post(`/channels/${channelId}/messages`, {
              clientId: clientId(),
              body: `live ${i}:${n}`,
            });
            if (n % 3 === 0)
              await w.patch(`/messages/${sent.body.message.id}`, { body: `live ${i}:${n} edited` });
            if (n % 4 === 0)
              await w.request(
                'PUT',
                `/messages/${sent.body.message.id}/reactions/${encodeURIComponent('👍')}`,
              );
          }
        }),
      );
      const all = new Set<string>();
      await poll(reader, start, all);
      expect(all.size).toBe(4 * (12 + 4 + 3));
      await waitFor(async () => live.length >= all.size);
      expect(new Set(live).size).toBe(live.length);
      expect([...all].filter((c) => !live.includes(c))).toEqual([]);
      expect(live.every((c, i) => i === 0 || compare(live[i - 1]!, c) < 0)).toBe(true);
    } finally {
      socket.close();
    }
  });

  it.runIf(backend === 'postgres')(
    'delivers a send live only after a change whose transaction began first and committed last',
    async () => {
      const slow = await slowWriter();
      const socket = reader.socket();
      const live: string[] = [];
      socket.on('channel:updated', () => live.push('channel:updated'));
      socket.on('message:created', (e) => live.push(e.message.body ?? ''));
      await connected(socket);
      try {
        await slow.holdChange();
        await writers[1]!.post(`/channels/${channelId}/messages`, {
          clientId: clientId(),
          body: 'sent meanwhile',
        });
        await new Promise((r) => setTimeout(r, 300));
        expect(live).toEqual([]);
        await slow.query('commit');
        await waitFor(async () => live.length === 2);
        expect(live).toEqual(['channel:updated', 'sent meanwhile']);
      } finally {
        socket.close();
        await slow.end();
      }
    },
  );

  it.runIf(backend === 'postgres')(
    'gives a reader a change whose transaction began first but committed last',
    async () => {
      const slow = await slowWriter();
      try {
        const before = (await reader.get('/sync')).body.cursor;
        await slow.holdChange();
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

function compare(a: string, b: string): number {
  const [ta, ia] = a.split('.').map(BigInt) as [bigint, bigint];
  const [tb, ib] = b.split('.').map(BigInt) as [bigint, bigint];
  return ta !== tb ? (ta < tb ? -1 : 1) : ia === ib ? 0 : ia < ib ? -1 : 1;
}

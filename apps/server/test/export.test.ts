import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

type Exported = {
  parley: string;
  channel: { id: string; name: string; encrypted: boolean };
  messages: {
    id: string;
    seq: number;
    body: string | null;
    threadRootId: string | null;
    reactions: unknown[];
    system: unknown;
  }[];
  people: { id: string; username: string }[];
};

describe.each(await backendsToTest())('GET /channels/:id/export on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let channelId: string;
  const post = async (client: ApiClient, body: string, extra = {}) =>
    (await client.post(`/channels/${channelId}/messages`, { clientId: clientId(), body, ...extra })).body
      .message.id as string;

  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    channelId = (await alice.post('/channels', { name: 'launch', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(() => server.stop());

  it('gives a member the whole history as a JSON download, across pages, replies and reactions included', async () => {
    const root = await post(alice, 'kick-off');
    await post(bob, 'a reply', { threadRootId: root });
    await bob.request('PUT', `/messages/${root}/reactions/${encodeURIComponent('👍')}`);
    const gone = await post(bob, 'a typo');
    await bob.delete(`/messages/${gone}`);
    for (let i = 0; i < 520; i++) await post(i % 2 ? alice : bob, `line ${i}`);

    const res = await fetch(`${server.url}/api/v1/channels/${channelId}/export`, {
      headers: { cookie: bob.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="parley-launch-\d{4}-\d\d-\d\d\.json"$/,
    );
    const doc = (await res.json()) as Exported;
    expect(doc).toMatchObject({
      parley: '1.13.0',
      channel: { id: channelId, name: 'launch', encrypted: false },
    });
    // System lines ("Alice added Bob") come along, in their place.
    expect(doc.messages.some((m) => m.system)).toBe(true);
    const bodies = doc.messages.filter((m) => !m.system).map((m) => m.body);
    expect(bodies.slice(0, 2)).toEqual(['kick-off', 'a reply']);
    expect(bodies).not.toContain('a typo');
    expect(bodies.filter((b) => b?.startsWith('line '))).toHaveLength(520);
    const seqs = doc.messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(doc.messages.find((m) => m.id === root)!.reactions).toEqual([
      { emoji: '👍', count: 1, userIds: [bob.user.id] },
    ]);
    expect(doc.people.map((p) => p.username).sort()).toEqual(['alice', 'bob']);
  });

  it('tells someone outside a private channel nothing', async () => {
    const carol = await signUp(server.url, 'carol');
    const res = await carol.get(`/channels/${channelId}/export`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('channel_not_found');
    expect((await new ApiClient(server.url).get(`/channels/${channelId}/export`)).status).toBe(401);
    expect((await alice.get('/channels/not-an-id/export')).status).toBe(400);
  });

  it('exports an empty channel as a whole document', async () => {
    const quiet = (await alice.post('/channels', { name: 'quiet', kind: 'public' })).body.channel.id;
    const doc = (await alice.get(`/channels/${quiet}/export`)).body as Exported;
    expect(doc.messages.filter((m) => m.body !== null)).toEqual([]);
    expect(doc.channel.name).toBe('quiet');
  });
});

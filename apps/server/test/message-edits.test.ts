import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('edit history on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    eve = await signUp(server.url, 'eve');
    channelId = (await alice.post('/channels', { name: 'edits', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(() => server.stop());

  it('keeps each earlier version with when it was written, for members to read', async () => {
    const sent = (
      await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'first' })
    ).body.message;
    expect((await bob.get(`/messages/${sent.id}/edits`)).body.versions).toEqual([]);
    const once = (await alice.patch(`/messages/${sent.id}`, { body: 'second' })).body.message;
    await alice.patch(`/messages/${sent.id}`, { body: 'third' });
    const { versions } = (await bob.get(`/messages/${sent.id}/edits`)).body;
    expect(versions.map((v: any) => v.body)).toEqual(['first', 'second']);
    expect(Date.parse(versions[0].writtenAt)).toBe(Date.parse(sent.createdAt));
    expect(Date.parse(versions[1].writtenAt)).toBe(Date.parse(once.editedAt));
    expect((await eve.get(`/messages/${sent.id}/edits`)).status).toBe(404);
  });

  it('forgets the earlier versions of a deleted message', async () => {
    const sent = (await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'oops' }))
      .body.message;
    await alice.patch(`/messages/${sent.id}`, { body: 'oops, fixed' });
    await alice.delete(`/messages/${sent.id}`);
    expect((await bob.get(`/messages/${sent.id}/edits`)).body.versions).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

type Posted = { status: number; body: any };

/** A tool posting to a webhook's URL: no cookie, no CSRF header. */
async function hook(url: string, body: string, type = 'application/json'): Promise<Posted> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': type }, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const post = (url: string, payload: unknown) => hook(url, JSON.stringify(payload));

describe.each(await backendsToTest())('Incoming webhooks on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let channelId: string;
  const add = (client: ApiClient, name: string, channel = channelId) =>
    client.post(`/channels/${channel}/webhooks`, { name });
  const bodies = async (channel = channelId) =>
    ((await bob.get(`/channels/${channel}/messages?limit=200`)).body.messages as { body: string }[]).map(
      (m) => m.body,
    );

  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'owner');
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    channelId = (await alice.post('/channels', { name: 'deploys', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(() => server.stop());

  it('posts under its name, live and in the sync feed, and keeps only a hash of its URL', async () => {
    const since = (await bob.get('/sync')).body.cursor;
    const res = await add(alice, 'CI');
    expect(res.status).toBe(201);
    const { webhook, url } = res.body;
    expect(webhook).toMatchObject({ channelId, name: 'CI', createdBy: alice.user.id, lastUsedAt: null });
    expect(url).toMatch(new RegExp(`^${server.url}/api/v1/hooks/[A-Za-z0-9_-]{43}$`));
    const secret = url.split('/').pop();
    const listed = await bob.get(`/channels/${channelId}/webhooks`);
    expect(listed.body.webhooks).toEqual([webhook]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const socket = bob.socket();
    await connected(socket);
    const live = nextEvent(socket, 'message:created', (e) => e.message.body === 'Build 42 passed');
    const sent = await post(url, { text: 'Build 42 passed' });
    expect(sent).toEqual({ status: 200, body: { ok: true, messageId: expect.any(String) } });
    const { message } = await live;
    socket.close();
    expect(message).toMatchObject({ authorId: alice.user.id, via: { webhookId: webhook.id, name: 'CI' } });
    const changes = (await bob.get(`/sync?since=${since}`)).body.changes as { payload: any }[];
    expect(changes.map((c) => c.payload.message?.via?.name)).toContain('CI');
    const history = (await bob.get(`/channels/${channelId}/messages`)).body.messages;
    expect(history.at(-1)).toMatchObject({ id: sent.body.messageId, via: { name: 'CI' } });
    expect(history.filter((m: { via?: unknown }) => !m.via).every((m: object) => !('via' in m))).toBe(true);
    const used = (await bob.get(`/channels/${channelId}/webhooks`)).body.webhooks[0];
    expect(used.lastUsedAt).not.toBeNull();
  });

  it("takes Slack's form payload and a name for one message", async () => {
    const { url } = (await add(alice, 'Deploy bot')).body;
    const form = `payload=${encodeURIComponent(JSON.stringify({ text: 'Shipped v2', username: 'Release' }))}`;
    const sent = await hook(url, form, 'application/x-www-form-urlencoded');
    expect(sent.status).toBe(200);
    const got = (await bob.get(`/messages/${sent.body.messageId}`)).body.message;
    expect(got).toMatchObject({ body: 'Shipped v2', via: { name: 'Release' } });
  });

  it('refuses bad input with a code and posts nothing', async () => {
    const { url } = (await add(alice, 'Checks')).body;
    const before = await bodies();
    const bad: [string, string][] = [
      [JSON.stringify({ text: 'a\u0000b' }), 'application/json'],
      ['{"text":"\\ud800 alone"}', 'application/json'],
      [JSON.stringify({ text: '   ' }), 'application/json'],
      [JSON.stringify({ text: 'x'.repeat(16_001) }), 'application/json'],
      [JSON.stringify({ text: 'hi', channel: '#general' }), 'application/json'],
      [JSON.stringify({ text: 'hi', username: 'a\u0007b' }), 'application/json'],
      [JSON.stringify({ text: 12 }), 'application/json'],
      ['{not json', 'application/json'],
      ['payload=%7Bnope', 'application/x-www-form-urlencoded'],
      ['text=hi', 'application/x-www-form-urlencoded'],
    ];
    for (const [body, type] of bad) {
      const res = await hook(url, body, type);
      expect([res.status, res.body.error.code], body.slice(0, 40)).toEqual([400, 'validation_failed']);
    }
    expect(await hook(url, 'x'.repeat(200 * 1024), 'application/json')).toMatchObject({ status: 413 });
    const unknown = await post(`${server.url}/api/v1/hooks/${'A'.repeat(43)}`, { text: 'hi' });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'webhook_not_found']);
    expect((await post(`${server.url}/api/v1/hooks/short`, { text: 'hi' })).status).toBe(400);
    expect(await bodies()).toEqual(before);
  });

  it('stops posting when it is removed, its adder leaves or is deactivated, or the channel is archived', async () => {
    const carol = await signUp(server.url, 'carol');
    await alice.post(`/channels/${channelId}/members`, { userId: carol.user.id });
    const removed = (await add(carol, 'Removed')).body;
    expect((await carol.delete(`/webhooks/${removed.webhook.id}`)).status).toBe(204);
    expect((await post(removed.url, { text: 'after removal' })).status).toBe(404);

    const left = (await add(carol, 'Left')).body;
    await alice.delete(`/channels/${channelId}/members/${carol.user.id}`);
    const afterLeaving = await post(left.url, { text: 'after leaving' });
    expect([afterLeaving.status, afterLeaving.body.error.code]).toEqual([404, 'channel_not_found']);

    const dave = await signUp(server.url, 'dave');
    await alice.post(`/channels/${channelId}/members`, { userId: dave.user.id });
    const gone = (await add(dave, 'Gone')).body;
    await owner.post(`/admin/users/${dave.user.id}/deactivate`);
    expect((await post(gone.url, { text: 'after deactivation' })).status).toBe(403);

    const archived = (await alice.post('/channels', { name: 'old-alerts', kind: 'public' })).body.channel;
    const alerts = (await add(alice, 'Alerts', archived.id)).body;
    await alice.patch(`/channels/${archived.id}`, { archived: true });
    const afterArchiving = await post(alerts.url, { text: 'after archiving' });
    expect([afterArchiving.status, afterArchiving.body.error.code]).toEqual([409, 'channel_archived']);
    expect(await bodies()).not.toEqual(expect.arrayContaining([expect.stringMatching(/^after /)]));
  });

  it('lets members add them to channels only, and only its adder or an admin remove one', async () => {
    const guest = await signUp(server.url, 'gina');
    await owner.patch(`/admin/users/${guest.user.id}/role`, { role: 'guest' });
    await alice.post(`/channels/${channelId}/members`, { userId: guest.user.id });
    expect((await add(guest, 'Guest hook')).status).toBe(403);
    const outsider = await signUp(server.url, 'olga');
    expect((await add(outsider, 'Outside')).status).toBe(404);
    expect((await outsider.get(`/channels/${channelId}/webhooks`)).status).toBe(404);
    const dm = (await alice.post('/dms', { userId: bob.user.id })).body.channel;
    expect((await add(alice, 'DM hook', dm.id)).status).toBe(403);
    const sealed = (await alice.post('/channels', { name: 'sealed', kind: 'private', encrypted: true })).body;
    expect((await add(alice, 'Sealed hook', sealed.channel.id)).status).toBe(403);

    const bobs = (await add(bob, "Bob's")).body.webhook;
    const other = await signUp(server.url, 'erin');
    await alice.post(`/channels/${channelId}/members`, { userId: other.user.id });
    expect((await other.delete(`/webhooks/${bobs.id}`)).status).toBe(403);
    expect((await outsider.delete(`/webhooks/${bobs.id}`)).status).toBe(404);
    // Alice made the channel, so she is its admin.
    expect((await alice.delete(`/webhooks/${bobs.id}`)).status).toBe(204);
    expect((await alice.delete(`/webhooks/${bobs.id}`)).status).toBe(404);

    const admins = (await owner.get('/admin/webhooks')).body.webhooks as {
      name: string;
      channelName: string;
    }[];
    expect(admins.find((w) => w.name === 'CI')).toMatchObject({ channelName: 'deploys' });
    expect((await bob.get('/admin/webhooks')).status).toBe(403);
    const ci = admins.find((w) => w.name === 'CI') as unknown as { id: string };
    expect((await owner.delete(`/webhooks/${ci.id}`)).status).toBe(204);
    const log = (await owner.get('/admin/audit')).body.entries as { action: string; detail: any }[];
    expect(log.find((e) => e.action === 'webhook_added')?.detail).toMatchObject({ channel: 'deploys' });
    expect(log.find((e) => e.action === 'webhook_removed')?.detail).toEqual({ name: 'CI' });
  });

  it("counts its messages as unread for its adder, as anyone else's, and as mentions of them", async () => {
    const room = (await alice.post('/channels', { name: 'alerts', kind: 'public' })).body.channel.id;
    const { url } = (await add(alice, 'Pager', room)).body;
    await post(url, { text: 'Disk full on db-1, @alice' });
    const channel = (await alice.get(`/channels/${room}`)).body.channel;
    expect(channel.membership).toMatchObject({ unread: 1, mentions: 1 });
    const mentions = (await alice.get('/mentions')).body.messages as { body: string }[];
    expect(mentions.map((m) => m.body)).toContain('Disk full on db-1, @alice');
  });

  it('takes a new URL, after which the old one stops', async () => {
    const { webhook, url } = (await add(alice, 'Leaky')).body;
    const other = await signUp(server.url, 'fay');
    await alice.post(`/channels/${channelId}/members`, { userId: other.user.id });
    expect((await other.post(`/webhooks/${webhook.id}/url`)).status).toBe(403);
    const renewed = await alice.post(`/webhooks/${webhook.id}/url`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.webhook.id).toBe(webhook.id);
    expect(renewed.body.url).not.toBe(url);
    expect((await post(url, { text: 'with the old URL' })).status).toBe(404);
    expect((await post(renewed.body.url, { text: 'with the new URL' })).status).toBe(200);
    const log = (await owner.get('/admin/audit')).body.entries as { action: string; detail: unknown }[];
    expect(log.find((e) => e.action === 'webhook_url_renewed')?.detail).toEqual({ name: 'Leaky' });
  });

  it('keeps a webhook message from being edited, while its adder may delete it', async () => {
    const { url } = (await add(alice, 'Edits')).body;
    const { messageId } = (await post(url, { text: 'do not touch' })).body;
    const edit = await alice.patch(`/messages/${messageId}`, { body: 'touched' });
    expect([edit.status, edit.body.error.code]).toEqual([403, 'forbidden']);
    expect((await alice.delete(`/messages/${messageId}`)).status).toBe(200);
  });

  it('holds at most 25 a channel', async () => {
    const room = (await alice.post('/channels', { name: 'busy', kind: 'public' })).body.channel.id;
    for (let i = 0; i < 25; i++) expect((await add(alice, `Hook ${i}`, room)).status).toBe(201);
    const over = await add(alice, 'One more', room);
    expect([over.status, over.body.error.code]).toEqual([409, 'too_many_webhooks']);
    await alice.post(`/channels/${room}/messages`, { clientId: clientId(), body: 'still fine' });
  });
});

describe('Incoming webhooks under rate limits', () => {
  let server: TestServer;
  afterAll(() => server.stop());

  it('answers 429 past about one a second, per webhook', async () => {
    server = await startServer({ RATE_LIMITS: 'on' });
    const alice = await signUp(server.url, 'alice');
    const channel = (await alice.post('/channels', { name: 'noisy', kind: 'public' })).body.channel.id;
    const first = (await alice.post(`/channels/${channel}/webhooks`, { name: 'Noisy' })).body.url;
    const second = (await alice.post(`/channels/${channel}/webhooks`, { name: 'Quiet' })).body.url;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await post(first, { text: `n${i}` })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await post(second, { text: 'mine' })).status).toBe(200);
  });
});

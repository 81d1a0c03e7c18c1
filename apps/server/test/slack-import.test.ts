import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { slackExport } from './support/slack-export.js';
import { startServer, type TestServer } from './support/server.js';

type Msg = {
  id: string;
  body: string;
  authorId: string;
  createdAt: string;
  editedAt: string | null;
  threadRootId: string | null;
  alsoInChannel: boolean;
  replyCount: number;
  reactions: { emoji: string; count: number }[];
  via?: { name: string };
};

async function upload(server: TestServer, client: ApiClient, bytes: Uint8Array, name = 'export.zip') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${server.url}/api/v1/admin/import/slack`, {
    method: 'POST',
    headers: { cookie: client.cookie, 'x-parley-csrf': '1' },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe.each(await backendsToTest())('Slack import on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let bob: ApiClient;
  const names = { bob: 'bob', channel: 'launch', secret: 'secret-plans' };
  const exported = () => slackExport(names);

  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'owner');
    bob = await signUp(server.url, 'bob');
  });
  afterAll(() => server.stop());

  it('brings in people, channels, messages, threads and reactions at their own times', async () => {
    const socket = bob.socket();
    await connected(socket);
    const arrives = nextEvent(socket, 'channel:updated', (e) => e.channel?.name === 'launch');
    const res = await upload(server, owner, exported());
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatchObject({
      peopleCreated: 2,
      peopleMatched: 1,
      channels: [
        { name: 'general-slack', from: 'general', messages: 1 },
        { name: 'launch', from: 'launch', messages: 6 },
        { name: 'secret-plans', from: 'secret-plans', messages: 1 },
      ],
      skipped: [],
      messages: 8,
      messagesSkipped: 2,
    });
    // Bob, matched by username, sees the channel arrive live, its history read.
    const { channel } = await arrives;
    socket.close();
    expect(channel).toMatchObject({ kind: 'public', topic: 'Shipping the launch' });
    expect(channel.membership).toMatchObject({ unread: 0 });

    const users = (await owner.get('/users?q=cara')).body.users as { id: string; username: string }[];
    const cara = users.find((u) => u.username === 'cara.lee')!;
    expect(cara).toBeDefined();
    const history = (await bob.get(`/channels/${channel.id}/messages?limit=50`)).body.messages as Msg[];
    expect(history.map((m) => m.body)).toEqual([
      'Hello @bob, see #general-slack and **this**',
      'Ready & waiting',
      'also to the channel',
      'Deployed v1',
      'the plan\n📎 Launch plan',
    ]);
    const [hello, ready, broadcast, deployed, plan] = history as [Msg, Msg, Msg, Msg, Msg];
    expect(hello).toMatchObject({ authorId: cara.id, createdAt: '2023-11-14T22:13:20.000Z' });
    expect(ready).toMatchObject({ authorId: bob.user.id, replyCount: 2 });
    expect(ready.reactions).toEqual([
      { emoji: '👍', count: 2, userIds: expect.any(Array) },
      { emoji: '👋', count: 1, userIds: [cara.id] },
    ]);
    expect(broadcast).toMatchObject({ threadRootId: ready.id, alsoInChannel: true });
    expect(deployed.via).toEqual({ name: 'Deploy Bot' });
    expect(deployed.authorId).toBe(owner.user.id);
    expect(plan.editedAt).toBe('2023-11-14T22:20:00.000Z');
    const thread = (await bob.get(`/messages/${ready.id}/thread`)).body.messages as Msg[];
    expect(thread.map((m) => m.body)).toEqual(['first reply', 'also to the channel']);

    // The private channel is its members' alone; a deleted Slack account comes in deactivated.
    const secret = res.body.summary.channels[2];
    const joined = (await bob.get('/channels')).body.channels.map((c: { name: string }) => c.name);
    expect(joined).toEqual(expect.arrayContaining(['launch', 'general-slack']));
    expect(joined).not.toContain(secret.name);
    const dan = (await owner.get('/admin/users?q=dan')).body.users.find(
      (u: { username: string }) => u.username === 'dan',
    );
    expect(dan).toMatchObject({ status: 'deactivated' });
    // Imported people have no password until an admin gives them a reset link.
    const login = await new ApiClient(server.url).post('/auth/login', {
      username: 'cara.lee',
      password: 'correct horse battery',
    });
    expect(login.status).toBe(401);
    const log = (await owner.get('/admin/audit')).body.entries as { action: string; detail: unknown }[];
    expect(log.find((e) => e.action === 'slack_imported')?.detail).toEqual({
      channels: 3,
      messages: 8,
      people: 2,
    });
  });

  it('adds nothing when the same export is imported again', async () => {
    const before = (await owner.get('/admin/users?limit=200')).body.users.length;
    const res = await upload(server, owner, exported());
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatchObject({ peopleCreated: 0, channels: [], messages: 0 });
    expect(res.body.summary.skipped.map((s: { name: string }) => s.name)).toEqual([
      'general',
      'launch',
      'secret-plans',
    ]);
    expect((await owner.get('/admin/users?limit=200')).body.users.length).toBe(before);
  });

  it('refuses what is not a Slack export, and anyone but an admin, changing nothing', async () => {
    const channelsBefore = (await owner.get('/channels?scope=browse')).body.channels.length;
    const bad: [Uint8Array, string][] = [
      [strToU8('not a zip at all'), 'That file is not a .zip archive.'],
      [zipSync({ 'readme.txt': strToU8('hi') }), 'Not a Slack export: it has no users.json.'],
      [
        zipSync({ 'users.json': strToU8('{"not":"a list"}') }),
        'Not a Slack export: users.json has another shape.',
      ],
      [
        zipSync({ 'users.json': strToU8('[{"id":"U1","name":"a\\u0000b"}]') }),
        'Not a Slack export: users.json has another shape.',
      ],
      [
        zipSync({ 'users.json': strToU8('[]'), 'channels.json': strToU8('[{') }),
        'Not a Slack export: channels.json is not JSON.',
      ],
    ];
    for (const [bytes, message] of bad) {
      const res = await upload(server, owner, bytes);
      expect([res.status, res.body.error.code, res.body.error.message]).toEqual([
        400,
        'validation_failed',
        message,
      ]);
    }
    expect((await upload(server, bob, exported())).status).toBe(403);
    expect((await upload(server, new ApiClient(server.url), exported())).status).toBe(401);
    expect((await owner.get('/channels?scope=browse')).body.channels.length).toBe(channelsBefore);
  });
});

describe('Slack import limits', () => {
  let server: TestServer;
  afterAll(() => server.stop());

  it('refuses an export larger than MAX_UPLOAD_MB with 413', async () => {
    server = await startServer({ MAX_UPLOAD_MB: '1' });
    const owner = await signUp(server.url, 'owner');
    const big = zipSync(
      {
        'users.json': strToU8('[]'),
        'pad.bin': crypto.getRandomValues(new Uint8Array(60_000)).map((b) => b),
      },
      { level: 0 },
    );
    const padded = new Uint8Array(1_200_000);
    padded.set(big);
    expect((await upload(server, owner, padded)).status).toBe(413);
  });
});

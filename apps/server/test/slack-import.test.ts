import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, connected, nextEvent, signUp, waitFor } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { largeSlackExport, slackExport } from './support/slack-export.js';
import { createTestDatabase, postgresAvailable } from './support/services.js';
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

/** Starts an import and waits for it to end: its job as GET /admin/imports/:id last answered. */
async function imported(server: TestServer, client: ApiClient, bytes: Uint8Array) {
  const started = await upload(server, client, bytes);
  expect(started.status).toBe(202);
  expect(started.body.import).toMatchObject({ state: 'running', summary: { messages: 0 } });
  let job = started.body.import;
  await waitFor(async () => {
    job = (await client.get(`/admin/imports/${job.id}`)).body.import;
    return job.state !== 'running';
  }, 30_000);
  return job;
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
    const job = await imported(server, owner, exported());
    expect(job).toMatchObject({ state: 'done', error: null, finishedAt: expect.any(String) });
    expect(job.summary).toMatchObject({
      channelsTotal: 3,
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
    // Slack says what was pinned, not by whom: the importer pinned it.
    const pins = (await bob.get(`/channels/${channel.id}/pins`)).body.messages as (Msg & {
      pinnedBy: string;
    })[];
    expect(pins.map((m) => [m.id, m.pinnedBy])).toEqual([[plan.id, owner.user.id]]);
    const thread = (await bob.get(`/messages/${ready.id}/thread`)).body.messages as Msg[];
    expect(thread.map((m) => m.body)).toEqual(['first reply', 'also to the channel']);

    // The private channel is its members' alone; a deleted Slack account comes in deactivated.
    const secret = job.summary.channels[2];
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

  it('makes a sign-in link for each imported person with no password yet, and none once they set one', async () => {
    const made = await owner.post('/admin/import/slack/links');
    expect(made.status).toBe(201);
    // Bob had an account; Dan was deleted in Slack, so his stays deactivated.
    expect(made.body.links.map((l: { username: string }) => l.username)).toEqual(['cara.lee']);
    const token = made.body.links[0].path.split('/').pop();
    const cara = new ApiClient(server.url);
    expect((await cara.post(`/auth/reset/${token}`, { password: 'a new password of cara' })).status).toBe(
      204,
    );
    const login = await cara.post('/auth/login', {
      username: 'cara.lee',
      password: 'a new password of cara',
    });
    expect(login.status).toBe(200);
    expect((await owner.post('/admin/import/slack/links')).body.links).toEqual([]);
    expect((await bob.post('/admin/import/slack/links')).status).toBe(403);
  });

  it('adds nothing when the same export is imported again', async () => {
    const before = (await owner.get('/admin/users?limit=200')).body.users.length;
    const job = await imported(server, owner, exported());
    expect(job.summary).toMatchObject({ peopleCreated: 0, channels: [], messages: 0 });
    expect(job.summary.skipped.map((s: { name: string }) => s.name)).toEqual([
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
    expect((await bob.get(`/admin/imports/${crypto.randomUUID()}`)).status).toBe(403);
    expect((await owner.get(`/admin/imports/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await upload(server, new ApiClient(server.url), exported())).status).toBe(401);
    expect((await owner.get('/channels?scope=browse')).body.channels.length).toBe(channelsBefore);
  });
});

describe.each(await backendsToTest())('Slack imports in the background on %s', (backend) => {
  let server: TestServer;
  afterAll(() => server.stop());

  it('runs one at a time and reports its progress as it goes', async () => {
    server = await startServer({}, backend);
    const owner = await signUp(server.url, 'owner');
    const started = await upload(server, owner, largeSlackExport(6, 400));
    expect(started.status).toBe(202);
    const second = await upload(server, owner, slackExport({ bob: 'x', channel: 'y', secret: 'z' }));
    expect([second.status, second.body.error?.code]).toEqual([409, 'conflict']);
    const seen = new Set<number>();
    let job = started.body.import;
    await waitFor(async () => {
      job = (await owner.get(`/admin/imports/${job.id}`)).body.import;
      seen.add(job.summary.channels.length);
      return job.state !== 'running';
    }, 60_000);
    expect(job.summary).toMatchObject({ channelsTotal: 6, messages: 2400 });
    expect(Math.max(...seen)).toBe(6);
  }, 90_000);
});

describe.runIf(await postgresAvailable())('A Slack import cut short', () => {
  it('is interrupted when its server stops, and importing again finishes it', async () => {
    const db = await createTestDatabase();
    const first = await startServer({}, 'postgres', { databaseUrl: db.url });
    const owner = await signUp(first.url, 'owner');
    const zip = largeSlackExport(8, 300);
    const started = await upload(first, owner, zip);
    await waitFor(
      async () =>
        (await owner.get(`/admin/imports/${started.body.import.id}`)).body.import.summary.channels.length > 0,
      30_000,
    );
    await first.stop();

    const second = await startServer({}, 'postgres', { databaseUrl: db.url });
    const again = new ApiClient(second.url);
    await again.post('/auth/login', { username: 'owner', password: 'correct horse battery' });
    const cut = (await again.get(`/admin/imports/${started.body.import.id}`)).body.import;
    expect(cut.state).toBe('interrupted');
    expect(cut.summary.channels.length).toBeLessThan(8);
    const job = await imported(second, again, zip);
    expect(job.summary.channels.length + job.summary.skipped.length).toBe(8);
    expect(job.summary.skipped.length).toBe(cut.summary.channels.length);
    const rooms = (await again.get('/channels?scope=browse')).body.channels as {
      name: string;
      lastSeq: number;
    }[];
    expect(rooms.filter((r) => r.name.startsWith('room-')).map((r) => r.lastSeq)).toEqual(Array(8).fill(300));
    await second.stop();
    await db.drop();
  }, 120_000);
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

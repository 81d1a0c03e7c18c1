import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())("Bots' slash commands on %s", (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let alice: ApiClient;
  let carol: ApiClient;
  let channelId: string;
  let token: string;
  let botId: string;

  async function asBot(method: string, path: string, body?: unknown, key = token) {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  }
  const run = (client: ApiClient, name: string, text: string, channel = channelId) =>
    client.post(`/channels/${channel}/commands/${name}`, { text });
  const listen = () => {
    const socket: Socket = io(server.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    return socket;
  };

  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'owner');
    alice = await signUp(server.url, 'alice');
    carol = await signUp(server.url, 'carol');
    channelId = (await alice.post('/channels', { name: 'deploys', kind: 'private' })).body.channel.id;
    const made = (await owner.post('/admin/bots', { username: 'shipit', displayName: 'Ship It' })).body;
    token = made.token;
    botId = made.bot.id;
    await alice.post(`/channels/${channelId}/members`, { userId: botId });
  });
  afterAll(() => server.stop());

  it('a bot registers its commands; members of its channels see them and run them, and its socket hears each once', async () => {
    const set = await asBot('PUT', '/bots/me/commands', {
      commands: [
        { name: 'deploy', description: 'Deploys a branch', args: '[branch]' },
        { name: 'status', description: 'Says what is deployed' },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.commands.map((c: { name: string }) => c.name)).toEqual(['deploy', 'status']);
    const listed = await alice.get(`/channels/${channelId}/commands`);
    expect(listed.body.commands[0]).toEqual({
      name: 'deploy',
      description: 'Deploys a branch',
      args: '[branch]',
      botId,
    });
    // Carol is not in the channel: she cannot tell it exists.
    expect((await carol.get(`/channels/${channelId}/commands`)).status).toBe(404);
    expect((await run(carol, 'deploy', 'main')).status).toBe(404);

    const socket = listen();
    await connected(socket);
    const heard: unknown[] = [];
    socket.on('command:invoked', (e: unknown, ack: () => void) => {
      heard.push(e);
      ack();
    });
    const ran = await run(alice, 'deploy', 'main to staging');
    expect(ran).toMatchObject({ status: 202, body: { botId } });
    expect(heard).toEqual([{ command: 'deploy', text: 'main to staging', channelId, userId: alice.user.id }]);
    socket.close();
  });

  it('a command run in a thread names it, so the bot answers there; a thread of another channel is refused', async () => {
    const root = (
      await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'Release?' })
    ).body.message.id;
    const socket = listen();
    await connected(socket);
    const heard = new Promise<{ threadRootId?: string }>((resolve) =>
      socket.on('command:invoked', (e: { threadRootId?: string }, ack: () => void) => {
        ack();
        resolve(e);
      }),
    );
    expect(
      (await alice.post(`/channels/${channelId}/commands/deploy`, { text: '', threadRootId: root })).status,
    ).toBe(202);
    expect(await heard).toMatchObject({ command: 'deploy', threadRootId: root, userId: alice.user.id });
    const other = (await alice.post('/channels', { name: 'other-place', kind: 'private' })).body.channel.id;
    const elsewhere = (await alice.post(`/channels/${other}/messages`, { clientId: clientId(), body: 'x' }))
      .body.message.id;
    const refused = await alice.post(`/channels/${channelId}/commands/deploy`, {
      text: '',
      threadRootId: elsewhere,
    });
    expect(refused).toMatchObject({ status: 404, body: { error: { code: 'message_not_found' } } });
    expect(
      (await alice.post(`/channels/${channelId}/commands/deploy`, { text: '', threadRootId: 'x' })).status,
    ).toBe(400);
    socket.close();
  });

  it('refuses a command no bot here answers, a bot that is not connected, and one whose socket does not ack', async () => {
    expect((await run(alice, 'unknown', '')).status).toBe(404);
    const offline = await run(alice, 'status', '');
    expect(offline.status).toBe(409);
    expect(offline.body.error.message).toContain('Ship It is not connected');

    const silent = listen();
    await connected(silent);
    silent.on('command:invoked', () => {});
    const started = Date.now();
    expect((await run(alice, 'status', '')).status).toBe(409);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    silent.close();
  });

  it('refuses bad registrations and bad runs with a code, changing nothing', async () => {
    const before = (await alice.get(`/channels/${channelId}/commands`)).body.commands;
    for (const commands of [
      [{ name: 'invite', description: 'Taken by Parley' }],
      [{ name: 'Deploy', description: 'Capital' }],
      [{ name: 'de-ploy', description: 'Dash' }],
      [{ name: 'x'.repeat(33), description: 'Long' }],
      [{ name: 'nul', description: 'a\u0000b' }],
      [{ name: 'lone', description: 'bad \ud800' }],
      [{ name: 'extra', description: 'Extra', url: 'http://x' }],
      [
        { name: 'twice', description: 'A' },
        { name: 'twice', description: 'B' },
      ],
      Array.from({ length: 26 }, (_, i) => ({
        name: `c${'abcdefghijklmnopqrstuvwxyz'[i]}`,
        description: 'Many',
      })),
    ])
      expect(
        (await asBot('PUT', '/bots/me/commands', { commands })).status,
        JSON.stringify(commands[0]),
      ).toBe(400);
    expect((await alice.request('PUT', '/bots/me/commands', { commands: [] })).status).toBe(403);
    expect((await asBot('PUT', '/bots/me/commands', { commands: [] }, 'parley_bot_nope')).status).toBe(401);
    expect((await alice.get(`/channels/${channelId}/commands`)).body.commands).toEqual(before);
    for (const body of [{}, { text: 'a\u0000b' }, { text: 'x'.repeat(4001) }, { text: 'ok', extra: 1 }])
      expect((await alice.post(`/channels/${channelId}/commands/status`, body)).status).toBe(400);
    expect((await alice.post(`/channels/${channelId}/commands/Bad-Name`, { text: '' })).status).toBe(400);
  });

  it('a bot answers one member: only their tabs hear it, and nothing is kept', async () => {
    const ephemeral = (body: unknown) => asBot('POST', `/channels/${channelId}/ephemeral`, body);
    // Carol is not in the channel yet: no answer reaches her there.
    expect((await ephemeral({ userId: carol.user.id, text: 'hi' })).status).toBe(404);
    await alice.post(`/channels/${channelId}/members`, { userId: carol.user.id });
    const before = (await alice.get('/sync')).body.cursor;
    const [aliceTab, carolTab] = [alice.socket(), carol.socket()];
    await Promise.all([connected(aliceTab), connected(carolTab)]);
    const heardByCarol: { body: string }[] = [];
    carolTab.on('message:ephemeral', (e) => heardByCarol.push(e));
    const toAlice = nextEvent(aliceTab, 'message:ephemeral');
    const sent = await ephemeral({ userId: alice.user.id, text: 'Deploying `main`… only you see this' });
    expect(sent.status).toBe(202);
    expect(await toAlice).toEqual({
      id: sent.body.id,
      channelId,
      authorId: botId,
      body: 'Deploying `main`… only you see this',
      createdAt: expect.any(String),
    });
    // Carol's own answer comes after Alice's on the same node: had she heard Alice's, it would be first.
    const toCarol = nextEvent(carolTab, 'message:ephemeral');
    await ephemeral({ userId: carol.user.id, text: 'Yours' });
    await toCarol;
    expect(heardByCarol.map((e) => e.body)).toEqual(['Yours']);
    expect((await alice.get(`/sync?since=${before}`)).body.changes).toEqual([]);
    const history = (await alice.get(`/channels/${channelId}/messages`)).body.messages;
    expect(history.some((m: { body?: string }) => m.body?.includes('only you see'))).toBe(false);
    aliceTab.close();
    carolTab.close();
  });

  it('refuses an answer from a person, with bad input, or into a thread elsewhere, sending nothing', async () => {
    const tab = alice.socket();
    await connected(tab);
    const heard: unknown[] = [];
    tab.on('message:ephemeral', (e) => heard.push(e));
    const userId = alice.user.id;
    for (const body of [
      {},
      { userId, text: '' },
      { userId, text: 'a\u0000b' },
      { userId, text: 'lone \ud800' },
      { userId, text: 'x'.repeat(16_001) },
      { userId, text: 'ok', extra: 1 },
      { userId: 'not-an-id', text: 'ok' },
      { userId, text: 'ok', threadRootId: 'nope' },
    ])
      expect(
        (await asBot('POST', `/channels/${channelId}/ephemeral`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    const elsewhere = (await alice.post('/channels', { name: 'elsewhere', kind: 'public' })).body.channel.id;
    const root = (await alice.post(`/channels/${elsewhere}/messages`, { clientId: clientId(), body: 'root' }))
      .body.message.id;
    expect(
      (await asBot('POST', `/channels/${channelId}/ephemeral`, { userId, text: 'ok', threadRootId: root }))
        .status,
    ).toBe(404);
    expect((await alice.post(`/channels/${channelId}/ephemeral`, { userId, text: 'ok' })).status).toBe(403);
    // A public channel the bot is not in: it may see it, not write in it.
    expect((await asBot('POST', `/channels/${elsewhere}/ephemeral`, { userId, text: 'ok' })).status).toBe(
      403,
    );
    // A round trip on the same socket: anything sent above would have arrived before its answer.
    await new Promise((resolve) => tab.emit('typing:start', { channelId }, resolve));
    expect(heard).toEqual([]);
    tab.close();
  });

  it("a removed bot's commands leave its channels", async () => {
    await owner.delete(`/admin/bots/${botId}`);
    expect((await alice.get(`/channels/${channelId}/commands`)).body.commands).toEqual([]);
    expect((await run(alice, 'deploy', 'main')).status).toBe(404);
  });
});

import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp, waitFor } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

type Received = { body: any; raw: string; headers: http.IncomingHttpHeaders };

/** A bot beside Parley: records each call, and answers with `reply(call)` as JSON when it gives one. */
function startBot(reply: (call: any) => object | undefined) {
  const calls: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw);
      calls.push({ body, raw, headers: req.headers });
      const answer = reply(body);
      if (!answer) return res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  return new Promise<{ url: string; calls: Received[]; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        calls,
        close: () => server.close(),
      }),
    ),
  );
}

describe.each(await backendsToTest())('outgoing webhooks on %s', (backend) => {
  let server: TestServer;
  let bot: Awaited<ReturnType<typeof startBot>>;
  let owner: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    bot = await startBot((call) =>
      call.triggerWord === 'deploy'
        ? { text: `Deploying ${call.text.split(' ')[1]} for @${call.userName}` }
        : undefined,
    );
    server = await startServer({ RATE_LIMITS: 'off', OUTGOING_WEBHOOK_PRIVATE_HOSTS: '127.0.0.1' }, backend);
    owner = await signUp(server.url, 'owner');
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    channelId = (await alice.post('/channels', { name: 'ops', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(async () => {
    await server.stop();
    bot.close();
  });

  const send = (who: ApiClient, body: string) =>
    who.post(`/channels/${channelId}/messages`, { clientId: clientId(), body });

  it('lets only a channel admin add one, refuses bad input, and shows the secret once', async () => {
    const body = { name: 'Deployer', url: bot.url, triggerWords: ['Deploy', 'deploy'] };
    expect((await bob.post(`/channels/${channelId}/outgoing-webhooks`, body)).status).toBe(403);
    expect((await owner.post(`/channels/${channelId}/outgoing-webhooks`, body)).status).toBe(404);
    for (const bad of [
      { ...body, url: 'ftp://x/y' },
      { ...body, url: 'http://user@host/' },
      { ...body, url: 'x'.repeat(3000) },
      { ...body, triggerWords: ['two words'] },
      { ...body, triggerWords: Array(11).fill('w') },
      { ...body, name: 'a\u0000b' },
      { ...body, name: '\ud800' },
      { ...body, extra: 1 },
    ]) {
      const res = await alice.post(`/channels/${channelId}/outgoing-webhooks`, bad);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await alice.get(`/channels/${channelId}/outgoing-webhooks`)).body.webhooks).toEqual([]);
    const created = await alice.post(`/channels/${channelId}/outgoing-webhooks`, body);
    expect(created.status).toBe(201);
    expect(created.body.webhook).toMatchObject({
      name: 'Deployer',
      triggerWords: ['deploy'],
      lastResult: null,
    });
    expect(created.body.secret).toMatch(/^[\w-]{43}$/);
    const listed = (await bob.get(`/channels/${channelId}/outgoing-webhooks`)).body.webhooks;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.body.secret);
  });

  it('calls the URL signed for a trigger word, and posts its answer live under the webhook’s name', async () => {
    const [hook] = (await alice.get(`/channels/${channelId}/outgoing-webhooks`)).body.webhooks;
    const before = bot.calls.length;
    await send(bob, 'no trigger here');
    const socket = bob.socket({ transports: ['websocket'] });
    await connected(socket);
    const answered = nextEvent(socket, 'message:created', (e) => e.message.via?.webhookId === hook.id);
    const sent = (await send(bob, 'deploy api')).body.message;
    const { message } = await answered;
    socket.close();
    expect(message).toMatchObject({
      body: `Deploying api for @${bob.user.username}`,
      authorId: alice.user.id,
    });
    expect(message.via).toEqual({ webhookId: hook.id, name: 'Deployer' });
    expect(bot.calls.length).toBe(before + 1);
    const call = bot.calls.at(-1)!;
    expect(call.body).toEqual({
      webhookId: hook.id,
      channelId,
      channelName: 'ops',
      messageId: sent.id,
      userId: bob.user.id,
      userName: bob.user.username,
      text: 'deploy api',
      triggerWord: 'deploy',
      createdAt: sent.createdAt,
    });
    expect(call.headers['x-parley-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    await waitFor(
      async () =>
        (await bob.get(`/channels/${channelId}/outgoing-webhooks`)).body.webhooks[0].lastResult === 'ok',
    );
    // Its own answer called nothing: two integrations never answer each other forever.
    await new Promise((r) => setTimeout(r, 300));
    expect(bot.calls.length).toBe(before + 1);
  });

  it('signs with the secret shown at creation', async () => {
    const made = (await alice.post(`/channels/${channelId}/outgoing-webhooks`, { name: 'All', url: bot.url }))
      .body;
    const before = bot.calls.length;
    await send(bob, 'anything at all');
    await waitFor(async () => bot.calls.length > before);
    const call = bot.calls.find((c) => c.body.webhookId === made.webhook.id)!;
    const timestamp = call.headers['x-parley-timestamp'] as string;
    expect(call.headers['x-parley-signature']).toBe(
      `v1=${createHmac('sha256', made.secret).update(`v1:${timestamp}:${call.raw}`).digest('hex')}`,
    );
    expect(call.body.triggerWord).toBeNull();
    await alice.delete(`/outgoing-webhooks/${made.webhook.id}`);
  });

  it('stops when removed, lets only its adder or a channel admin remove it, and never calls a private address not listed', async () => {
    const [hook] = (await alice.get(`/channels/${channelId}/outgoing-webhooks`)).body.webhooks;
    expect((await bob.delete(`/outgoing-webhooks/${hook.id}`)).status).toBe(403);
    expect((await alice.delete(`/outgoing-webhooks/${hook.id}`)).status).toBe(204);
    const before = bot.calls.length;
    await send(bob, 'deploy web');
    await new Promise((r) => setTimeout(r, 300));
    expect(bot.calls.length).toBe(before);

    const inner = (
      await alice.post(`/channels/${channelId}/outgoing-webhooks`, {
        name: 'Inner',
        url: 'http://10.0.0.1/hook',
      })
    ).body.webhook;
    await send(bob, 'hello inner');
    await waitFor(
      async () =>
        (await alice.get(`/channels/${channelId}/outgoing-webhooks`)).body.webhooks.find(
          (w: any) => w.id === inner.id,
        ).lastResult === 'refused: private address',
    );
  });

  it('stops calling once its adder leaves the channel: access taken away stops what they set up', async () => {
    const room = (await alice.post('/channels', { name: 'leaving', kind: 'public' })).body.channel.id;
    await bob.post(`/channels/${room}/join`);
    const hook = (await alice.post(`/channels/${room}/outgoing-webhooks`, { name: 'All', url: bot.url })).body
      .webhook;
    const calls = () => bot.calls.filter((c) => c.body.webhookId === hook.id).length;
    await bob.post(`/channels/${room}/messages`, { clientId: clientId(), body: 'first' });
    await waitFor(async () => calls() === 1);
    expect((await alice.post(`/channels/${room}/leave`)).status).toBeLessThan(300);
    await bob.post(`/channels/${room}/messages`, { clientId: clientId(), body: 'after alice left' });
    await waitFor(async () =>
      /^stopped/.test(
        (await bob.get(`/channels/${room}/outgoing-webhooks`)).body.webhooks[0].lastResult ?? '',
      ),
    );
    expect(calls()).toBe(1);
  });

  it('refuses DMs and encrypted channels', async () => {
    const dm = (await alice.post('/dms', { userId: bob.user.id })).body.channel.id;
    expect((await alice.post(`/channels/${dm}/outgoing-webhooks`, { name: 'x', url: bot.url })).status).toBe(
      403,
    );
    const sealed = (await alice.post('/channels', { name: 'sealed', kind: 'private', encrypted: true })).body
      .channel.id;
    expect(
      (await alice.post(`/channels/${sealed}/outgoing-webhooks`, { name: 'x', url: bot.url })).status,
    ).toBe(403);
  });
});

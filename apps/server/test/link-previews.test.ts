import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp, waitFor } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A small site on 127.0.0.1: pages with Open Graph tags, a picture, and things no preview should take. */
function startSite() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const page = (head: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head>${head}</head><body>hello</body></html>`);
    };
    if (req.url === '/launch')
      return page(
        '<title>ignored</title><meta property="og:title" content="Launch &amp; plan">' +
          '<meta property="og:description" content="What ships on Friday."><meta property="og:site_name" content="Docs">' +
          '<meta property="og:image" content="/pic.png">',
      );
    if (req.url === '/plain') return page('<title>Just a title</title>');
    if (req.url === '/pic.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    if (req.url === '/svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    }
    res.writeHead(404).end();
  });
  return new Promise<{ base: string; hits: string[]; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        hits,
        close: () => server.close(),
      }),
    ),
  );
}

describe.each(await backendsToTest())('link previews on %s', (backend) => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let server: TestServer;
  let closed: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    site = await startSite();
    server = await startServer({ RATE_LIMITS: 'off', LINK_PREVIEW_PRIVATE_HOSTS: '127.0.0.1' }, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    eve = await signUp(server.url, 'eve');
    channelId = (await alice.post('/channels', { name: 'links', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(async () => {
    await server.stop();
    await closed?.stop();
    site.close();
  });

  const send = async (author: ApiClient, body: string, channel = channelId) =>
    (await author.post(`/channels/${channel}/messages`, { clientId: clientId(), body })).body.message;
  const current = async (id: string) => (await bob.get(`/messages/${id}`)).body.message;
  const previewed = (id: string) =>
    waitFor(async () => (await current(id)).previews !== undefined).then(() => current(id));

  it('adds the previews live to every member and to the sync feed, with the picture only through the server', async () => {
    const since = (await bob.get('/sync')).body.cursor;
    const socket = bob.socket({ transports: ['websocket'] });
    await connected(socket);
    const live = nextEvent(socket, 'message:updated', (e) => !!e.message.previews);
    const sent = await send(alice, `see ${site.base}/launch and ${site.base}/plain.`);
    expect(sent.previews).toBeUndefined();
    const { message } = await live;
    socket.close();
    expect(message.editedAt).toBeNull();
    expect(message.previews).toEqual([
      {
        url: `${site.base}/launch`,
        title: 'Launch & plan',
        description: 'What ships on Friday.',
        siteName: 'Docs',
        imageUrl: expect.stringMatching(/^\/previews\/image\?u=.+&s=[\w-]{43}$/),
      },
      {
        url: `${site.base}/plain`,
        title: 'Just a title',
        description: null,
        siteName: '127.0.0.1',
        imageUrl: null,
      },
    ]);
    const replay = (await bob.get(`/sync?since=${since}`)).body.changes.filter(
      (c: any) => c.type === 'message:updated' && c.payload.message.id === sent.id,
    );
    expect(replay.at(-1).payload.message.previews).toHaveLength(2);
    expect((await bob.get(`/channels/${channelId}/messages`)).body.messages.at(-1).previews).toHaveLength(2);

    const picture = await fetch(`${server.url}/api/v1${message.previews[0].imageUrl}`, {
      headers: { cookie: bob.cookie },
    });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(PNG);
    // Signed in only, and only addresses the server signed.
    expect((await fetch(`${server.url}/api/v1${message.previews[0].imageUrl}`)).status).toBe(401);
    const forged = message.previews[0].imageUrl.replace(
      /u=[^&]+/,
      `u=${encodeURIComponent(`${site.base}/svg`)}`,
    );
    expect((await bob.get(forged)).status).toBe(404);
  });

  it('refuses bad picture queries with a clear error and nothing fetched', async () => {
    const before = site.hits.length;
    for (const query of [
      '',
      '?u=x',
      '?u=http%3A%2F%2Fa&s=short',
      `?u=%00&s=${'a'.repeat(43)}`,
      `?u=%ED%A0%80&s=${'a'.repeat(43)}`,
      `?u=${'a'.repeat(3000)}&s=${'a'.repeat(43)}`,
      `?u=a&s=${'a'.repeat(43)}&extra=1`,
    ]) {
      const res = await bob.get(`/previews/image${query}`);
      expect([400, 404], query).toContain(res.status);
      expect(res.body.error.code).toMatch(/validation_failed|not_found/);
    }
    expect(site.hits.length).toBe(before);
  });

  it('follows edits, keeps a removal by the author through later edits, and lets no one else remove', async () => {
    const sent = await send(alice, `${site.base}/plain`);
    expect((await previewed(sent.id)).previews.map((p: any) => p.url)).toEqual([`${site.base}/plain`]);
    await alice.patch(`/messages/${sent.id}`, { body: `now ${site.base}/launch` });
    await waitFor(async () => (await current(sent.id)).previews?.[0]?.url === `${site.base}/launch`);

    expect((await bob.delete(`/messages/${sent.id}/previews`)).status).toBe(403);
    expect((await eve.delete(`/messages/${sent.id}/previews`)).status).toBe(404);
    expect((await alice.delete(`/messages/${sent.id}/previews`)).status).toBe(204);
    expect((await current(sent.id)).previews).toBeUndefined();
    await alice.patch(`/messages/${sent.id}`, { body: `and ${site.base}/plain` });
    await new Promise((r) => setTimeout(r, 300));
    expect((await current(sent.id)).previews).toBeUndefined();
  });

  it('previews nothing from private addresses not listed, nor links in code', async () => {
    const before = site.hits.length;
    const local = await send(alice, 'http://localhost:1/x and http://10.0.0.1/y');
    const code = await send(alice, `\`${site.base}/plain\` and\n\`\`\`\n${site.base}/launch\n\`\`\``);
    await new Promise((r) => setTimeout(r, 500));
    expect((await current(local.id)).previews).toBeUndefined();
    expect((await current(code.id)).previews).toBeUndefined();
    expect(site.hits.length).toBe(before);
  });

  it('with LINK_PREVIEWS=off, fetches nothing', async () => {
    closed = await startServer(
      { RATE_LIMITS: 'off', LINK_PREVIEWS: 'off', LINK_PREVIEW_PRIVATE_HOSTS: '127.0.0.1' },
      backend,
    );
    const carol = await signUp(closed.url, 'carol');
    const general = (await carol.get('/channels')).body.channels[0].id;
    const before = site.hits.length;
    const sent = await send(carol, `${site.base}/launch`, general);
    await new Promise((r) => setTimeout(r, 500));
    expect((await carol.get(`/messages/${sent.id}`)).body.message.previews).toBeUndefined();
    expect(site.hits.length).toBe(before);
  });
});

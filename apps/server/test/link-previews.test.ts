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
// An ICO holding that PNG: the header, one directory entry, then the picture.
const ICO = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0, PNG.length, 0, 0, 0, 22, 0, 0, 0]),
  PNG,
]);

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
          '<meta property="og:image" content="/pic.png"><link rel="icon" href="/favicon.ico">',
      );
    if (req.url === '/plain') return page('<title>Just a title</title>');
    if (req.url === '/again')
      return page('<title>Again</title><meta property="og:image" content="/again.png">');
    if (req.url === '/fake-icon') return page('<title>Fake icon</title><link rel="icon" href="/fake.ico">');
    if (req.url === '/latin') {
      res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' });
      return res.end(Buffer.from([...Buffer.from('<title>Caf'), 0xe9, ...Buffer.from('</title>')]));
    }
    if (req.url === '/pic.png' || req.url === '/again.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    if (req.url === '/favicon.ico' || req.url === '/fake.ico') {
      res.writeHead(200, { 'content-type': 'image/x-icon' });
      return res.end(req.url === '/favicon.ico' ? ICO : '<html>not an icon</html>');
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
  const picture = (path: string) => fetch(`${server.url}/api/v1${path}`, { headers: { cookie: bob.cookie } });

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
        iconUrl: expect.stringMatching(/^\/previews\/image\?u=.+&s=[\w-]{43}$/),
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

    const image = await picture(message.previews[0].imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    // Signed in only, and only addresses the server signed.
    expect((await fetch(`${server.url}/api/v1${message.previews[0].imageUrl}`)).status).toBe(401);
    const forged = message.previews[0].imageUrl.replace(
      /u=[^&]+/,
      `u=${encodeURIComponent(`${site.base}/svg`)}`,
    );
    expect((await bob.get(forged)).status).toBe(404);
  });

  it('shows the site icon through the server, refusing one that is not an ICO inside', async () => {
    const sent = await send(alice, `${site.base}/launch ${site.base}/fake-icon`);
    const [launch, fake] = (await previewed(sent.id)).previews;
    const icon = await picture(launch.iconUrl);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(icon.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await icon.arrayBuffer())).toEqual(ICO);
    expect((await picture(fake.iconUrl)).status).toBe(404);
  });

  it('reads a page in the charset its Content-Type names', async () => {
    const sent = await send(alice, `${site.base}/latin`);
    expect((await previewed(sent.id)).previews[0].title).toBe('Café');
  });

  it('serves a picture again from memory, with the same answer, without asking the site', async () => {
    const sent = await send(alice, `${site.base}/again`);
    const { imageUrl } = (await previewed(sent.id)).previews[0];
    const fetches = () => site.hits.filter((url) => url === '/again.png').length;
    const first = await picture(imageUrl);
    const second = await picture(imageUrl);
    expect(second.status).toBe(200);
    expect(fetches()).toBe(1);
    const headers = (res: Response) =>
      [
        'content-type',
        'content-disposition',
        'x-content-type-options',
        'content-security-policy',
        'cache-control',
      ].map((name) => res.headers.get(name));
    expect(headers(second)).toEqual(headers(first));
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
    expect(second.headers.get('content-type')).toBe('image/png');
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

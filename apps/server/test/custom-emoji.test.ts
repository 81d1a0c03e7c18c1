import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

describe.each(await backendsToTest())('custom emoji on %s', (backend) => {
  let server: TestServer;
  let dataDir: string;
  let owner: ApiClient;
  let admin: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let guest: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-emoji-'));
    server = await startServer({ RATE_LIMITS: 'off', DATA_DIR: dataDir }, backend);
    owner = await signUp(server.url, 'owner');
    admin = await signUp(server.url, 'admin');
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    guest = await signUp(server.url, 'guest');
    await owner.patch(`/admin/users/${admin.user.id}/role`, { role: 'admin' });
    await owner.patch(`/admin/users/${guest.user.id}/role`, { role: 'guest' });
    channelId = (await alice.post('/channels', { name: 'emoji', kind: 'public' })).body.channel.id;
    await bob.post(`/channels/${channelId}/join`);
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function add(client: ApiClient, name: string, bytes: Uint8Array = PNG, fileName = 'e.png') {
    const form = new FormData();
    form.append('name', name);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), fileName);
    const res = await fetch(`${server.url}/api/v1/emoji`, {
      method: 'POST',
      headers: { cookie: client.cookie, 'x-parley-csrf': '1' },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }
  const image = (client: ApiClient, id: string) =>
    fetch(`${server.url}/api/v1/emoji/images/${id}`, { headers: { cookie: client.cookie } });
  const names = async (client: ApiClient) =>
    (await client.get('/emoji')).body.emoji.map((e: { name: string }) => e.name);

  it('adds, lists, serves the picture as stored and removes a custom emoji', async () => {
    const added = await add(alice, 'partyparrot', GIF);
    expect(added.status).toBe(201);
    expect(added.body.emoji).toMatchObject({
      name: 'partyparrot',
      type: 'image/gif',
      addedBy: alice.user.id,
    });
    expect(await names(bob)).toContain('partyparrot');
    expect(await names(guest)).toContain('partyparrot');
    const res = await image(bob, added.body.emoji.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(GIF);
    // Stored encrypted: the bytes on disk are not the picture.
    const id = added.body.emoji.id;
    expect(
      fs.readFileSync(path.join(dataDir, 'files', id.slice(0, 2), id)).includes(GIF.subarray(0, 12)),
    ).toBe(false);
    expect((await fetch(`${server.url}/api/v1/emoji/images/${id}`)).status).toBe(401);
    expect((await alice.delete('/emoji/partyparrot')).status).toBe(204);
    expect(await names(bob)).not.toContain('partyparrot');
    expect((await image(bob, id)).status).toBe(404);
    expect((await alice.delete('/emoji/partyparrot')).status).toBe(404);
  });

  it('refuses a name that is taken, by a custom emoji or a standard shortcode', async () => {
    expect((await add(alice, 'taken')).status).toBe(201);
    const again = await add(bob, 'taken');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('emoji_name_taken');
    for (const standard of ['smile', '+1', 'thumbsup', 'tada'])
      expect((await add(alice, standard)).body.error.code).toBe('emoji_name_taken');
  });

  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(33)],
    ['upper case', 'Parrot'],
    ['colons', ':parrot:'],
    ['a space', 'party parrot'],
    ['a NUL', 'par\u0000rot'],
    ['a lone surrogate', 'par\ud800rot'],
    ['a slash', 'a/b'],
  ])('refuses a name with %s', async (_, name) => {
    const res = await add(alice, name);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('refuses SVG and HTML, even named .png, and a picture over 256 KB with 413', async () => {
    for (const [bytes, fileName] of [
      [SVG, 'evil.svg'],
      [SVG, 'evil.png'],
      [HTML, 'page.png'],
    ] as const) {
      const res = await add(alice, `bad${fileName.length}${bytes.length}`, bytes, fileName);
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('unsupported');
    }
    const big = Buffer.concat([PNG, Buffer.alloc(256 * 1024)]);
    const res = await add(alice, 'big', big);
    expect(res.status).toBe(413);
    expect(await names(alice)).not.toContain('big');
  });

  it('refuses a body that is not a form, or a form without its file', async () => {
    expect((await alice.post('/emoji', { name: 'json' })).status).toBe(400);
    const form = new FormData();
    form.append('name', 'nofile');
    const res = await fetch(`${server.url}/api/v1/emoji`, {
      method: 'POST',
      headers: { cookie: alice.cookie, 'x-parley-csrf': '1' },
      body: form,
    });
    expect(res.status).toBe(400);
  });

  it('lets guests never add, members only while the setting allows, and admins always', async () => {
    expect((await add(guest, 'guestmoji')).status).toBe(403);
    expect((await owner.patch('/admin/settings', { emojiAdders: 'admins' })).body.settings.emojiAdders).toBe(
      'admins',
    );
    try {
      expect((await add(bob, 'bobmoji')).status).toBe(403);
      expect((await add(admin, 'adminmoji')).status).toBe(201);
      expect((await add(owner, 'ownermoji')).status).toBe(201);
    } finally {
      await owner.patch('/admin/settings', { emojiAdders: 'members' });
    }
    expect((await add(bob, 'bobmoji')).status).toBe(201);
    expect((await bob.patch('/admin/settings', { emojiAdders: 'members' })).status).toBe(403);
  });

  it('lets only whoever added it, an owner or an admin remove it', async () => {
    for (const name of ['rm-a', 'rm-b', 'rm-c']) expect((await add(alice, name)).status).toBe(201);
    expect((await bob.delete('/emoji/rm-a')).status).toBe(403);
    expect((await guest.delete('/emoji/rm-a')).status).toBe(403);
    expect((await admin.delete('/emoji/rm-a')).status).toBe(204);
    expect((await owner.delete('/emoji/rm-b')).status).toBe(204);
    expect((await alice.delete('/emoji/rm-c')).status).toBe(204);
    expect((await alice.delete('/emoji/Bad%00')).status).toBe(400);
  });

  it('refuses a deactivated account', async () => {
    const gone = await signUp(server.url, 'gone');
    await owner.post(`/admin/users/${gone.user.id}/deactivate`);
    expect((await add(gone, 'gonemoji')).status).toBe(401);
    expect((await gone.get('/emoji')).status).toBe(401);
  });

  it('takes a custom emoji as a reaction, refuses an unknown one, and keeps it as text once removed', async () => {
    expect((await add(alice, 'parley-wave')).status).toBe(201);
    const messageId = (
      await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'hi' })
    ).body.message.id;
    const react = (c: ApiClient, emoji: string, method: 'PUT' | 'DELETE' = 'PUT') =>
      c.request(method, `/messages/${messageId}/reactions/${encodeURIComponent(emoji)}`);
    const ok = await react(bob, ':parley-wave:');
    expect(ok.status).toBe(200);
    expect(ok.body.reactions).toEqual([{ emoji: ':parley-wave:', count: 1, userIds: [bob.user.id] }]);
    const unknown = await react(bob, ':nosuchemoji:');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('validation_failed');
    expect((await react(bob, ':Parley-Wave:')).status).toBe(400);
    expect((await alice.delete('/emoji/parley-wave')).status).toBe(204);
    // The reaction stays, named; it can be taken back but not added again.
    const after = (await alice.get(`/channels/${channelId}/messages`)).body.messages.at(-1);
    expect(after.reactions).toEqual([{ emoji: ':parley-wave:', count: 1, userIds: [bob.user.id] }]);
    expect((await react(alice, ':parley-wave:')).status).toBe(400);
    expect((await react(bob, ':parley-wave:', 'DELETE')).body.reactions).toEqual([]);
  });

  it('reaches everyone live and replays through the sync feed, removal included', async () => {
    const since = (await bob.get('/sync')).body.cursor;
    const socket = guest.socket();
    await connected(socket);
    const live = nextEvent(socket, 'emoji:changed', (e) => e.name === 'livemoji' && e.emoji !== null);
    const added = await add(alice, 'livemoji');
    const event = await live;
    expect(event.emoji).toEqual(added.body.emoji);
    expect(event.cursor).toMatch(/^\d+\.\d+$/);
    const gone = nextEvent(socket, 'emoji:changed', (e) => e.name === 'livemoji' && e.emoji === null);
    await alice.delete('/emoji/livemoji');
    await gone;
    socket.close();
    const changes = (await bob.get(`/sync?since=${since}`)).body.changes.filter(
      (c: { type: string; payload: { name: string } }) =>
        c.type === 'emoji:changed' && c.payload.name === 'livemoji',
    );
    // Both rows replay as what a fresh load shows now: gone.
    expect(changes.map((c: { payload: { emoji: unknown } }) => c.payload.emoji)).toEqual([null, null]);
    expect(await names(bob)).not.toContain('livemoji');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('search on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let guest: ApiClient;
  let open: string;
  let secret: string;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    server = await startServer({ RATE_LIMITS: 'off' }, backend);
    owner = await signUp(server.url, 'owner');
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    guest = await signUp(server.url, 'gus');
    await owner.patch(`/admin/users/${guest.user.id}/role`, { role: 'guest' });
    open = (await alice.post('/channels', { name: 'deploys', kind: 'public' })).body.channel.id;
    secret = (await alice.post('/channels', { name: 'secret', kind: 'private' })).body.channel.id;
    await bob.post(`/channels/${open}/join`);
    const say = (client: ApiClient, channel: string, body: string, extra = {}) =>
      client.post(`/channels/${channel}/messages`, { clientId: clientId(), body, ...extra });
    await say(alice, open, 'Deployment of api-v2 finished without errors');
    await say(bob, open, 'docs are at https://parley.example.com/docs/setup');
    await say(alice, open, 'the old staging plan is gone');
    await say(bob, open, 'the new plan: deploy on friday');
    await say(alice, open, 'release notes are out');
    const root = (await say(alice, open, 'thread about rollback')).body.message;
    await say(bob, open, 'rollback tested', { threadRootId: root.id });
    await say(alice, secret, 'deployment secrets rotate monthly');
    const gone = (await say(alice, open, 'deployment typo here')).body.message;
    await alice.delete(`/messages/${gone.id}`);
  });
  afterAll(() => server.stop());

  const search = async (client: ApiClient, q: string, extra = '') =>
    client.get(`/search?q=${encodeURIComponent(q)}${extra}`);
  const bodies = async (client: ApiClient, q: string) =>
    (await search(client, q)).body.results.map((r: any) => r.message.body);

  it('finds parts of words, words with dashes, dots and URLs, and never a deleted message', async () => {
    expect(await bodies(alice, 'deplo')).toEqual(
      expect.arrayContaining([
        'Deployment of api-v2 finished without errors',
        'the new plan: deploy on friday',
      ]),
    );
    expect((await bodies(alice, 'deplo')).join()).not.toMatch(/typo/);
    expect(await bodies(alice, 'api-v2')).toEqual(['Deployment of api-v2 finished without errors']);
    expect(await bodies(alice, 'parley.example.com')).toEqual([
      'docs are at https://parley.example.com/docs/setup',
    ]);
    expect(await bodies(alice, 'https://parley.example.com/docs')).toHaveLength(1);
  });

  it('ranks a whole-word match first, marks what to highlight, and pages', async () => {
    const res = await search(alice, 'deploy');
    expect(res.body.results[0].message.body).toBe('the new plan: deploy on friday');
    expect(res.body.results[0]).toMatchObject({
      channelId: open,
      channelName: 'deploys',
      highlights: ['deploy'],
    });
    const first = await search(alice, 'th', '&limit=2');
    expect(first.body.results).toHaveLength(2);
    const next = await search(alice, 'th', `&limit=2&cursor=${first.body.cursor}`);
    const ids = [...first.body.results, ...next.body.results].map((r: any) => r.message.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('takes phrases, exclusions and filters', async () => {
    expect(await bodies(alice, '"release notes"')).toEqual(['release notes are out']);
    expect(await bodies(alice, 'plan -staging')).toEqual(['the new plan: deploy on friday']);
    expect(await bodies(alice, 'from:@bob plan')).toEqual(['the new plan: deploy on friday']);
    expect(await bodies(alice, 'has:link')).toEqual(['docs are at https://parley.example.com/docs/setup']);
    expect((await bodies(alice, 'is:thread rollback')).sort()).toEqual([
      'rollback tested',
      'thread about rollback',
    ]);
    expect(await bodies(alice, `in:#secret deplo`)).toEqual(['deployment secrets rotate monthly']);
    expect(await bodies(alice, `on:${today} "release notes"`)).toEqual(['release notes are out']);
    expect(await bodies(alice, `before:${today} "release notes"`)).toEqual([]);
    expect(await bodies(alice, `after:${today} "release notes"`)).toEqual([]);
    const notes = (await search(alice, '"release notes"')).body.results[0].message;
    await bob.request('PUT', `/messages/${notes.id}/pin`);
    await alice.request('PUT', `/messages/${notes.id}/save`);
    expect(await bodies(alice, 'is:pinned')).toEqual(['release notes are out']);
    expect(await bodies(alice, 'is:saved')).toEqual(['release notes are out']);
    expect(await bodies(bob, 'is:saved')).toEqual([]);
  });

  it('matches a phrase only where its words stand side by side, never where the word index reads a space as q', async () => {
    const say = (body: string) => bob.post(`/channels/${open}/messages`, { clientId: clientId(), body });
    await say('notes on the release');
    await say('releaseqnotes is one word');
    await say('RELEASE NOTES, second edition');
    expect(await bodies(alice, '"release notes"')).toEqual([
      'RELEASE NOTES, second edition',
      'release notes are out',
    ]);
    expect((await bodies(alice, '"lease note"')).length).toBe(2);
    expect(await bodies(alice, 'releaseqnotes')).toEqual(['releaseqnotes is one word']);
    expect(await bodies(alice, '"notes on"')).toEqual(['notes on the release']);
  });

  it('finds files by name and filters with has:file and has:image, never a private channel’s file for others', async () => {
    const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const attach = async (channel: string, bytes: Uint8Array, name: string, type: string, body = '') => {
      const file = (await alice.upload(bytes, name, type, `?channelId=${channel}`)).body.file;
      const text = body ? { body } : {};
      return alice.post(`/channels/${channel}/messages`, {
        clientId: clientId(),
        ...text,
        fileIds: [file.id],
      });
    };
    expect((await attach(open, Buffer.from('q3 figures'), 'Quarterly-Report.txt', 'text/plain')).status).toBe(
      201,
    );
    expect((await attach(open, PNG, 'whiteboard.png', 'image/png', 'from the meeting')).status).toBe(201);
    expect((await attach(secret, Buffer.from('x'), 'quarterly-secret.txt', 'text/plain')).status).toBe(201);
    const names = async (client: ApiClient, q: string) =>
      (await search(client, q)).body.results.map((r: any) => r.message.files.map((f: any) => f.name).join());
    expect((await names(alice, 'quarterly')).sort()).toEqual([
      'Quarterly-Report.txt',
      'quarterly-secret.txt',
    ]);
    expect(await names(bob, 'quarterly')).toEqual(['Quarterly-Report.txt']);
    expect(await names(alice, 'report -q3')).toEqual(['Quarterly-Report.txt']);
    expect((await names(alice, 'has:file')).sort()).toEqual([
      'Quarterly-Report.txt',
      'quarterly-secret.txt',
      'whiteboard.png',
    ]);
    expect(await names(bob, 'has:image')).toEqual(['whiteboard.png']);
    expect(await names(bob, 'has:image meeting')).toEqual(['whiteboard.png']);
    expect(await names(bob, 'has:image quarterly')).toEqual([]);
  });

  it('shows each reader only what they may read: member, non-member, guest, removed member', async () => {
    expect((await bodies(alice, 'secrets')).length).toBe(1);
    expect(await bodies(bob, 'secrets')).toEqual([]);
    // A member reads public channels they have not joined; a guest only their own channels.
    expect((await bodies(owner, 'api-v2')).length).toBe(1);
    expect(await bodies(guest, 'api-v2')).toEqual([]);
    await alice.post(`/channels/${secret}/members`, { userId: bob.user.id });
    expect((await bodies(bob, 'secrets')).length).toBe(1);
    await alice.delete(`/channels/${secret}/members/${bob.user.id}`);
    expect(await bodies(bob, 'secrets')).toEqual([]);
  });

  it('refuses searches it cannot run with a clear 400', async () => {
    for (const q of [
      '',
      '-x',
      'a',
      'on:2026-02-30 x',
      'before:yesterday x',
      'has:video',
      'x\u0000y',
      'x'.repeat(10_000),
    ]) {
      const res = await search(alice, q);
      expect(res.status, q.slice(0, 20)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await search(alice, 'plan', '&cursor=abc')).status).toBe(400);
    expect((await search(alice, 'plan', '&limit=51')).status).toBe(400);
  });
});

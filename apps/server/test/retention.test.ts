import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@parley/protocol';
import { ApiClient, clientId, connected, nextEvent, signUp, waitFor } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';
import { PRUNE_BATCH, pruneHistory } from '../src/features/retention/retention.service.js';
import { dueRoots } from '../src/features/retention/retention.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};
/** Rows the plan's nodes read from a table, kept or filtered out, over the whole statement. */
const rowsRead = (node: PlanNode, table: string): number =>
  (node['Relation Name'] === table ? (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);

describe.each(await backendsToTest())('Message retention on %s', (backend) => {
  let server: TestServer;
  let dataDir: string;
  let owner: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let channelId: string;

  const send = async (body: string, extra: object = {}) =>
    (await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body, ...extra })).body
      .message as { id: string; seq: number };
  /** Moves a message `days` into the past, and a root's last reply `lastReplyDays` (the same by default). */
  const age = (id: string, days: number, lastReplyDays = days) =>
    server.parley.ctx.db.execute(sql`update messages set created_at = now() - make_interval(days => ${days}),
      last_reply_at = case when last_reply_at is null then null
        else now() - make_interval(days => ${lastReplyDays}) end
      where id = ${id}`);
  const bodies = async () =>
    ((await bob.get(`/channels/${channelId}/messages?limit=200`)).body.messages as { body: string }[]).map(
      (m) => m.body,
    );
  const setRetention = (client: ApiClient, days: unknown) =>
    client.request('PATCH', '/admin/settings', { messageRetentionDays: days });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-retention-'));
    server = await startServer({ DATA_DIR: dataDir }, backend);
    owner = await signUp(server.url, 'owner');
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    channelId = (await alice.post('/channels', { name: 'history', kind: 'public' })).body.channel.id;
    await bob.post(`/channels/${channelId}/join`, {});
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps everything until an admin sets it, and refuses bad values and members with nothing changed', async () => {
    expect((await alice.get('/instance')).body.settings.messageRetentionDays).toBeNull();
    for (const bad of [0, -1, 36_501, 1.5, '30', 'x\u0000', {}, 1e308])
      expect((await setRetention(owner, bad)).body.error.code, String(bad)).toBe('validation_failed');
    expect((await setRetention(alice, 30)).status).toBe(403);
    for (const bad of ['0', 'abc', '36501', '1e9', '%ED%A0%80'])
      expect((await owner.get(`/admin/retention?days=${bad}`)).status, bad).toBe(400);
    expect((await alice.get('/admin/retention?days=30')).status).toBe(403);
    expect((await new ApiClient(server.url).get('/admin/retention?days=30')).status).toBe(401);
    expect((await owner.get('/admin/settings')).body.settings.messageRetentionDays).toBeNull();
  });

  it('deletes history past the setting for every tab, live and in the sync feed, with its threads, pins, saves and files', async () => {
    const old = await send('an old plan, zebrafish');
    const oldThread = await send('an old question');
    await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      body: 'an old answer',
      threadRootId: oldThread.id,
      alsoInChannel: true,
    });
    const liveThread = await send('a question still talked about');
    const oldReply = await send('an old reply', { threadRootId: liveThread.id });
    await send('a new reply', { threadRootId: liveThread.id });
    const waiting = await send('an old thread with a reply scheduled');
    const scheduled = await bob.post(`/channels/${channelId}/scheduled`, {
      clientId: clientId(),
      body: 'later',
      threadRootId: waiting.id,
      sendAt: new Date(Date.now() + DAY_MS).toISOString(),
    });
    expect(scheduled.status).toBe(201);
    const upload = await alice.upload(
      Buffer.from('old notes'),
      'notes.txt',
      'text/plain',
      `?channelId=${channelId}`,
    );
    const fileId = upload.body.file.id as string;
    const withFile = (
      await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), fileIds: [fileId] })
    ).body.message as { id: string };
    await bob.request('PUT', `/messages/${old.id}/pin`);
    await bob.request('PUT', `/messages/${old.id}/save`);
    await send('this week');
    const replies = (await bob.get(`/messages/${oldThread.id}/thread`)).body.messages as { id: string }[];
    for (const id of [
      old.id,
      oldThread.id,
      ...replies.map((r) => r.id),
      withFile.id,
      oldReply.id,
      waiting.id,
    ])
      await age(id, 100);
    await age(liveThread.id, 100, 0);

    const preview = await owner.get('/admin/retention?days=30');
    expect(preview.body).toEqual({ messages: 5, files: 1, before: expect.any(String) });
    const since = (await bob.get('/sync')).body.cursor;
    const socket = bob.socket();
    await connected(socket);
    const live = nextEvent(socket, 'history:pruned', (e) => e.channelId === channelId);
    expect((await setRetention(owner, 30)).body.settings.messageRetentionDays).toBe(30);
    const pruned = await live;
    socket.close();
    // It names the roots that went: the old message, the old thread, the file's message, the scheduled one's thread.
    expect([...pruned.rootIds].sort()).toEqual([old.id, oldThread.id, withFile.id, waiting.id].sort());
    await waitFor(async () => !(await bodies()).includes('an old plan, zebrafish'));

    // Bob's "joined" line is this week's.
    expect(await bodies()).toEqual([null, 'a question still talked about', 'this week']);
    const thread = await bob.get(`/messages/${liveThread.id}/thread`);
    expect(thread.body.messages.map((m: { body: string }) => m.body)).toEqual([
      'an old reply',
      'a new reply',
    ]);
    expect((await bob.get(`/messages/${oldThread.id}/thread`)).status).toBe(404);
    expect((await bob.get(`/channels/${channelId}/pins`)).body.messages).toEqual([]);
    expect((await bob.get('/saved')).body.saved).toEqual([]);
    expect((await bob.get(`/files/${fileId}`)).status).toBe(404);
    expect(fs.existsSync(path.join(dataDir, 'files', fileId.slice(0, 2), fileId))).toBe(false);
    expect((await bob.get('/search?q=zebrafish')).body.results).toEqual([]);
    // A reply scheduled to a thread that went, went with it, and Bob's tabs heard so.
    expect((await bob.get('/scheduled')).body.scheduled).toEqual([]);
    expect((await owner.get('/admin/retention?days=30')).body).toMatchObject({ messages: 0, files: 0 });

    const changes = (await bob.get(`/sync?since=${since}`)).body.changes as { type: string; payload: any }[];
    expect(changes.filter((c) => c.type === 'history:pruned')).toEqual([
      { type: 'history:pruned', payload: { channelId, rootIds: pruned.rootIds, cursor: expect.any(String) } },
    ]);
    expect(changes.find((c) => c.type === 'scheduled:changed')?.payload).toMatchObject({
      scheduledId: scheduled.body.scheduled.id,
      scheduled: null,
    });
    const entries = (await owner.get('/admin/audit')).body.entries as AuditEntry[];
    expect(entries.find((e) => e.action === 'history_pruned')).toMatchObject({
      actorId: null,
      detail: { messages: 5, files: 1 },
    });
  });

  it('deletes a long history in batches while people go on sending, and reports each channel once a batch', async () => {
    const big = (await alice.post('/channels', { name: 'big', kind: 'public' })).body.channel.id as string;
    const count = PRUNE_BATCH * 2 + 50;
    // Old history straight into the table, as an import would leave it.
    await server.parley.ctx.db.execute(sql`
      insert into messages (id, channel_id, seq, author_id, client_id, body, created_at)
      select gen_random_uuid(), ${big}, 1 + n, ${alice.user.id}, 'old-' || n, 'old ' || n, now() - interval '200 days'
      from generate_series(1, ${count}) n`);
    await server.parley.ctx.db.execute(sql`update channels set last_seq = ${count + 1} where id = ${big}`);
    expect((await owner.get('/admin/retention?days=30')).body.messages).toBe(count);
    const socket = alice.socket();
    await connected(socket);
    const heard: string[] = [];
    const named = new Set<string>();
    socket.on('history:pruned', (e: { channelId: string; rootIds: string[] }) => {
      heard.push(e.channelId);
      for (const id of e.rootIds) named.add(id);
    });
    const pruning = pruneHistory(server.parley.ctx);
    const during = await alice.post(`/channels/${big}/messages`, {
      clientId: clientId(),
      body: 'said meanwhile',
    });
    expect(during.status).toBe(201);
    expect(await pruning).toEqual({ messages: count, files: 0 });
    await waitFor(async () => heard.length === 3);
    socket.close();
    expect(heard).toEqual([big, big, big]);
    expect(named.size).toBe(count);
    const left = (await alice.get(`/channels/${big}/messages`)).body.messages.map(
      (m: { body: string }) => m.body,
    );
    expect(left).toEqual(['said meanwhile']);
  });

  it("lets an admin give a channel its own retention, live to its members, which the team's setting then skips", async () => {
    const channelOf = async (id: string) => {
      const res = await alice.post('/channels', { name: id, kind: 'private' });
      await alice.post(`/channels/${res.body.channel.id}/members`, { userId: bob.user.id });
      return res.body.channel.id as string;
    };
    const legal = await channelOf('legal');
    const random = await channelOf('random');
    const post = async (channel: string, body: string, days: number) => {
      const sent = await alice.post(`/channels/${channel}/messages`, { clientId: clientId(), body });
      await age(sent.body.message.id, days);
    };
    await post(legal, 'contract from last year', 300);
    await post(random, 'lunch, three weeks ago', 20);
    await post(random, 'lunch today', 0);
    const put = (client: ApiClient, channel: string, body: unknown) =>
      client.request('PUT', `/channels/${channel}/retention`, body);

    for (const bad of [
      {},
      { retention: { days: 0 } },
      { retention: { days: 36_501 } },
      { retention: { days: '7' } },
      { retention: { days: 7, x: 1 } },
      { retention: 'forever' },
      { retention: null, more: true },
    ])
      expect((await put(owner, random, bad)).body.error.code, JSON.stringify(bad)).toBe('validation_failed');
    expect((await put(alice, random, { retention: null })).status).toBe(403);
    expect((await put(owner, '00000000-0000-4000-8000-000000000000', { retention: null })).status).toBe(404);
    const dm = (await alice.post('/dms', { userId: bob.user.id })).body.channel.id;
    expect((await put(owner, dm, { retention: { days: 7 } })).status).toBe(403);

    const socket = bob.socket();
    await connected(socket);
    const live = nextEvent(socket, 'channel:updated', (e) => e.channelId === legal && !!e.channel.retention);
    const kept = await put(owner, legal, { retention: { days: null } });
    expect(kept.body.channel.retention).toEqual({ days: null });
    expect((await live).channel.retention).toEqual({ days: null });
    // Admins find any channel by the start of its name, private ones they are not in too, never DMs.
    expect((await owner.get('/admin/channels?q=LE')).body.channels).toEqual([
      { id: legal, name: 'legal', kind: 'private', archived: false, retention: { days: null } },
    ]);
    expect((await owner.get('/admin/channels?q=%25')).body.channels).toEqual([]);
    expect((await owner.get('/admin/channels?q=%00')).status).toBe(400);
    expect((await alice.get('/admin/channels?q=le')).status).toBe(403);
    expect((await owner.get(`/admin/retention?days=14&channelId=${random}`)).body).toMatchObject({
      messages: 1,
    });
    const pruned = nextEvent(socket, 'history:pruned', (e) => e.channelId === random);
    expect((await put(owner, random, { retention: { days: 14 } })).body.channel.retention).toEqual({
      days: 14,
    });
    await pruned;
    socket.close();
    const left = async (channel: string) =>
      ((await bob.get(`/channels/${channel}/messages`)).body.messages as { body: string | null }[])
        .map((m) => m.body)
        .filter(Boolean);
    expect(await left(random)).toEqual(['lunch today']);
    // The team keeps 30 days, but #legal keeps everything: the team's count and run leave it alone.
    expect((await owner.get('/admin/retention?days=30')).body.messages).toBe(0);
    await pruneHistory(server.parley.ctx);
    expect(await left(legal)).toEqual(['contract from last year']);
    expect((await owner.get('/admin/retention/channels')).body.channels).toEqual([
      { id: legal, name: 'legal', kind: 'private', days: null },
      { id: random, name: 'random', kind: 'private', days: 14 },
    ]);
    const entries = (await owner.get('/admin/audit')).body.entries as AuditEntry[];
    expect(entries.find((e) => e.action === 'retention_changed')).toMatchObject({
      actorId: owner.user.id,
      detail: { channel: 'random', own: true, days: 14 },
    });

    // Back to the team's: #legal's year-old contract goes with the next run.
    expect((await put(owner, legal, { retention: null })).body.channel.retention).toBeNull();
    await pruneHistory(server.parley.ctx);
    expect(await left(legal)).toEqual([]);
    expect(
      (await owner.get('/admin/retention/channels')).body.channels.map((c: { name: string }) => c.name),
    ).toEqual(['random']);
  });

  it('looks for what is due through indexes, so an hourly run with nothing due reads almost nothing', async () => {
    const quiet = (await alice.post('/channels', { name: 'quiet', kind: 'public' })).body.channel.id;
    await server.parley.ctx.db.execute(sql`
      insert into messages (id, channel_id, seq, author_id, client_id, body, created_at, deleted_at)
      select gen_random_uuid(), ${quiet}, n, ${alice.user.id}, 'recent-' || n, 'recent ' || n, now(),
        case when n % 10 = 0 then now() end
      from generate_series(1, 3000) n`);
    await server.parley.ctx.db.execute(sql`update channels set last_seq = 3000 where id = ${quiet}`);
    await server.parley.ctx.db.execute(sql`analyze messages`);
    const before = new Date(Date.now() - 30 * DAY_MS);
    for (const kind of ['messages', 'tombstones'] as const) {
      const result = (await server.parley.ctx.db.execute(
        sql`explain (analyze, format json) ${dueRoots(server.parley.ctx.db, before, 'instance', kind, PRUNE_BATCH)}`,
      )) as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] };
      expect(rowsRead(result.rows[0]!['QUERY PLAN'][0].Plan, 'messages'), kind).toBeLessThan(100);
    }
  });

  it('keeps new history once set back to forever', async () => {
    const kept = await send('kept forever');
    await age(kept.id, 400);
    const res = await setRetention(owner, null);
    expect(res.body.settings?.messageRetentionDays, JSON.stringify(res.body)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await bodies()).toContain('kept forever');
  });
});

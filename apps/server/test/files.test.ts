import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';
import { sweepUnsentFiles } from '../src/features/files/files.sweep.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe.each(await backendsToTest())('files on %s', (backend) => {
  let server: TestServer;
  let dataDir: string;
  let alice: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-files-'));
    server = await startServer({ RATE_LIMITS: 'off', DATA_DIR: dataDir, MAX_UPLOAD_MB: '1' }, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    eve = await signUp(server.url, 'eve');
    channelId = (await alice.post('/channels', { name: 'files', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (client: ApiClient, bytes: Buffer, name: string, type = 'text/html', query = '') =>
    client.upload(bytes, name, type, query);
  const get = (client: ApiClient, id: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/v1/files/${id}`, { headers: { cookie: client.cookie, ...headers } });

  it('stores an upload encrypted at rest, sends it with a message, and serves whole files and ranges to members', async () => {
    const data = Buffer.alloc(200_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
    const up = await upload(alice, data, 'report.bin', 'image/png', `?channelId=${channelId}`);
    expect(up.status).toBe(201);
    expect(up.body.file).toMatchObject({
      name: 'report.bin',
      size: data.length,
      type: 'application/octet-stream',
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    const id = up.body.file.id;
    // On disk: not the bytes sent.
    const stored = fs.readFileSync(path.join(dataDir, 'files', id.slice(0, 2), id));
    expect(stored.includes(data.subarray(1000, 1064))).toBe(false);
    // Before it is sent, only the uploader reads it.
    expect((await get(bob, id)).status).toBe(404);
    const sent = await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), fileIds: [id] });
    expect(sent.status).toBe(201);
    expect(sent.body.message.files).toEqual([up.body.file]);
    expect((await bob.get(`/channels/${channelId}/messages`)).body.messages.at(-1).files[0].id).toBe(id);
    const whole = await get(bob, id);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment/);
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 100],
      ['bytes=65530-65545', 65530, 65546],
      ['bytes=199990-', 199990, 200000],
      ['bytes=-10', 199990, 200000],
    ] as const) {
      const part = await get(bob, id, { range });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end - 1}/200000`);
      expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(start, end))).toBe(true);
    }
    for (const range of ['bytes=200000-', 'bytes=-0', 'bytes=5-2', 'items=0-1']) {
      const refused = await get(bob, id, { range });
      expect(refused.status, range).toBe(416);
      expect(refused.headers.get('content-range')).toBe('bytes */200000');
    }
    expect((await get(eve, id)).status).toBe(404);
    // Sent once: a second message cannot take it.
    const again = await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      fileIds: [id],
    });
    expect(again.status).toBe(400);
  });

  it('never trusts the uploaded type or name, and serves what could run in the page as a download', async () => {
    const html = await upload(
      alice,
      Buffer.from('<script>alert(1)</script>'),
      '../../etc/\u0000pass\nwd.html',
    );
    expect(html.body.file.type).toBe('text/plain');
    expect(html.body.file.name).toMatch(/wd\.html$/);
    expect(html.body.file.name).not.toMatch(/[\\/\p{Cc}]/u);
    const png = await upload(alice, PNG, 'picture.txt', 'text/html');
    expect(png.body.file.type).toBe('image/png');
    const long = await upload(alice, Buffer.from('x'), `${'a'.repeat(1000)}.txt`);
    expect(long.body.file.name).toHaveLength(200);
    expect(long.body.file.name.endsWith('.txt')).toBe(true);
    const res = await get(alice, png.body.file.id);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
  });

  it('refuses a file over the limit with 413, stores nothing, and refuses a tampered file on disk', async () => {
    const stored = () =>
      fs
        .readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile()).length;
    const before = stored();
    const big = await upload(alice, Buffer.alloc(1024 * 1024 + 10), 'big.bin');
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
    expect(stored()).toBe(before);
    const up = await upload(alice, Buffer.from('precious words'), 'note.txt');
    const file = path.join(dataDir, 'files', up.body.file.id.slice(0, 2), up.body.file.id);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 40] = bytes[bytes.length - 40]! ^ 1;
    fs.writeFileSync(file, bytes);
    const res = await get(alice, up.body.file.id);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('precious');
  });

  it('deletes the files of a deleted message: the bytes on disk and the download', async () => {
    const up = await upload(alice, Buffer.from('to be deleted'), 'gone.txt');
    const id = up.body.file.id;
    const sent = await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      body: 'see file',
      fileIds: [id],
    });
    const deleted = await alice.delete(`/messages/${sent.body.message.id}`);
    expect(deleted.body.message.files).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'files', id.slice(0, 2), id))).toBe(false);
    expect((await get(bob, id)).status).toBe(404);
  });

  it('makes an encrypted preview of a large picture, keeps its size, and serves it only to readers', async () => {
    const sharp = (await import('sharp')).default;
    const picture = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
        .png()
        .toBuffer();
    const since = (await alice.get('/sync')).body.cursor;
    const big = await upload(
      alice,
      await picture(1600, 1200),
      'wide.png',
      'image/png',
      `?channelId=${channelId}`,
    );
    expect(big.body.file).toMatchObject({ type: 'image/png', width: 1600, height: 1200, thumbnail: true });
    const id = big.body.file.id;
    const sent = await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), fileIds: [id] });
    const replayed = (await alice.get(`/sync?since=${since}`)).body.changes.find(
      (c: any) => c.payload.message?.id === sent.body.message.id,
    );
    expect(replayed.payload.message.files[0]).toMatchObject({ width: 1600, height: 1200, thumbnail: true });

    const thumbOf = (client: ApiClient, fileId: string) =>
      fetch(`${server.url}/api/v1/files/${fileId}/thumbnail`, { headers: { cookie: client.cookie } });
    const thumb = await thumbOf(bob, id);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 720, 540]);
    expect((await thumbOf(eve, id)).status).toBe(404);
    const onDisk = path.join(dataDir, 'files', id.slice(0, 2), `${id}.thumb`);
    expect(fs.readFileSync(onDisk).subarray(0, 4).toString('latin1')).not.toBe('RIFF');

    // A small picture is its own preview; bytes that only start like a picture get none.
    const small = await upload(alice, await picture(40, 30), 'dot.png', 'image/png');
    expect(small.body.file).toMatchObject({ width: 40, height: 30 });
    expect(small.body.file.thumbnail).toBeUndefined();
    expect((await thumbOf(alice, small.body.file.id)).status).toBe(404);
    const broken = await upload(alice, PNG, 'broken.png', 'image/png');
    expect(broken.status).toBe(201);
    expect(broken.body.file.width).toBeUndefined();

    await alice.delete(`/messages/${sent.body.message.id}`);
    expect(fs.existsSync(onDisk)).toBe(false);
  });

  it('stores a picture that claims a billion pixels without decoding it', async () => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(40_000, 0);
    header.writeUInt32BE(40_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const up = await upload(alice, bomb, 'bomb.png', 'image/png');
    expect(up.status).toBe(201);
    expect(up.body.file.thumbnail).toBeUndefined();
  });

  it('an upload cut off mid-way leaves no file on disk and no row', async () => {
    const filesDir = path.join(dataDir, 'files');
    const countOnDisk = () =>
      fs.existsSync(filesDir)
        ? fs.readdirSync(filesDir, { recursive: true }).filter((f) => String(f).includes('-')).length
        : 0;
    const countRows = async () => {
      const res = (await server.parley.ctx.db.execute(
        sql`select count(*)::int as n from files`,
      )) as unknown as {
        rows: { n: number }[];
      };
      return Number(res.rows[0]!.n);
    };
    const [diskBefore, rowsBefore] = [countOnDisk(), await countRows()];
    const boundary = 'cutoffboundary';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`;
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/files',
        headers: {
          cookie: alice.cookie,
          'x-parley-csrf': '1',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 500_000 + boundary.length + 8),
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(Buffer.alloc(200_000, 7));
      // The client goes away with most of the file unsent.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    await new Promise((r) => setTimeout(r, 500));
    expect([countOnDisk(), await countRows()]).toEqual([diskBefore, rowsBefore]);
    // The server is fine afterwards.
    expect((await upload(alice, Buffer.from('after'), 'after.txt')).status).toBe(201);
  });

  it("lists a channel's files newest first for its members", async () => {
    const a = await upload(alice, Buffer.from('first'), 'first.txt');
    await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), fileIds: [a.body.file.id] });
    const b = await upload(bob, Buffer.from('second'), 'second.txt');
    await bob.post(`/channels/${channelId}/messages`, { clientId: clientId(), fileIds: [b.body.file.id] });
    const list = (await bob.get(`/channels/${channelId}/files?limit=2`)).body;
    expect(list.files.map((f: any) => f.file.name)).toEqual(['second.txt', 'first.txt']);
    expect(list.files[0]).toMatchObject({ authorId: bob.user.id, messageId: expect.any(String) });
    expect((await eve.get(`/channels/${channelId}/files`)).status).toBe(404);
    expect((await bob.get(`/channels/${channelId}/files?limit=0`)).status).toBe(400);
  });

  it('sweeps uploads never sent after a day, and keeps sent ones', async () => {
    const unsent = await upload(alice, Buffer.from('forgotten'), 'forgotten.txt');
    const kept = await upload(alice, Buffer.from('kept'), 'kept.txt');
    await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      fileIds: [kept.body.file.id],
    });
    const swept = await sweepUnsentFiles(server.parley.ctx, new Date(Date.now() + 60_000));
    expect(swept).toBeGreaterThanOrEqual(1);
    const on = (id: string) => fs.existsSync(path.join(dataDir, 'files', id.slice(0, 2), id));
    expect(on(unsent.body.file.id)).toBe(false);
    expect((await get(alice, unsent.body.file.id)).status).toBe(404);
    expect(on(kept.body.file.id)).toBe(true);
  });

  it('refuses uploads to a channel the caller is not in, and files in messages they do not own', async () => {
    expect(
      (await upload(eve, Buffer.from('x'), 'x.txt', 'text/plain', `?channelId=${channelId}`)).status,
    ).toBe(404);
    const mine = await upload(eve, Buffer.from('eve'), 'eve.txt');
    const theft = await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      body: 'look',
      fileIds: [mine.body.file.id],
    });
    expect(theft.status).toBe(400);
    expect(
      (await alice.get(`/channels/${channelId}/messages`)).body.messages.some((m: any) => m.body === 'look'),
    ).toBe(false);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { createTestDatabase, postgresAvailable } from './support/services.js';
import { startServer, type TestServer } from './support/server.js';

/** Every object s3rver holds for the bucket, as the bytes it stored. */
function storedObjects(dir: string): Buffer[] {
  const found: Buffer[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('._S3rver_object')) found.push(fs.readFileSync(full));
    }
  };
  walk(dir);
  return found;
}

describe.runIf(await postgresAvailable())('files in an S3-compatible bucket, shared by two nodes', () => {
  let s3: S3rver;
  let s3Dir: string;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let nodes: TestServer[] = [];
  let alice: ApiClient;
  let bobOnB: ApiClient;
  let channelId: string;

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'parley-files' }],
    });
    const { port } = await s3.run();
    db = await createTestDatabase();
    const env = {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'parley-files',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const start = () => startServer(env, 'postgres', { databaseUrl: db.url });
    nodes = [await start(), await start()];
    alice = await signUp(nodes[0]!.url, 'alice');
    bobOnB = await signUp(nodes[1]!.url, 'bob');
    channelId = (await alice.post('/channels', { name: 'shared-files', kind: 'public' })).body.channel.id;
    await bobOnB.post(`/channels/${channelId}/join`);
  });
  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await db?.drop();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('keeps uploads encrypted in the bucket, serves them and their ranges from the other node, and deletes them with the message', async () => {
    const data = Buffer.alloc(300_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 13) % 251;
    const marker = Buffer.from('a plaintext marker that must never reach the bucket');
    marker.copy(data, 1000);
    const up = await alice.upload(data, 'figures.bin', 'application/octet-stream', `?channelId=${channelId}`);
    expect(up.status).toBe(201);
    const id = up.body.file.id;
    const objects = storedObjects(s3Dir);
    expect(objects).toHaveLength(1);
    expect(objects[0]!.includes(marker)).toBe(false);
    expect(fs.existsSync(path.join(nodes[0]!.parley.ctx.config.dataDir, 'files'))).toBe(false);

    const sent = await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), fileIds: [id] });
    expect(sent.status).toBe(201);
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${nodes[1]!.url}/api/v1/files/${id}`, { headers: { cookie: bobOnB.cookie, ...headers } });
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
    // A range across a chunk edge (64 KiB) and the last bytes.
    const middle = await get({ range: 'bytes=65000-70000' });
    expect(middle.status).toBe(206);
    expect(Buffer.from(await middle.arrayBuffer()).equals(data.subarray(65000, 70001))).toBe(true);
    const tail = await get({ range: 'bytes=-100' });
    expect(Buffer.from(await tail.arrayBuffer()).equals(data.subarray(-100))).toBe(true);

    await alice.delete(`/messages/${sent.body.message.id}`);
    expect(storedObjects(s3Dir)).toHaveLength(0);
    expect((await get()).status).toBe(404);
  });

  it('keeps a picture’s preview in the bucket too', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    const up = await alice.upload(png, 'board.png', 'image/png', `?channelId=${channelId}`);
    expect(up.body.file).toMatchObject({ thumbnail: true, width: 1200, height: 900 });
    await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), fileIds: [up.body.file.id] });
    const thumb = await fetch(`${nodes[1]!.url}/api/v1/files/${up.body.file.id}/thumbnail`, {
      headers: { cookie: bobOnB.cookie },
    });
    expect(thumb.status).toBe(200);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(720);
  });
});

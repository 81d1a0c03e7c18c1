import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

/** A phone's photo: a JPEG that carries where it was taken. */
const photo = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .withExif({ IFD0: { Copyright: 'taken at home, 51.5N 0.1W' } })
    .jpeg()
    .toBuffer();

describe.each(await backendsToTest())('profile photos on %s', (backend) => {
  let server: TestServer;
  let ann: ApiClient;
  let ben: ApiClient;
  beforeAll(async () => {
    server = await startServer({}, backend);
    ann = await signUp(server.url, 'ann');
    ben = await signUp(server.url, 'ben');
  });
  afterAll(() => server.stop());

  const put = async (as: ApiClient, bytes: Uint8Array, field = 'file') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)]), 'me.jpg');
    const res = await fetch(`${server.url}/api/v1/users/me/avatar`, {
      method: 'PUT',
      headers: { cookie: as.cookie!, 'x-parley-csrf': '1' },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  const picture = async (as: ApiClient, id: string) => {
    const res = await fetch(`${server.url}/api/v1/avatars/${id}`, { headers: { cookie: as.cookie! } });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };
  const avatarRows = async () =>
    ((await server.parley.ctx.db.execute(sql`select id from avatars`)) as unknown as { rows: unknown[] }).rows
      .length;

  it('stores a photo as a 256-pixel WebP square without its metadata, and tells every tab', async () => {
    const socket = ben.socket();
    await connected(socket);
    const heard = nextEvent(
      socket,
      'user:updated',
      (e: { user: { id: string; avatarId: string | null } }) => e.user.id === ann.user.id,
    );
    const res = await put(ann, await photo());
    expect(res.status).toBe(200);
    const id = res.body.user.avatarId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await heard).user.avatarId).toBe(id);
    socket.close();

    const got = await picture(ben, id);
    expect(got.status).toBe(200);
    expect(got.type).toBe('image/webp');
    const meta = await sharp(got.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
    expect(got.bytes.includes('51.5N')).toBe(false);
    expect((await ben.get('/users/by-username/ann')).body.user.avatarId).toBe(id);
  });

  it('replaces the photo before, and removing it leaves initials and no picture behind', async () => {
    const first = (await put(ann, await photo(300, 900))).body.user.avatarId;
    const second = (await put(ann, await photo(500, 500))).body.user.avatarId;
    expect(second).not.toBe(first);
    expect((await picture(ann, first)).status).toBe(404);
    expect((await picture(ann, second)).status).toBe(200);
    const removed = await ann.delete('/users/me/avatar');
    expect(removed.body.user.avatarId).toBeNull();
    expect((await picture(ann, second)).status).toBe(404);
    expect(await avatarRows()).toBe(0);
  });

  it('keeps exactly one photo when two uploads race', async () => {
    const [a, b] = await Promise.all([put(ben, await photo(640, 480)), put(ben, await photo(480, 640))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const current = (await ben.get('/auth/session')).body.user.avatarId;
    expect([a.body.user.avatarId, b.body.user.avatarId]).toContain(current);
    expect((await picture(ben, current)).status).toBe(200);
    expect(await avatarRows()).toBe(1);
  });

  it('refuses what is not a picture, a broken one, a huge one and a wrong form, changing nothing', async () => {
    const before = (await ann.get('/auth/session')).body.user.avatarId;
    const text = await put(ann, new TextEncoder().encode('not a picture at all'));
    expect([text.status, text.body.error.code]).toEqual([415, 'unsupported']);
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 7),
    ]);
    const bad = await put(ann, broken);
    expect([bad.status, bad.body.error.code]).toEqual([400, 'validation_failed']);
    const huge = await put(ann, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect([huge.status, huge.body.error.code]).toEqual([413, 'payload_too_large']);
    const wrongField = await put(ann, await photo(), 'picture');
    expect([wrongField.status, wrongField.body.error.code]).toEqual([400, 'validation_failed']);
    const json = await ann.request('PUT', '/users/me/avatar', { file: 'x' });
    expect(json.status).toBe(400);
    expect((await picture(ann, 'not-an-id')).status).toBe(400);
    expect((await ann.get('/auth/session')).body.user.avatarId).toBe(before);
  });
});

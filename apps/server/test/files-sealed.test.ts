import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveEnvelopeKeys, encryptMessage } from '@parley/crypto';
import { encodeMessagePayload, openSealedFile, sealFile } from '@parley/crypto/files';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { makeKeys, newChannelKey, type TestKeys, wrapFor } from './support/e2e-keys.js';
import { startServer, type TestServer } from './support/server.js';

const SECRET_TEXT = 'TOP-SECRET merger plan: buy Globex on Friday. '.repeat(3000);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe.each(await backendsToTest())('files sealed in the browser on %s', (backend) => {
  let server: TestServer;
  let dataDir: string;
  let alice: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  let plainChannelId: string;
  const keys: Record<string, TestKeys> = {};
  const channelKey = newChannelKey();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-sealed-'));
    const env = { RATE_LIMITS: 'off', DATA_DIR: dataDir, MAX_UPLOAD_MB: '1' };
    // The database is checked row by row below; DATA_DIR holds the uploads.
    server = await startServer(env, backend);
    for (const n of ['alice', 'bob']) keys[n] = await makeKeys(n);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    eve = await signUp(server.url, 'eve');
    await alice.request('PUT', '/keys/me', keys.alice!.body);
    await bob.request('PUT', '/keys/me', keys.bob!.body);
    channelId = (await alice.post('/channels', { name: 'vault', kind: 'private', encrypted: true })).body
      .channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
    const wrap = (to: string) => wrapFor(channelKey, 1, channelId, keys[to]!.publicKeys, keys.alice!.pairs);
    const posted = await alice.post(`/channels/${channelId}/keys`, {
      version: 1,
      wraps: [
        { userId: alice.user.id, wrapped: await wrap('alice') },
        { userId: bob.user.id, wrapped: await wrap('bob') },
      ],
    });
    expect(posted.status).toBe(201);
    plainChannelId = (await alice.post('/channels', { name: 'open', kind: 'private' })).body.channel.id;
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const uploadSealed = (client: ApiClient, bytes: Uint8Array, channel = channelId) =>
    client.upload(bytes, 'file', 'application/octet-stream', `?channelId=${channel}&sealed=1`);
  const download = async (client: ApiClient, id: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/v1/files/${id}`, { headers: { cookie: client.cookie, ...headers } });
  const seal = async (text: string, files: Parameters<typeof encodeMessagePayload>[0]['files']) =>
    encryptMessage({
      text: encodeMessagePayload({ text, files }),
      channelId,
      keyVersion: 1,
      keys: await deriveEnvelopeKeys(channelKey),
      signingKey: keys.alice!.pairs.ecdsa.privateKey,
    });

  it('stores and serves exactly the ciphertext the browser sent, and the plaintext is nowhere on disk or in a row', async () => {
    const plain = new TextEncoder().encode(SECRET_TEXT);
    const sealed = await sealFile(plain, channelId);
    const up = await uploadSealed(alice, sealed.ciphertext);
    expect(up.status).toBe(201);
    expect(up.body.file).toMatchObject({
      name: 'file',
      type: 'application/octet-stream',
      size: sealed.ciphertext.length,
      sha256: createHash('sha256').update(sealed.ciphertext).digest('hex'),
    });
    expect(up.body.file.thumbnail).toBeUndefined();
    const id = up.body.file.id;
    const meta = {
      id,
      key: sealed.key,
      name: 'merger-plan.txt',
      type: 'text/plain',
      size: plain.length,
      sha256: sealed.sha256,
    };
    const sent = await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      encrypted: await seal('the plan', [meta]),
      fileIds: [id],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message.files.map((f: { id: string }) => f.id)).toEqual([id]);

    const whole = await download(bob, id);
    expect(whole.status).toBe(200);
    const served = new Uint8Array(await whole.arrayBuffer());
    expect(Buffer.from(served).equals(Buffer.from(sealed.ciphertext))).toBe(true);
    expect(whole.headers.get('content-type')).toBe('application/octet-stream');
    const part = await download(bob, id, { range: 'bytes=65000-66000' });
    expect(part.status).toBe(206);
    expect(
      Buffer.from(await part.arrayBuffer()).equals(Buffer.from(sealed.ciphertext.subarray(65000, 66001))),
    ).toBe(true);
    // Bob, holding the channel key, gets the file back; the server never could.
    expect(new TextDecoder().decode(await openSealedFile(served, meta, channelId))).toBe(SECRET_TEXT);

    const needles = [
      'TOP-SECRET merger',
      'merger-plan.txt',
      Buffer.from('TOP-SECRET merger').toString('base64'),
    ];
    for (const file of filesUnder(dataDir)) {
      const bytes = fs.readFileSync(file);
      for (const needle of needles) expect(bytes.includes(needle), `${needle} in ${file}`).toBe(false);
      expect(bytes.includes(Buffer.from(plain.subarray(1000, 1048))), file).toBe(false);
    }
    const tables = (await server.parley.ctx.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(tables.rows.length).toBeGreaterThan(5);
    for (const { table_name } of tables.rows) {
      const rows = (await server.parley.ctx.db.execute(
        sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
      )) as unknown as { rows: { row: string }[] };
      for (const { row } of rows.rows)
        for (const needle of needles) expect(row.includes(needle), `${needle} in ${table_name}`).toBe(false);
    }
  });

  it('refuses plaintext uploads to an encrypted channel and sealed uploads elsewhere', async () => {
    const plain = await alice.upload(
      Buffer.from('in the clear'),
      'clear.txt',
      'text/plain',
      `?channelId=${channelId}`,
    );
    expect(plain.status).toBe(400);
    expect(plain.body.error.code).toBe('encrypted_body_required');
    const elsewhere = await uploadSealed(alice, Buffer.from('x'), plainChannelId);
    expect(elsewhere.status).toBe(400);
    expect(
      (await alice.upload(Buffer.from('x'), 'file', 'application/octet-stream', '?sealed=1')).status,
    ).toBe(400);
    expect(
      (await alice.upload(Buffer.from('x'), 'file', 'x/y', `?channelId=${channelId}&sealed=yes`)).status,
    ).toBe(400);
  });

  it('hides sealed files from non-members and keeps unsent plaintext uploads out of encrypted messages', async () => {
    expect((await uploadSealed(eve, Buffer.from('x'))).status).toBe(404);
    const sealed = await sealFile(Buffer.from('members only'), channelId);
    const up = await uploadSealed(alice, sealed.ciphertext);
    expect((await download(bob, up.body.file.id)).status).toBe(404);
    await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      encrypted: await seal('', []),
      fileIds: [up.body.file.id],
    });
    expect((await download(bob, up.body.file.id)).status).toBe(200);
    expect((await download(eve, up.body.file.id)).status).toBe(404);

    const loose = await alice.upload(Buffer.from('no channel named'), 'loose.txt', 'text/plain');
    const mixed = await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      encrypted: await seal('', []),
      fileIds: [loose.body.file.id],
    });
    expect(mixed.status).toBe(400);
    const noEnvelope = await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      fileIds: [(await uploadSealed(alice, sealed.ciphertext)).body.file.id],
    });
    expect(noEnvelope.status).toBe(400);
    expect(noEnvelope.body.error.code).toBe('encrypted_body_required');
  });

  it('deletes sealed files with their message', async () => {
    const up = await uploadSealed(alice, (await sealFile(Buffer.from('short-lived'), channelId)).ciphertext);
    const id = up.body.file.id;
    const sent = await alice.post(`/channels/${channelId}/messages`, {
      clientId: clientId(),
      encrypted: await seal('', []),
      fileIds: [id],
    });
    const onDisk = path.join(dataDir, 'files', id.slice(0, 2), id);
    expect(fs.existsSync(onDisk)).toBe(true);
    await alice.delete(`/messages/${sent.body.message.id}`);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await download(bob, id)).status).toBe(404);
  });
});

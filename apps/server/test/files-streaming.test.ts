import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

const MIB = 1024 * 1024;

describe.each(await backendsToTest())('uploads larger than the worker’s slots on %s', (backend) => {
  let server: TestServer;
  let dataDir: string;
  let alice: ApiClient;
  let channelId: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-streaming-'));
    server = await startServer({ RATE_LIMITS: 'off', DATA_DIR: dataDir, MAX_UPLOAD_MB: '8' }, backend);
    alice = await signUp(server.url, 'alice');
    channelId = (await alice.post('/channels', { name: 'big-files', kind: 'public' })).body.channel.id;
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (id: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/v1/files/${id}`, { headers: { cookie: alice.cookie, ...headers } });

  it('stores a file of several slots intact, serves it whole and in ranges across slot and chunk edges', async () => {
    const data = randomBytes(6 * MIB + 123);
    const up = await alice.upload(data, 'big.bin', 'application/octet-stream', `?channelId=${channelId}`);
    expect(up.status).toBe(201);
    expect(up.body.file).toMatchObject({
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    const id = up.body.file.id;
    await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), fileIds: [id] });
    const stored = fs.readFileSync(path.join(dataDir, 'files', id.slice(0, 2), id));
    expect(stored.includes(data.subarray(MIB, MIB + 64))).toBe(false);
    // Nothing is left aside once the upload is answered.
    expect(fs.readdirSync(path.join(dataDir, 'files', '.incoming'))).toEqual([]);
    const whole = await get(id);
    expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
    for (const [start, end] of [
      [MIB - 10, MIB + 10],
      [4 * MIB - 65_536 - 1, 4 * MIB + 65_536 + 1],
      [data.length - 5, data.length - 1],
    ] as const) {
      const part = await get(id, { range: `bytes=${start}-${end}` });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(start, end + 1))).toBe(true);
    }
  });
});

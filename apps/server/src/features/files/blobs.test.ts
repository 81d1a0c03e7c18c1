import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { S3Blobs } from './blobs.js';

/** A port that refuses connections: one that was just free. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('S3Blobs', () => {
  it('turns a bucket that does not answer into unavailable (503), not a crash', async () => {
    const blobs = new S3Blobs({
      endpoint: `http://127.0.0.1:${await closedPort()}`,
      bucket: 'parley',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'key',
    });
    const calls = [
      async () => {
        const writer = await blobs.create('k1');
        await writer.append([new Uint8Array(3)]);
        await writer.commit(new Uint8Array(1));
      },
      () => blobs.read('k1', 0, 3),
      () => blobs.remove('k1'),
    ];
    for (const call of calls) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('unavailable');
    }
  });
});

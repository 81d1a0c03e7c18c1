import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskBlobs } from './blobs.js';
import { FileStore } from './file-store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-file-store-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('FileStore', () => {
  it('reads ranges again from the file it keeps open, forgets a key that failed, and nothing after removal', async () => {
    const store = new FileStore(new DiskBlobs(dir), 'a secret of at least thirty-two characters');
    const data = randomBytes(200_000);
    const { wrappedKey } = await store.put('file-1', data);
    for (const [start, end] of [
      [0, 10],
      [65_530, 65_600],
      [150_000, 200_000],
      [65_530, 65_600],
    ] as const) {
      expect(
        Buffer.from(await store.read('file-1', wrappedKey, start, end)).equals(data.subarray(start, end)),
      ).toBe(true);
    }
    // Another file's key does not open this one, and the failure is not kept for the right key.
    const other = await store.put('file-2', randomBytes(10));
    await expect(store.read('file-1', other.wrappedKey, 0, 10)).rejects.toThrow();
    expect(Buffer.from(await store.read('file-1', wrappedKey, 0, 10)).equals(data.subarray(0, 10))).toBe(
      true,
    );
    await store.remove('file-1');
    await expect(store.read('file-1', wrappedKey, 0, 10)).rejects.toThrow();
  });

  it('sweeps the pieces of an upload a killed process left, and keeps one still arriving', async () => {
    const blobs = new DiskBlobs(dir);
    const store = new FileStore(blobs, 'a secret of at least thirty-two characters');
    const old = await blobs.reserve('left-behind');
    const fresh = await blobs.reserve('arriving');
    fs.writeFileSync(old.temp, 'half a file');
    fs.writeFileSync(fresh.temp, 'half a file');
    const dayAgo = new Date(Date.now() - 86_400_000);
    fs.utimesSync(old.temp, dayAgo, dayAgo);
    expect(await store.sweepIncoming(new Date(Date.now() - 3_600_000))).toBe(1);
    expect([fs.existsSync(old.temp), fs.existsSync(fresh.temp)]).toEqual([false, true]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveEnvelopeKeys } from '@parley/crypto';
import { readFileRange } from '@parley/crypto/files';
import { Sealer, sealer } from './sealer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-sealer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('sealer', () => {
  it('writes on its worker the chunked form packages/crypto reads, with the plaintext hash, for uploads at once', async () => {
    const fileKey = randomBytes(32);
    const keys = await deriveEnvelopeKeys(fileKey);
    const files = [randomBytes(0), randomBytes(3 * 1024 * 1024 + 17), randomBytes(70_000)];
    const pieces = (data: Buffer) => [data.subarray(0, 1000), data.subarray(1000)];
    const sealed = await Promise.all(
      files.map((data, i) => sealer.seal(path.join(dir, `f${i}`), fileKey, `f${i}`, pieces(data))),
    );
    for (const [i, data] of files.entries()) {
      expect(sealed[i]).toEqual({ size: data.length, sha256: createHashHex(data) });
      const file = fs.readFileSync(path.join(dir, `f${i}`));
      expect(Buffer.from(await readFileRange(keys, `f${i}`, file, 0, data.length)).equals(data)).toBe(true);
    }
  });

  it('leaves no file when the source fails midway or the file cannot be made', async () => {
    async function* cutOff() {
      yield randomBytes(2 * 1024 * 1024);
      throw new Error('the client went away');
    }
    const target = path.join(dir, 'cut');
    await expect(sealer.seal(target, randomBytes(32), 'cut', cutOff())).rejects.toThrow(
      'the client went away',
    );
    expect(fs.existsSync(target)).toBe(false);
    const nowhere = path.join(dir, 'no-such-folder', 'file');
    await expect(sealer.seal(nowhere, randomBytes(32), 'x', [randomBytes(10)])).rejects.toThrow(/ENOENT/);
    // The worker goes on serving after both.
    expect(
      (await sealer.seal(path.join(dir, 'after'), randomBytes(32), 'after', [Buffer.from('ok')])).size,
    ).toBe(2);
  });

  it('fails an upload whose worker dies midway, leaves no file, and starts a new worker for the next', async () => {
    const own = new Sealer();
    const target = path.join(dir, 'orphan');
    async function* slowly() {
      yield randomBytes(1024 * 1024 + 1);
      await (own as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      yield randomBytes(10);
    }
    await expect(own.seal(target, randomBytes(32), 'orphan', slowly())).rejects.toThrow(/stopped/);
    expect(fs.existsSync(target)).toBe(false);
    const next = await own.seal(path.join(dir, 'next'), randomBytes(32), 'next', [Buffer.from('fine')]);
    expect(next.size).toBe(4);
  });
});

const createHashHex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

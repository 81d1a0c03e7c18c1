import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveEnvelopeKeys, encryptFile, readFileRange } from '@parley/crypto';
import { encryptFileNode } from './encrypt-file-node.js';

describe('encryptFileNode', () => {
  it('writes the chunked form packages/crypto reads back, across chunk edges and for an empty file', async () => {
    const secret = randomBytes(32);
    const keys = await deriveEnvelopeKeys(secret);
    for (const size of [0, 1, 65_536, 65_537, 200_000]) {
      const data = randomBytes(size);
      const file = encryptFileNode(secret, data, 'file-id');
      expect(file.length).toBe((await encryptFile(keys, { data, keyVersion: 1, context: 'file-id' })).length);
      expect(Buffer.from(await readFileRange(keys, 'file-id', file, 0, size)).equals(data)).toBe(true);
      if (size > 70_000) {
        const part = await readFileRange(keys, 'file-id', file, 65_530, 65_600);
        expect(Buffer.from(part).equals(data.subarray(65_530, 65_600))).toBe(true);
      }
    }
  });

  it('is refused under another context or when a byte changes', async () => {
    const secret = randomBytes(32);
    const keys = await deriveEnvelopeKeys(secret);
    const file = encryptFileNode(secret, randomBytes(1000), 'a');
    await expect(readFileRange(keys, 'b', file, 0, 1000)).rejects.toMatchObject({ code: 'bad_tag' });
    file[100] = file[100]! ^ 1;
    await expect(readFileRange(keys, 'a', file, 0, 1000)).rejects.toMatchObject({ code: 'bad_tag' });
  });
});

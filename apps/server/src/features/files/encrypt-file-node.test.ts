import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveEnvelopeKeys } from '@parley/crypto';
import { encryptFile, parseFileHeader, planRange, readFileRange } from '@parley/crypto/files';
import { decryptRangeNode, FileEncryptor, fileKeys } from './encrypt-file-node.js';

/** A whole buffer through the encryptor, header first. */
function encryptFileNode(fileKey: Uint8Array, data: Uint8Array, context: string): Buffer {
  const encryptor = new FileEncryptor(fileKey, context);
  const body = encryptor.push(data);
  const { pieces, header } = encryptor.end();
  return Buffer.concat([header, ...body, ...pieces]);
}

describe('FileEncryptor and decryptRangeNode', () => {
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

  it('reads back the same when the bytes arrive in pieces of any size, a chunk edge falling inside or between them', async () => {
    const fileKey = randomBytes(32);
    const keys = await deriveEnvelopeKeys(fileKey);
    const data = randomBytes(3 * 65_536 + 5);
    for (const sizes of [[65_536, 65_536, 65_536, 5], [1, 0, 70_000, 65_535, 1_000_000], [196_613]]) {
      const encryptor = new FileEncryptor(fileKey, 'file-id');
      const body: Buffer[] = [];
      for (let at = 0, i = 0; at < data.length; at += sizes[i % sizes.length]!, i++)
        body.push(...encryptor.push(data.subarray(at, at + sizes[i % sizes.length]!)));
      const { pieces, header } = encryptor.end();
      const file = Buffer.concat([header, ...body, ...pieces]);
      expect(file.length).toBe(encryptFileNode(fileKey, data, 'file-id').length);
      expect(Buffer.from(await readFileRange(keys, 'file-id', file, 0, data.length)).equals(data)).toBe(true);
    }
  });

  it('decrypts any range as packages/crypto does, and refuses a flipped bit in a chunk it reads', async () => {
    const fileKey = randomBytes(32);
    const data = randomBytes(3 * 65_536 + 100);
    const file = encryptFileNode(fileKey, data, 'file-id');
    const header = parseFileHeader(file);
    const read = (start: number, end: number, bytes = file) => {
      const plan = planRange(header, start, end);
      return decryptRangeNode(
        fileKeys(fileKey),
        header,
        'file-id',
        plan,
        bytes.subarray(plan.encryptedStart, plan.encryptedEnd),
      );
    };
    for (const [start, end] of [
      [0, 0],
      [0, 1],
      [5, 21],
      [65_530, 65_600],
      [65_536, 131_072],
      [1, data.length],
      [data.length - 3, data.length],
      [17, 3 * 65_536 + 1],
    ])
      expect(read(start!, end!).equals(data.subarray(start, end))).toBe(true);
    const tampered = Buffer.from(file);
    tampered[tampered.length - 50] = tampered[tampered.length - 50]! ^ 1;
    expect(() => read(3 * 65_536, data.length, tampered)).toThrow(
      expect.objectContaining({ code: 'bad_tag' }),
    );
    // A chunk the range does not reach is not read, so its damage does not matter here.
    expect(read(0, 10, tampered).equals(data.subarray(0, 10))).toBe(true);
    expect(() => read(0, 10, file.subarray(0, 100))).toThrow();
  });
});

import { createCipheriv, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toHex, u64 } from '../src/bytes.js';
import {
  CHUNK_BYTES,
  chunkCount,
  chunkLayout,
  decryptChunk,
  encryptedFileSize,
  encryptFile,
  FILE_HEADER_BYTES,
  parseFileHeader,
} from '../src/chunked.js';
import { decryptFile, planRange, readFileRange } from '../src/file-range.js';
import { deriveEnvelopeKeys, generateChannelKey } from '../src/keys.js';
import { expectCryptoError, lp, nodeEnvelopeKeys, u32be } from './helpers.js';

const fileId = 'file-0b9d';
const K = CHUNK_BYTES;

function pattern(size: number): Uint8Array {
  return Uint8Array.from({ length: size }, (_, i) => (i * 31 + (i >> 8)) & 0xff);
}

async function encrypted(size: number) {
  const secret = generateChannelKey();
  const keys = await deriveEnvelopeKeys(secret);
  const data = pattern(size);
  const file = await encryptFile(keys, { data, keyVersion: 2, context: fileId });
  return { secret, keys, data, file, header: parseFileHeader(file) };
}

describe('encryptFile / decryptFile', () => {
  it.each([0, 1, K - 1, K, K + 1, 3 * K + 5])('round-trips %i bytes', async (size) => {
    const { keys, data, file } = await encrypted(size);
    expect(file.length).toBe(encryptedFileSize(size));
    expect(toHex(await decryptFile(keys, fileId, file))).toBe(toHex(data));
  });

  it("matches Node's aes-256-ctr over the whole file and createHmac per chunk", async () => {
    const { secret, data, file, header } = await encrypted(2 * K + 100);
    const node = nodeEnvelopeKeys(secret);
    const cipher = createCipheriv('aes-256-ctr', node.enc, Buffer.concat([header.nonce, Buffer.alloc(4)]));
    const ct = Buffer.concat([cipher.update(data), cipher.final()]);
    expect(Buffer.from(file.subarray(0, FILE_HEADER_BYTES)).toString('hex')).toBe(
      Buffer.concat([Buffer.of(1), u32be(2), header.nonce, u64(data.length)]).toString('hex'),
    );
    for (let i = 0; i < 3; i++) {
      const at = chunkLayout(header.size, i);
      const chunkCt = ct.subarray(at.plainStart, at.plainEnd);
      expect(Buffer.from(file.subarray(at.start, at.end - 32)).equals(chunkCt)).toBe(true);
      const macInput = Buffer.concat([
        lp(Buffer.from('parley/chunk')),
        Buffer.of(1),
        u32be(2),
        lp(Buffer.from(fileId)),
        lp(header.nonce),
        u32be(i),
        Buffer.of(i === 2 ? 1 : 0),
        lp(chunkCt),
      ]);
      const tag = createHmac('sha256', node.mac).update(macInput).digest('hex');
      expect(toHex(file.subarray(at.end - 32, at.end))).toBe(tag);
    }
  });

  it('rejects the wrong file id', async () => {
    const { keys, file } = await encrypted(100);
    await expectCryptoError(decryptFile(keys, 'file-other', file), 'bad_tag');
  });
});

describe('one chunk or a byte range on its own', () => {
  it('decrypts a middle chunk alone', async () => {
    const { keys, data, file, header } = await encrypted(3 * K + 5);
    const at = chunkLayout(header.size, 1);
    const plain = await decryptChunk(keys, header, fileId, 1, file.slice(at.start, at.end));
    expect(toHex(plain)).toBe(toHex(data.subarray(K, 2 * K)));
  });

  it('plans and decrypts a range across chunk boundaries from just the bytes it needs', async () => {
    const { keys, data, file, header } = await encrypted(3 * K + 5);
    const plan = planRange(header, K - 10, 2 * K + 20);
    expect(plan).toMatchObject({ firstChunk: 0, lastChunk: 2 });
    expect(plan.encryptedEnd).toBe(chunkLayout(header.size, 2).end);
    for (const [start, end] of [
      [K - 10, 2 * K + 20],
      [0, 1],
      [3 * K, 3 * K + 5],
      [K, 2 * K],
      [5, 5],
      [0, 3 * K + 5],
    ] as const) {
      const got = await readFileRange(keys, fileId, file, start, end);
      expect(toHex(got)).toBe(toHex(data.subarray(start, end)));
    }
  });

  it('rejects ranges outside the file', () => {
    const header = { v: 1, keyVersion: 1, nonce: new Uint8Array(12), size: 10 } as const;
    expect(() => planRange(header, 0, 11)).toThrow();
    expect(() => planRange(header, 5, 4)).toThrow();
    expect(chunkCount(0)).toBe(1);
  });
});

describe('tampering with a chunked file', () => {
  it('catches a dropped last chunk, even with the size in the header lowered to match', async () => {
    const { keys, file } = await encrypted(2 * K + 5);
    const dropped = file.slice(0, chunkLayout(2 * K + 5, 2).start);
    await expectCryptoError(decryptFile(keys, fileId, dropped), 'bad_format');
    dropped.set(u64(2 * K), FILE_HEADER_BYTES - 8);
    await expectCryptoError(decryptFile(keys, fileId, dropped), 'bad_tag');
  });

  it('catches two swapped chunks', async () => {
    const { keys, file, header } = await encrypted(3 * K);
    const [a, b] = [chunkLayout(header.size, 0), chunkLayout(header.size, 1)];
    const swapped = file.slice();
    swapped.set(file.subarray(b.start, b.end), a.start);
    swapped.set(file.subarray(a.start, a.end), b.start);
    await expectCryptoError(decryptFile(keys, fileId, swapped), 'bad_tag');
    const chunk1 = swapped.slice(b.start, b.end);
    await expectCryptoError(decryptChunk(keys, header, fileId, 1, chunk1), 'bad_tag');
  });

  it('catches a flipped bit in a chunk, a tag, the nonce or the key version', async () => {
    const { keys, file, header } = await encrypted(2 * K + 5);
    const last = chunkLayout(header.size, 2);
    for (const offset of [
      1,
      4,
      5,
      16,
      FILE_HEADER_BYTES,
      FILE_HEADER_BYTES + K + 3,
      last.end - 1,
      last.start,
    ]) {
      const copy = file.slice();
      copy[offset]! ^= 0x04;
      await expectCryptoError(decryptFile(keys, fileId, copy), 'bad_tag');
    }
    const copy = file.slice();
    copy[0]! ^= 0x04;
    await expectCryptoError(decryptFile(keys, fileId, copy), 'bad_version');
  });

  it('catches a flipped bit when reading only a range', async () => {
    const { keys, file } = await encrypted(3 * K + 5);
    const copy = file.slice();
    copy[chunkLayout(3 * K + 5, 1).start + 100]! ^= 1;
    await expectCryptoError(readFileRange(keys, fileId, copy, K + 50, K + 60), 'bad_tag');
    expect((await readFileRange(keys, fileId, copy, 0, 10)).length).toBe(10);
  });
});

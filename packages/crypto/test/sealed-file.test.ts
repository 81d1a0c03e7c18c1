import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_HEADER_BYTES, encryptedFileSize } from '../src/chunked.js';
import { decodeMessagePayload, encodeMessagePayload, type SealedFileMeta } from '../src/message-payload.js';
import { openSealedFile, sealFile } from '../src/sealed-file.js';
import { expectCryptoError } from './helpers.js';

const channelId = '3b1f6a52-0000-4000-8000-000000000001';
const plain = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 13 + 7) & 0xff);
const includes = (hay: Uint8Array, needle: Uint8Array) => Buffer.from(hay).includes(Buffer.from(needle));

describe('sealFile / openSealedFile', () => {
  it('round-trips across chunk edges, with the plaintext nowhere in the ciphertext', async () => {
    for (const size of [0, 1, 65_536, 65_537, 200_000]) {
      const data = plain(size);
      const sealed = await sealFile(data, channelId);
      expect(sealed.ciphertext.length).toBe(encryptedFileSize(size));
      expect(sealed.sha256).toBe(createHash('sha256').update(data).digest('hex'));
      expect(sealed.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      if (size > 64) expect(includes(sealed.ciphertext, data.subarray(0, 64))).toBe(false);
      expect(
        Buffer.from(await openSealedFile(sealed.ciphertext, sealed, channelId)).equals(Buffer.from(data)),
      ).toBe(true);
    }
  });

  it('uses a new key for every file', async () => {
    const data = plain(100);
    const [a, b] = await Promise.all([sealFile(data, channelId), sealFile(data, channelId)]);
    expect(a.key).not.toBe(b.key);
    expect(Buffer.from(a.ciphertext).equals(Buffer.from(b.ciphertext))).toBe(false);
  });

  it('refuses a flipped byte in any chunk, a truncated file, another key or another channel', async () => {
    const sealed = await sealFile(plain(150_000), channelId);
    for (const at of [FILE_HEADER_BYTES + 5, FILE_HEADER_BYTES + 70_000, sealed.ciphertext.length - 1]) {
      const bad = sealed.ciphertext.slice();
      bad[at] = bad[at]! ^ 1;
      await expectCryptoError(openSealedFile(bad, sealed, channelId), 'bad_tag');
    }
    await expectCryptoError(
      openSealedFile(sealed.ciphertext.slice(0, FILE_HEADER_BYTES + 65_536 + 32), sealed, channelId),
      'bad_format',
    );
    const other = await sealFile(plain(10), channelId);
    await expectCryptoError(openSealedFile(sealed.ciphertext, other, channelId), 'bad_tag');
    await expectCryptoError(openSealedFile(sealed.ciphertext, sealed, 'another-channel'), 'bad_tag');
  });

  it('refuses a file that opens but is not the one the message names', async () => {
    const sealed = await sealFile(plain(10), channelId);
    await expectCryptoError(
      openSealedFile(sealed.ciphertext, { key: sealed.key, sha256: '0'.repeat(64) }, channelId),
      'bad_tag',
    );
  });
});

describe('message payload', () => {
  const file: SealedFileMeta = {
    id: 'f0d6c6d4-0000-4000-8000-000000000002',
    key: 'A'.repeat(43),
    name: 'plan.txt',
    type: 'text/plain',
    size: 12,
    sha256: 'a'.repeat(64),
  };

  it('keeps a message of text alone as bare text, as older messages are', () => {
    expect(encodeMessagePayload({ text: 'hello', files: [] })).toBe('hello');
    expect(decodeMessagePayload('hello')).toEqual({ text: 'hello', files: [] });
  });

  it('carries files with their keys, names and previews', () => {
    const withThumb = {
      ...file,
      width: 800,
      height: 600,
      thumb: { id: 't1', key: 'B'.repeat(43), type: 'image/jpeg' },
    };
    const encoded = encodeMessagePayload({ text: 'see', files: [withThumb, file] });
    expect(decodeMessagePayload(encoded)).toEqual({ text: 'see', files: [withThumb, file] });
  });

  it('reads a malformed files payload as plain text instead of trusting it', () => {
    const encoded = encodeMessagePayload({ text: 'x', files: [{ ...file, key: 'short' }] });
    expect(decodeMessagePayload(encoded)).toEqual({ text: encoded, files: [] });
    expect(decodeMessagePayload(`${encoded.slice(0, 25)}{`).files).toEqual([]);
  });
});

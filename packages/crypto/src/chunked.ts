import {
  concatBytes,
  copyBytes,
  equalConstantTime,
  lengthPrefixed,
  randomBytes,
  readU32,
  readU64,
  u32,
  u64,
  u8,
  utf8,
  type Bytes,
} from './bytes.js';
import {
  BLOCK_BYTES,
  contextBytes,
  counterBlock,
  ENVELOPE_VERSION,
  NONCE_BYTES,
  TAG_BYTES,
} from './envelope.js';
import { CryptoError } from './errors.js';
import type { EnvelopeKeys } from './keys.js';
import { aesCtr, hmacSha256 } from './primitives.js';

export const CHUNK_BYTES = 64 * 1024;
export const FILE_HEADER_BYTES = 1 + 4 + NONCE_BYTES + 8;
const BLOCKS_PER_CHUNK = CHUNK_BYTES / BLOCK_BYTES;
/** 2^20 chunks of 4096 blocks fill the 32-bit counter exactly, so no counter block repeats in a file. */
export const MAX_FILE_BYTES = 2 ** 20 * CHUNK_BYTES;
const CHUNK_LABEL = utf8('parley/chunk');

export type FileHeader = {
  readonly v: 1;
  readonly keyVersion: number;
  readonly nonce: Bytes;
  readonly size: number;
};
export type EncryptFileInput = { data: Uint8Array; keyVersion: number; context: string };

/** An empty file still has one (empty, final) chunk, so it cannot be forged by dropping everything. */
export const chunkCount = (size: number): number => Math.max(1, Math.ceil(size / CHUNK_BYTES));
export const encryptedFileSize = (size: number): number =>
  FILE_HEADER_BYTES + size + chunkCount(size) * TAG_BYTES;

/** Where chunk `index` sits: its plaintext span and its byte span (ciphertext || tag) in the encrypted file. */
export function chunkLayout(size: number, index: number) {
  const count = chunkCount(size);
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    throw new CryptoError('invalid_argument', `No chunk ${index}`);
  }
  const plainStart = index * CHUNK_BYTES;
  const plainEnd = Math.min(size, plainStart + CHUNK_BYTES);
  const start = FILE_HEADER_BYTES + index * (CHUNK_BYTES + TAG_BYTES);
  return {
    plainStart,
    plainEnd,
    start,
    end: start + (plainEnd - plainStart) + TAG_BYTES,
    final: index === count - 1,
  };
}

export function encodeFileHeader(header: FileHeader): Bytes {
  return concatBytes(u8(header.v), u32(header.keyVersion), header.nonce, u64(header.size));
}

export function parseFileHeader(bytes: Uint8Array): FileHeader {
  if (bytes.length < 1) throw new CryptoError('bad_format');
  if (bytes[0] !== ENVELOPE_VERSION) throw new CryptoError('bad_version');
  if (bytes.length < FILE_HEADER_BYTES) throw new CryptoError('bad_format', 'File header truncated');
  const size = readU64(bytes, 1 + 4 + NONCE_BYTES);
  if (size > MAX_FILE_BYTES) throw new CryptoError('too_large');
  return { v: ENVELOPE_VERSION, keyVersion: readU32(bytes, 1), nonce: bytes.slice(5, 5 + NONCE_BYTES), size };
}

/** Chunk i starts at block i * 4096 of the file's single CTR stream. */
const chunkCounter = (header: FileHeader, index: number) =>
  counterBlock(header.nonce, index * BLOCKS_PER_CHUNK);

export function chunkMacInput(
  header: FileHeader,
  context: string,
  index: number,
  final: boolean,
  ct: Uint8Array,
) {
  return concatBytes(chunkMacPrefix(header, context, index, final, ct.length), ct);
}

/** What a chunk's MAC covers before the ciphertext itself, for a MAC fed in parts. */
export function chunkMacPrefix(
  header: FileHeader,
  context: string,
  index: number,
  final: boolean,
  ctLength: number,
) {
  return concatBytes(
    lengthPrefixed(CHUNK_LABEL),
    u8(header.v),
    u32(header.keyVersion),
    lengthPrefixed(contextBytes(context)),
    lengthPrefixed(header.nonce),
    u32(index),
    u8(final ? 1 : 0),
    u32(ctLength),
  );
}

const CHUNKS_IN_FLIGHT = 8;

/** Runs `work` for chunks 0..count-1, a few at once: WebCrypto works off the main thread, so tags overlap. */
export async function eachChunk(count: number, work: (index: number) => Promise<void>): Promise<void> {
  for (let first = 0; first < count; first += CHUNKS_IN_FLIGHT) {
    const batch = Array.from({ length: Math.min(CHUNKS_IN_FLIGHT, count - first) }, (_, k) =>
      work(first + k),
    );
    await Promise.all(batch);
  }
}

/** Encrypts a whole buffer: header, then each 64 KiB chunk's ciphertext followed by its tag. */
export async function encryptFile(keys: EnvelopeKeys, input: EncryptFileInput): Promise<Bytes> {
  const size = input.data.length;
  if (size > MAX_FILE_BYTES) throw new CryptoError('too_large');
  const header: FileHeader = {
    v: ENVELOPE_VERSION,
    keyVersion: input.keyVersion,
    nonce: randomBytes(NONCE_BYTES),
    size,
  };
  const ciphertext = await aesCtr(keys.enc, counterBlock(header.nonce), input.data);
  const out = new Uint8Array(encryptedFileSize(size));
  out.set(encodeFileHeader(header));
  await eachChunk(chunkCount(size), async (i) => {
    const at = chunkLayout(size, i);
    const ct = ciphertext.subarray(at.plainStart, at.plainEnd);
    out.set(ct, at.start);
    out.set(
      await hmacSha256(keys.mac, chunkMacInput(header, input.context, i, at.final, ct)),
      at.end - TAG_BYTES,
    );
  });
  return out;
}

/** Checks one chunk's tag in constant time; returns its ciphertext. */
export async function verifyChunk(
  keys: EnvelopeKeys,
  header: FileHeader,
  context: string,
  index: number,
  chunk: Uint8Array,
): Promise<Bytes> {
  const at = chunkLayout(header.size, index);
  if (chunk.length !== at.end - at.start) throw new CryptoError('bad_format', 'Chunk has the wrong length');
  const ct = copyBytes(chunk.subarray(0, chunk.length - TAG_BYTES));
  const expected = await hmacSha256(keys.mac, chunkMacInput(header, context, index, at.final, ct));
  if (!equalConstantTime(expected, chunk.subarray(ct.length))) throw new CryptoError('bad_tag');
  return ct;
}

/** Decrypts chunk `index` on its own (bytes chunkLayout(size, index).start..end of the file). */
export async function decryptChunk(
  keys: EnvelopeKeys,
  header: FileHeader,
  context: string,
  index: number,
  chunk: Uint8Array,
): Promise<Bytes> {
  const ct = await verifyChunk(keys, header, context, index, chunk);
  return aesCtr(keys.enc, chunkCounter(header, index), ct);
}

import { copyBytes, type Bytes } from './bytes.js';
import {
  chunkCount,
  chunkLayout,
  CHUNK_BYTES,
  decryptChunk,
  eachChunk,
  encryptedFileSize,
  parseFileHeader,
  verifyChunk,
  type FileHeader,
} from './chunked.js';
import { counterBlock } from './envelope.js';
import { CryptoError } from './errors.js';
import type { EnvelopeKeys } from './keys.js';
import { aesCtr } from './primitives.js';

/** Which chunks cover plaintext [start, end), and the encrypted bytes [encryptedStart, encryptedEnd) to read. */
export type RangePlan = {
  start: number;
  end: number;
  firstChunk: number;
  lastChunk: number;
  encryptedStart: number;
  encryptedEnd: number;
};

export function planRange(header: FileHeader, start: number, end: number): RangePlan {
  if (
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    start < 0 ||
    end < start ||
    end > header.size
  ) {
    throw new CryptoError('invalid_argument', `Bad range ${start}-${end} of ${header.size}`);
  }
  const firstChunk = Math.min(Math.floor(start / CHUNK_BYTES), chunkCount(header.size) - 1);
  const lastChunk = end === start ? firstChunk : Math.floor((end - 1) / CHUNK_BYTES);
  return {
    start,
    end,
    firstChunk,
    lastChunk,
    encryptedStart: chunkLayout(header.size, firstChunk).start,
    encryptedEnd: chunkLayout(header.size, lastChunk).end,
  };
}

/** `encrypted` holds the file's bytes plan.encryptedStart..encryptedEnd; each chunk is verified before use. */
export async function decryptRange(
  keys: EnvelopeKeys,
  header: FileHeader,
  context: string,
  plan: RangePlan,
  encrypted: Uint8Array,
): Promise<Bytes> {
  if (encrypted.length !== plan.encryptedEnd - plan.encryptedStart) {
    throw new CryptoError('bad_format', 'Range bytes have the wrong length');
  }
  const parts: Bytes[] = [];
  for (let i = plan.firstChunk; i <= plan.lastChunk; i++) {
    const at = chunkLayout(header.size, i);
    const chunk = encrypted.subarray(at.start - plan.encryptedStart, at.end - plan.encryptedStart);
    parts.push(await decryptChunk(keys, header, context, i, chunk));
  }
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((offset, p) => (joined.set(p, offset), offset + p.length), 0);
  const skip = plan.start - plan.firstChunk * CHUNK_BYTES;
  return joined.slice(skip, skip + plan.end - plan.start);
}

/** Convenience for a whole encrypted file in memory: plaintext bytes [start, end). */
export async function readFileRange(
  keys: EnvelopeKeys,
  context: string,
  file: Uint8Array,
  start: number,
  end: number,
) {
  const header = parseFileHeader(file);
  const plan = planRange(header, start, end);
  return decryptRange(keys, header, context, plan, file.subarray(plan.encryptedStart, plan.encryptedEnd));
}

/** Verifies every chunk (so truncation, reordering or a flipped bit throws), then decrypts in one pass. */
export async function decryptFile(keys: EnvelopeKeys, context: string, file: Uint8Array): Promise<Bytes> {
  const header = parseFileHeader(file);
  if (file.length !== encryptedFileSize(header.size))
    throw new CryptoError('bad_format', 'File has the wrong length');
  const ciphertext = new Uint8Array(header.size);
  await eachChunk(chunkCount(header.size), async (i) => {
    const at = chunkLayout(header.size, i);
    ciphertext.set(
      await verifyChunk(keys, header, context, i, file.subarray(at.start, at.end)),
      at.plainStart,
    );
  });
  return aesCtr(keys.enc, counterBlock(header.nonce), copyBytes(ciphertext));
}

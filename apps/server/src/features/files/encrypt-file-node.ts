import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  type Cipher,
} from 'node:crypto';
import { CryptoError, HKDF_INFO, TAG_BYTES, type FileHeader, type RangePlan } from '@parley/crypto';
import {
  CHUNK_BYTES,
  chunkLayout,
  chunkMacPrefix,
  encodeFileHeader,
  FILE_HEADER_BYTES,
  MAX_FILE_BYTES,
} from '@parley/crypto/files';

const key = (secret: Uint8Array, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), info, 32));

/** A file key's AES and HMAC keys, as packages/crypto derives them. */
export type FileKeys = { enc: Buffer; mac: Buffer };
export const fileKeys = (fileKey: Uint8Array): FileKeys => ({
  enc: key(fileKey, HKDF_INFO.enc),
  mac: key(fileKey, HKDF_INFO.mac),
});

/** Sealed bytes handed out together: one write per megabyte, not per piece. */
const BATCH_BYTES = 16 * CHUNK_BYTES;

/**
 * The chunked file form of packages/crypto (encryptFile), made with Node's own AES and HMAC for
 * speed and fed in pieces as they arrive: one AES-256-CTR stream from block 0 (the 32-bit counter
 * never wraps within a file), each 64 KiB chunk followed by its HMAC-SHA-256 tag. The header,
 * which holds the size, is known only at the end; packages/crypto reads the result back.
 */
export class FileEncryptor {
  private readonly nonce = randomBytes(12);
  private readonly cipher: Cipher;
  private readonly macKey: Buffer;
  /** The current chunk's ciphertext, in the pieces it arrived in: its tag waits until it is known whether it is the last. */
  private chunk: Buffer[] = [];
  private chunkBytes = 0;
  private index = 0;
  /** Sealed chunks and tags not yet handed out. */
  private ready: Buffer[] = [];
  private readyBytes = 0;
  size = 0;

  constructor(
    fileKey: Uint8Array,
    private readonly context: string,
  ) {
    const keys = fileKeys(fileKey);
    this.cipher = createCipheriv('aes-256-ctr', keys.enc, Buffer.concat([this.nonce, Buffer.alloc(4)]));
    this.macKey = keys.mac;
  }

  /** Encrypts these bytes; answers sealed chunks to append once about a megabyte is ready. */
  push(piece: Uint8Array): Buffer[] {
    if (piece.length === 0) return [];
    this.size += piece.length;
    if (this.size > MAX_FILE_BYTES) throw new Error('File too large');
    let ct = this.cipher.update(piece);
    while (ct.length > 0) {
      // A full chunk followed by more bytes was not the last one.
      if (this.chunkBytes === CHUNK_BYTES) this.seal(false);
      const take = Math.min(CHUNK_BYTES - this.chunkBytes, ct.length);
      this.chunk.push(ct.subarray(0, take));
      this.chunkBytes += take;
      ct = ct.subarray(take);
    }
    return this.readyBytes >= BATCH_BYTES ? this.take() : [];
  }

  /** The rest, ending with the final chunk (empty for an empty file, so nothing can be cut off unseen), and the header to put first. */
  end(): { pieces: Buffer[]; header: Buffer } {
    this.seal(true);
    this.cipher.final();
    return { pieces: this.take(), header: Buffer.from(encodeFileHeader(this.headerOf())) };
  }

  private headerOf(): FileHeader {
    return { v: 1, keyVersion: 1, nonce: this.nonce, size: this.size };
  }

  private seal(final: boolean) {
    const mac = createHmac('sha256', this.macKey).update(
      chunkMacPrefix(this.headerOf(), this.context, this.index++, final, this.chunkBytes),
    );
    for (const part of this.chunk) mac.update(part);
    const tag = mac.digest();
    this.ready.push(...this.chunk, tag);
    this.readyBytes += this.chunkBytes + tag.length;
    this.chunk = [];
    this.chunkBytes = 0;
  }

  private take(): Buffer[] {
    const out = this.ready;
    this.ready = [];
    this.readyBytes = 0;
    return out;
  }
}

/** Room for the header, rewritten once the size is known. */
export const HEADER_PLACEHOLDER = Buffer.alloc(FILE_HEADER_BYTES);

const BLOCK = 16;

/**
 * Plaintext [plan.start, plan.end) from the encrypted bytes the plan names (packages/crypto's
 * decryptRange, with Node's own AES and HMAC): every chunk's tag is checked in constant time
 * before any of it is decrypted, and only the blocks asked for are.
 */
export function decryptRangeNode(
  keys: FileKeys,
  header: FileHeader,
  context: string,
  plan: RangePlan,
  encrypted: Uint8Array,
): Buffer {
  if (encrypted.length !== plan.encryptedEnd - plan.encryptedStart)
    throw new CryptoError('bad_format', 'Range bytes have the wrong length');
  const chunks = [];
  for (let i = plan.firstChunk; i <= plan.lastChunk; i++) {
    const at = chunkLayout(header.size, i);
    const chunk = encrypted.subarray(at.start - plan.encryptedStart, at.end - plan.encryptedStart);
    const ct = chunk.subarray(0, chunk.length - TAG_BYTES);
    const tag = createHmac('sha256', keys.mac)
      .update(chunkMacPrefix(header, context, i, at.final, ct.length))
      .update(ct)
      .digest();
    if (!timingSafeEqual(tag, chunk.subarray(ct.length))) throw new CryptoError('bad_tag');
    chunks.push({ at, ct });
  }
  const out = Buffer.allocUnsafe(plan.end - plan.start);
  let written = 0;
  for (const { at, ct } of chunks) {
    const from = Math.max(plan.start, at.plainStart) - at.plainStart;
    const to = Math.min(plan.end, at.plainEnd) - at.plainStart;
    if (to <= from) continue;
    const firstBlock = Math.floor(from / BLOCK);
    const counter = Buffer.alloc(16);
    counter.set(header.nonce);
    counter.writeUInt32BE(at.plainStart / BLOCK + firstBlock, 12);
    const plain = createDecipheriv('aes-256-ctr', keys.enc, counter).update(
      ct.subarray(firstBlock * BLOCK, to),
    );
    written += plain.copy(out, written, from - firstBlock * BLOCK);
  }
  return out.subarray(0, written);
}

import { createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import {
  chunkCount,
  chunkLayout,
  chunkMacPrefix,
  encodeFileHeader,
  encryptedFileSize,
  HKDF_INFO,
  MAX_FILE_BYTES,
  type FileHeader,
} from '@parley/crypto';

const key = (secret: Uint8Array, info: string) =>
  Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), info, 32));

/**
 * The chunked file form of packages/crypto (encryptFile), made with Node's own AES and HMAC for
 * speed: one AES-256-CTR stream from block 0 (the 32-bit counter never wraps within a file),
 * then each 64 KiB chunk's HMAC-SHA-256 tag. packages/crypto reads it back.
 */
export function encryptFileNode(secret: Uint8Array, data: Uint8Array, context: string): Buffer {
  if (data.length > MAX_FILE_BYTES) throw new Error('File too large');
  const header: FileHeader = { v: 1, keyVersion: 1, nonce: randomBytes(12), size: data.length };
  const cipher = createCipheriv(
    'aes-256-ctr',
    key(secret, HKDF_INFO.enc),
    Buffer.concat([header.nonce, Buffer.alloc(4)]),
  );
  const mac = key(secret, HKDF_INFO.mac);
  const out = Buffer.alloc(encryptedFileSize(data.length));
  out.set(encodeFileHeader(header));
  // Chunk by chunk, each written in place: CTR continues its counter across updates, and no copy
  // of the whole file is made beside the output.
  for (let i = 0; i < chunkCount(data.length); i++) {
    const at = chunkLayout(data.length, i);
    const ct = cipher.update(data.subarray(at.plainStart, at.plainEnd));
    out.set(ct, at.start);
    const tag = createHmac('sha256', mac)
      .update(chunkMacPrefix(header, context, i, at.final, ct.length))
      .update(ct)
      .digest();
    out.set(tag, at.end - tag.length);
  }
  cipher.final();
  return out;
}

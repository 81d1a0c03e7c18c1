import { fromBase64Url, toBase64Url, toHex, type Bytes } from './bytes.js';
import { encryptFile } from './chunked.js';
import { CryptoError } from './errors.js';
import { decryptFile } from './file-range.js';
import { deriveEnvelopeKeys, generateChannelKey } from './keys.js';
import { sha256 } from './primitives.js';

/** A file sealed in the browser: the ciphertext to upload, and what the reader needs, sent inside the message. */
export type SealedFile = { ciphertext: Bytes; key: string; sha256: string };

/** The chunked form's context for a file sealed for a channel (its id is not known before upload). */
export const sealedFileContext = (channelId: string) => `file:${channelId}`;

/** Encrypts with a fresh random key (the chunked form, keyVersion 1); the key never reaches the server. */
export async function sealFile(data: Uint8Array, channelId: string): Promise<SealedFile> {
  const secret = generateChannelKey();
  const keys = await deriveEnvelopeKeys(secret);
  const [ciphertext, digest] = await Promise.all([
    encryptFile(keys, { data, keyVersion: 1, context: sealedFileContext(channelId) }),
    sha256(data),
  ]);
  return { ciphertext, key: toBase64Url(secret), sha256: toHex(digest) };
}

/**
 * Checks every chunk's tag, decrypts, and checks the plaintext against the sha256 the sender signed:
 * an altered byte throws (`bad_tag`, `bad_format`), never yields wrong bytes.
 */
export async function openSealedFile(
  ciphertext: Uint8Array,
  file: { key: string; sha256?: string },
  channelId: string,
): Promise<Bytes> {
  const keys = await deriveEnvelopeKeys(fromBase64Url(file.key));
  const plain = await decryptFile(keys, sealedFileContext(channelId), ciphertext);
  if (file.sha256 !== undefined && toHex(await sha256(plain)) !== file.sha256.toLowerCase())
    throw new CryptoError('bad_tag', 'The file does not match its checksum');
  return plain;
}

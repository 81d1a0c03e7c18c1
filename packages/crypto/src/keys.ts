import { copyBytes, randomBytes, utf8, type Bytes } from './bytes.js';
import { CryptoError } from './errors.js';
import { hkdfSha256, importAesCtrKey, importHmacKey } from './primitives.js';

export const SECRET_BYTES = 32;

/** HKDF-SHA-256 info strings; salt is empty. Documented in docs/encryption.md. */
export const HKDF_INFO = {
  enc: 'parley/v1/enc',
  mac: 'parley/v1/mac',
  wrap: 'parley/v1/wrap',
  recovery: 'parley/v1/recovery',
} as const;

/** The two keys of an envelope; never the same key for both jobs. */
export type EnvelopeKeys = { readonly enc: CryptoKey; readonly mac: CryptoKey };

/** A fresh 32-byte channel (or file) key secret. */
export function generateChannelKey(): Bytes {
  return randomBytes(SECRET_BYTES);
}

export async function deriveEnvelopeKeys(secret: Uint8Array): Promise<EnvelopeKeys> {
  if (secret.length !== SECRET_BYTES) throw new CryptoError('bad_key', 'A key secret is 32 bytes');
  const s = copyBytes(secret);
  const none = new Uint8Array(0);
  const [enc, mac] = await Promise.all([
    hkdfSha256(s, none, utf8(HKDF_INFO.enc)),
    hkdfSha256(s, none, utf8(HKDF_INFO.mac)),
  ]);
  return { enc: await importAesCtrKey(enc), mac: await importHmacKey(mac) };
}

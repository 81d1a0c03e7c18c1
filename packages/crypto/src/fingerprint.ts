import { concatBytes, lengthPrefixed, toHex, utf8, type Bytes } from './bytes.js';
import { sha256 } from './primitives.js';
import { exportRawPublicKey } from './user-keys.js';

/** SHA-256 of one public key's raw uncompressed point (65 bytes). */
export async function keyFingerprint(publicKey: CryptoKey): Promise<Bytes> {
  return sha256(await exportRawPublicKey(publicKey));
}

/** One value per user covering both public keys, so members compare a single string. */
export async function userFingerprint(keys: { ecdh: CryptoKey; ecdsa: CryptoKey }): Promise<Bytes> {
  const [ecdh, ecdsa] = await Promise.all([exportRawPublicKey(keys.ecdh), exportRawPublicKey(keys.ecdsa)]);
  const label = utf8('parley/fingerprint/v1');
  return sha256(concatBytes(lengthPrefixed(label), lengthPrefixed(ecdh), lengthPrefixed(ecdsa)));
}

/** Upper-case hex in groups of four, e.g. "3F2A 91C0 ..." (16 groups for 32 bytes). */
export function formatFingerprint(fingerprint: Uint8Array): string {
  return (
    toHex(fingerprint)
      .toUpperCase()
      .match(/.{1,4}/g) ?? []
  ).join(' ');
}

import { copyBytes, fromBase64Url, toBase64Url, type Bytes } from './bytes.js';
import { CryptoError } from './errors.js';

export type KeyKind = 'ecdh' | 'ecdsa';

/** A user's two P-256 pairs: ECDH to receive wrapped channel keys, ECDSA to sign messages. */
export type UserKeyPairs = { readonly ecdh: CryptoKeyPair; readonly ecdsa: CryptoKeyPair };

/** Base64url of the raw uncompressed points; the shape of PublicKeys in @parley/protocol. */
export type PublicKeyStrings = { ecdh: string; ecdsa: string };

export const RAW_PUBLIC_KEY_BYTES = 65;

const ALGORITHMS = {
  ecdh: { name: 'ECDH', namedCurve: 'P-256' },
  ecdsa: { name: 'ECDSA', namedCurve: 'P-256' },
} as const;
const PUBLIC_USAGES: Record<KeyKind, KeyUsage[]> = { ecdh: [], ecdsa: ['verify'] };
const PRIVATE_USAGES: Record<KeyKind, KeyUsage[]> = { ecdh: ['deriveBits'], ecdsa: ['sign'] };

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;

/** Private keys are extractable only so they can be wrapped under the passphrase at setup. */
export async function generateUserKeyPairs(): Promise<UserKeyPairs> {
  const [ecdh, ecdsa] = await Promise.all([
    subtle().generateKey(ALGORITHMS.ecdh, true, PRIVATE_USAGES.ecdh),
    subtle().generateKey(ALGORITHMS.ecdsa, true, ['sign', 'verify']),
  ]);
  return { ecdh, ecdsa };
}

export async function exportRawPublicKey(key: CryptoKey): Promise<Bytes> {
  if (key.type !== 'public') throw new CryptoError('bad_key', 'Expected a public key');
  return new Uint8Array(await subtle().exportKey('raw', key));
}

export async function exportPublicKey(key: CryptoKey): Promise<string> {
  return toBase64Url(await exportRawPublicKey(key));
}

export async function exportPublicKeys(pairs: UserKeyPairs): Promise<PublicKeyStrings> {
  const [ecdh, ecdsa] = await Promise.all([
    exportPublicKey(pairs.ecdh.publicKey),
    exportPublicKey(pairs.ecdsa.publicKey),
  ]);
  return { ecdh, ecdsa };
}

/** Accepts raw bytes or their base64url; the point is validated on import. */
export async function importPublicKey(raw: string | Uint8Array, kind: KeyKind): Promise<CryptoKey> {
  const bytes = typeof raw === 'string' ? fromBase64Url(raw) : copyBytes(raw);
  if (bytes.length !== RAW_PUBLIC_KEY_BYTES || bytes[0] !== 4) {
    throw new CryptoError('bad_key', 'Expected an uncompressed P-256 point');
  }
  try {
    return await subtle().importKey('raw', bytes, ALGORITHMS[kind], true, PUBLIC_USAGES[kind]);
  } catch {
    throw new CryptoError('bad_key', 'Not a valid P-256 public key');
  }
}

export async function exportPublicJwk(key: CryptoKey): Promise<JsonWebKey> {
  if (key.type !== 'public') throw new CryptoError('bad_key', 'Expected a public key');
  const { kty, crv, x, y } = await subtle().exportKey('jwk', key);
  return { kty, crv, x, y };
}

export async function importPublicJwk(jwk: JsonWebKey, kind: KeyKind): Promise<CryptoKey> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || jwk.d !== undefined) {
    throw new CryptoError('bad_key', 'Expected a public P-256 JWK');
  }
  const { kty, crv, x, y } = jwk;
  try {
    return await subtle().importKey('jwk', { kty, crv, x, y }, ALGORITHMS[kind], true, PUBLIC_USAGES[kind]);
  } catch {
    throw new CryptoError('bad_key', 'Not a valid P-256 public key');
  }
}

/** Private key as a minimal JWK (kty, crv, x, y, d): the payload the passphrase wrap seals. */
export async function exportPrivateJwk(key: CryptoKey): Promise<JsonWebKey> {
  const { kty, crv, x, y, d } = await subtle().exportKey('jwk', key);
  return { kty, crv, x, y, d };
}

/** Rebuilds a pair from a private JWK; the public half comes from its x and y. */
export async function importKeyPairJwk(
  jwk: JsonWebKey,
  kind: KeyKind,
  extractable: boolean,
): Promise<CryptoKeyPair> {
  try {
    const { kty, crv, x, y, d } = jwk;
    const privateKey = await subtle().importKey(
      'jwk',
      { kty, crv, x, y, d },
      ALGORITHMS[kind],
      extractable,
      PRIVATE_USAGES[kind],
    );
    return { privateKey, publicKey: await importPublicJwk({ kty, crv, x, y }, kind) };
  } catch {
    throw new CryptoError('bad_key', 'Not a valid P-256 private key');
  }
}

/** A copy whose private halves cannot be exported: what a browser keeps once unlocked. */
export async function toNonExtractable(pairs: UserKeyPairs): Promise<UserKeyPairs> {
  const [ecdh, ecdsa] = await Promise.all([
    exportPrivateJwk(pairs.ecdh.privateKey).then((jwk) => importKeyPairJwk(jwk, 'ecdh', false)),
    exportPrivateJwk(pairs.ecdsa.privateKey).then((jwk) => importKeyPairJwk(jwk, 'ecdsa', false)),
  ]);
  return { ecdh, ecdsa };
}

// Internal: thin WebCrypto wrappers. Not exported from index: plain CTR has no integrity on its own.
import { copyBytes, type Bytes } from './bytes.js';

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;

export function importAesCtrKey(raw: Uint8Array): Promise<CryptoKey> {
  return subtle().importKey('raw', copyBytes(raw), { name: 'AES-CTR' }, false, ['encrypt', 'decrypt']);
}

export function importHmacKey(raw: Uint8Array): Promise<CryptoKey> {
  return subtle().importKey('raw', copyBytes(raw), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/**
 * AES-CTR over `data` from the 16-byte `counterBlock`; the low `length` bits count blocks.
 * Encryption and decryption are the same operation.
 */
export async function aesCtr(
  key: CryptoKey,
  counterBlock: Uint8Array,
  data: Uint8Array,
  length = 32,
): Promise<Bytes> {
  const params = { name: 'AES-CTR', counter: copyBytes(counterBlock), length };
  return new Uint8Array(await subtle().encrypt(params, key, copyBytes(data)));
}

export async function hmacSha256(key: CryptoKey, data: Uint8Array): Promise<Bytes> {
  return new Uint8Array(await subtle().sign('HMAC', key, copyBytes(data)));
}

export async function sha256(data: Uint8Array): Promise<Bytes> {
  return new Uint8Array(await subtle().digest('SHA-256', copyBytes(data)));
}

export async function hkdfSha256(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, bytes = 32) {
  const base = await subtle().importKey('raw', copyBytes(ikm), 'HKDF', false, ['deriveBits']);
  const params = { name: 'HKDF', hash: 'SHA-256', salt: copyBytes(salt), info: copyBytes(info) };
  return new Uint8Array(await subtle().deriveBits(params, base, bytes * 8));
}

export async function pbkdf2Sha256(secret: Uint8Array, salt: Uint8Array, iterations: number, bytes = 32) {
  const base = await subtle().importKey('raw', copyBytes(secret), 'PBKDF2', false, ['deriveBits']);
  const params = { name: 'PBKDF2', hash: 'SHA-256', salt: copyBytes(salt), iterations };
  return new Uint8Array(await subtle().deriveBits(params, base, bytes * 8));
}

import { CryptoError } from './errors.js';

/** Bytes backed by a plain ArrayBuffer, as WebCrypto's BufferSource requires. */
export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export const utf8 = (text: string): Bytes => encoder.encode(text);

export function fromUtf8(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new CryptoError('bad_format', 'Plaintext is not valid UTF-8');
  }
}

/** Copies into a fresh ArrayBuffer, so callers' buffers (Node Buffer, shared views) never leak in. */
export const copyBytes = (bytes: Uint8Array): Bytes => new Uint8Array(bytes);

export function concatBytes(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function u8(n: number): Bytes {
  return Uint8Array.of(n);
}

export function u32(n: number): Bytes {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) {
    throw new CryptoError('invalid_argument', `Not a 32-bit unsigned integer: ${n}`);
  }
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

export function u64(n: number): Bytes {
  if (!Number.isSafeInteger(n) || n < 0) throw new CryptoError('invalid_argument', `Bad size: ${n}`);
  return concatBytes(u32(Math.floor(n / 2 ** 32)), u32(n % 2 ** 32));
}

export function readU32(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset);
}

export function readU64(bytes: Uint8Array, offset: number): number {
  const value = readU32(bytes, offset) * 2 ** 32 + readU32(bytes, offset + 4);
  if (!Number.isSafeInteger(value)) throw new CryptoError('bad_format', 'Size out of range');
  return value;
}

/** A 32-bit big-endian length, then the bytes: the one framing every MAC and signature input uses. */
export const lengthPrefixed = (bytes: Uint8Array): Bytes => concatBytes(u32(bytes.length), bytes);

export function randomBytes(length: number): Bytes {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** Compares without an early exit, so timing does not reveal where two tags differ. */
export function equalConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Strict: unpadded base64url only, and only its canonical spelling, so one value has one encoding. */
export function fromBase64Url(text: string): Bytes {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new CryptoError('bad_format', 'Not base64url');
  }
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  if (toBase64Url(out) !== text) throw new CryptoError('bad_format', 'Non-canonical base64url');
  return out;
}

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function fromHex(hex: string): Bytes {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new CryptoError('bad_format', 'Not hex');
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
}

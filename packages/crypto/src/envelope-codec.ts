import { concatBytes, fromBase64Url, readU32, toBase64Url, u32, u8, type Bytes } from './bytes.js';
import { ENVELOPE_VERSION, NONCE_BYTES, TAG_BYTES, type Envelope } from './envelope.js';
import { CryptoError } from './errors.js';

/** Byte offsets: version(1) keyVersion(4) nonce(12) tag(32), then the ciphertext to the end. */
export const ENVELOPE_HEADER_BYTES = 1 + 4 + NONCE_BYTES + TAG_BYTES;

/** Same shape as EncryptedBody in @parley/protocol (base64url fields, unpadded). */
export type EncryptedBodyV1 = {
  v: 1;
  keyVersion: number;
  nonce: string;
  ciphertext: string;
  tag: string;
  signature: string;
};

export function encodeEnvelope(env: Envelope): Bytes {
  return concatBytes(u8(env.v), u32(env.keyVersion), env.nonce, env.tag, env.ciphertext);
}

export function decodeEnvelope(bytes: Uint8Array): Envelope {
  if (bytes.length < 1) throw new CryptoError('bad_format');
  if (bytes[0] !== ENVELOPE_VERSION) throw new CryptoError('bad_version');
  if (bytes.length < ENVELOPE_HEADER_BYTES) throw new CryptoError('bad_format', 'Envelope truncated');
  const nonceAt = 5;
  const tagAt = nonceAt + NONCE_BYTES;
  return {
    v: ENVELOPE_VERSION,
    keyVersion: readU32(bytes, 1),
    nonce: bytes.slice(nonceAt, tagAt),
    tag: bytes.slice(tagAt, ENVELOPE_HEADER_BYTES),
    ciphertext: bytes.slice(ENVELOPE_HEADER_BYTES),
  };
}

export function toEncryptedBody(env: Envelope, signature: Uint8Array): EncryptedBodyV1 {
  return {
    v: env.v,
    keyVersion: env.keyVersion,
    nonce: toBase64Url(env.nonce),
    ciphertext: toBase64Url(env.ciphertext),
    tag: toBase64Url(env.tag),
    signature: toBase64Url(signature),
  };
}

export function fromEncryptedBody(body: EncryptedBodyV1): { envelope: Envelope; signature: Bytes } {
  if (body.v !== ENVELOPE_VERSION) throw new CryptoError('bad_version');
  if (!Number.isInteger(body.keyVersion) || body.keyVersion < 0 || body.keyVersion > 0xffffffff) {
    throw new CryptoError('bad_format', 'Bad key version');
  }
  const envelope: Envelope = {
    v: ENVELOPE_VERSION,
    keyVersion: body.keyVersion,
    nonce: fromBase64Url(body.nonce),
    ciphertext: fromBase64Url(body.ciphertext),
    tag: fromBase64Url(body.tag),
  };
  return { envelope, signature: fromBase64Url(body.signature) };
}

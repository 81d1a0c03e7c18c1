import {
  concatBytes,
  copyBytes,
  equalConstantTime,
  lengthPrefixed,
  randomBytes,
  u32,
  u8,
  utf8,
  type Bytes,
} from './bytes.js';
import { CryptoError } from './errors.js';
import type { EnvelopeKeys } from './keys.js';
import { aesCtr, hmacSha256 } from './primitives.js';

export const ENVELOPE_VERSION = 1;
export const NONCE_BYTES = 12;
export const TAG_BYTES = 32;
export const BLOCK_BYTES = 16;
/** Far below the 2^32 blocks (64 GiB) a 32-bit counter from 0 can address, so it never wraps. */
export const MAX_PLAINTEXT_BYTES = 16 * 1024 * 1024;
export const MAX_CONTEXT_BYTES = 1024;

const MESSAGE_LABEL = utf8('parley/envelope');

/** Envelope v1 in memory; see docs/encryption.md for its bytes. */
export type Envelope = {
  readonly v: 1;
  readonly keyVersion: number;
  readonly nonce: Bytes;
  readonly ciphertext: Bytes;
  readonly tag: Bytes;
};

export type SealInput = { plaintext: Uint8Array; keyVersion: number; context: string };

/** 96-bit nonce, then a 32-bit big-endian block counter: what Node's aes-256-ctr takes as its IV. */
export function counterBlock(nonce: Uint8Array, block = 0): Bytes {
  if (nonce.length !== NONCE_BYTES) throw new CryptoError('bad_format', 'A nonce is 12 bytes');
  return concatBytes(nonce, u32(block));
}

export function contextBytes(context: string): Bytes {
  const bytes = utf8(context);
  if (bytes.length > MAX_CONTEXT_BYTES) throw new CryptoError('invalid_argument', 'Context too long');
  return bytes;
}

/** Everything the tag covers, each variable field length-prefixed so no two inputs share an encoding. */
export function envelopeMacInput(
  env: Pick<Envelope, 'v' | 'keyVersion' | 'nonce' | 'ciphertext'>,
  context: string,
): Bytes {
  return concatBytes(
    lengthPrefixed(MESSAGE_LABEL),
    u8(env.v),
    u32(env.keyVersion),
    lengthPrefixed(contextBytes(context)),
    lengthPrefixed(env.nonce),
    lengthPrefixed(env.ciphertext),
  );
}

export async function sealEnvelope(keys: EnvelopeKeys, input: SealInput): Promise<Envelope> {
  if (input.plaintext.length > MAX_PLAINTEXT_BYTES) throw new CryptoError('too_large');
  const nonce = randomBytes(NONCE_BYTES);
  const ciphertext = await aesCtr(keys.enc, counterBlock(nonce), input.plaintext);
  const unsigned = { v: ENVELOPE_VERSION, keyVersion: input.keyVersion, nonce, ciphertext } as const;
  const tag = await hmacSha256(keys.mac, envelopeMacInput(unsigned, input.context));
  return { ...unsigned, tag };
}

/** Checks the version and then the tag, in constant time, before a single byte is decrypted. */
export async function verifyEnvelopeTag(keys: EnvelopeKeys, env: Envelope, context: string) {
  if (env.v !== ENVELOPE_VERSION) throw new CryptoError('bad_version');
  if (env.nonce.length !== NONCE_BYTES || env.tag.length !== TAG_BYTES) {
    throw new CryptoError('bad_format');
  }
  if (env.ciphertext.length > MAX_PLAINTEXT_BYTES) throw new CryptoError('too_large');
  const expected = await hmacSha256(keys.mac, envelopeMacInput(env, context));
  if (!equalConstantTime(expected, env.tag)) throw new CryptoError('bad_tag');
}

export async function openEnvelope(keys: EnvelopeKeys, env: Envelope, context: string): Promise<Bytes> {
  await verifyEnvelopeTag(keys, env, context);
  return aesCtr(keys.enc, counterBlock(env.nonce), copyBytes(env.ciphertext));
}

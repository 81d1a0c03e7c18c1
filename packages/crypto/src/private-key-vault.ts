import {
  concatBytes,
  fromBase64Url,
  fromUtf8,
  readU32,
  randomBytes,
  toBase64Url,
  u32,
  u8,
  utf8,
} from './bytes.js';
import { decodeEnvelope, encodeEnvelope } from './envelope-codec.js';
import { openEnvelope, sealEnvelope } from './envelope.js';
import { CryptoError, isCryptoError } from './errors.js';
import { deriveEnvelopeKeys, HKDF_INFO } from './keys.js';
import { hkdfSha256, pbkdf2Sha256 } from './primitives.js';
import { parseRecoveryKey } from './recovery-key.js';
import { exportPrivateJwk, importKeyPairJwk, type UserKeyPairs } from './user-keys.js';

export const PBKDF2_ITERATIONS = 600_000;
/** Bounds the work a stored blob can demand of a browser. */
export const MAX_PBKDF2_ITERATIONS = 10_000_000;
export const SALT_BYTES = 16;
export const VAULT_FORMAT = 1;
const KDF = { passphrase: 1, recovery: 2 } as const;
type KdfId = (typeof KDF)[keyof typeof KDF];
const HEADER_BYTES = 1 + 1 + 4 + SALT_BYTES;
const VAULT_KEY_VERSION = 1;

export type VaultOptions = {
  /** Defaults to 600,000; tests pass fewer. */
  iterations?: number;
  /** Bound into the tag, e.g. the user id; the same value must be given to unwrap. */
  context?: string;
};
export type UnwrapOptions = { context?: string; extractable?: boolean };

const vaultContext = (context = '') => `private-keys:${context}`;
const normalize = (passphrase: string) => utf8(passphrase.normalize('NFC'));

async function secretFor(kdf: KdfId, secret: string, salt: Uint8Array, iterations: number) {
  if (kdf === KDF.passphrase) return pbkdf2Sha256(normalize(secret), salt, iterations);
  return hkdfSha256(parseRecoveryKey(secret), salt, utf8(HKDF_INFO.recovery));
}

async function seal(pairs: UserKeyPairs, kdf: KdfId, secret: string, iterations: number, context?: string) {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS) {
    throw new CryptoError('invalid_argument', 'Bad iteration count');
  }
  const salt = randomBytes(SALT_BYTES);
  const keys = await deriveEnvelopeKeys(await secretFor(kdf, secret, salt, iterations));
  const [ecdh, ecdsa] = await Promise.all([
    exportPrivateJwk(pairs.ecdh.privateKey),
    exportPrivateJwk(pairs.ecdsa.privateKey),
  ]);
  const plaintext = utf8(JSON.stringify({ ecdh, ecdsa }));
  const envelope = await sealEnvelope(keys, {
    plaintext,
    keyVersion: VAULT_KEY_VERSION,
    context: vaultContext(context),
  });
  return toBase64Url(concatBytes(u8(VAULT_FORMAT), u8(kdf), u32(iterations), salt, encodeEnvelope(envelope)));
}

async function open(
  wrapped: string,
  kdf: KdfId,
  secret: string,
  options: UnwrapOptions,
): Promise<UserKeyPairs> {
  const bytes = fromBase64Url(wrapped);
  if (bytes[0] !== VAULT_FORMAT) throw new CryptoError('bad_version');
  if (bytes.length <= HEADER_BYTES) throw new CryptoError('bad_format');
  if (bytes[1] !== kdf) throw new CryptoError('bad_format', 'Wrapped under a different kind of secret');
  const iterations = readU32(bytes, 2);
  if (iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS) throw new CryptoError('bad_format');
  const salt = bytes.slice(6, HEADER_BYTES);
  const keys = await deriveEnvelopeKeys(await secretFor(kdf, secret, salt, iterations));
  let plaintext: Uint8Array;
  try {
    plaintext = await openEnvelope(
      keys,
      decodeEnvelope(bytes.slice(HEADER_BYTES)),
      vaultContext(options.context),
    );
  } catch (err) {
    throw isCryptoError(err, 'bad_tag') ? new CryptoError('wrong_secret') : err;
  }
  const jwks = parsePayload(plaintext);
  const extractable = options.extractable ?? false;
  return {
    ecdh: await importKeyPairJwk(jwks.ecdh, 'ecdh', extractable),
    ecdsa: await importKeyPairJwk(jwks.ecdsa, 'ecdsa', extractable),
  };
}

function parsePayload(plaintext: Uint8Array): { ecdh: JsonWebKey; ecdsa: JsonWebKey } {
  try {
    return JSON.parse(fromUtf8(plaintext)) as { ecdh: JsonWebKey; ecdsa: JsonWebKey };
  } catch {
    throw new CryptoError('bad_format', 'Private key payload is not JSON');
  }
}

/** Seals both private keys under PBKDF2-SHA-256(passphrase, random 16-byte salt). */
export function wrapPrivateKeys(pairs: UserKeyPairs, passphrase: string, options: VaultOptions = {}) {
  return seal(pairs, KDF.passphrase, passphrase, options.iterations ?? PBKDF2_ITERATIONS, options.context);
}

/** A wrong passphrase throws CryptoError('wrong_secret'). Pass extractable: true to re-wrap afterwards. */
export function unwrapPrivateKeys(wrapped: string, passphrase: string, options: UnwrapOptions = {}) {
  return open(wrapped, KDF.passphrase, passphrase, options);
}

/** Seals both private keys under the recovery key (HKDF: it is already 160 random bits). */
export function wrapPrivateKeysWithRecoveryKey(
  pairs: UserKeyPairs,
  recoveryKey: string,
  options: VaultOptions = {},
) {
  return seal(pairs, KDF.recovery, recoveryKey, 1, options.context);
}

export function unwrapPrivateKeysWithRecoveryKey(
  wrapped: string,
  recoveryKey: string,
  options: UnwrapOptions = {},
) {
  return open(wrapped, KDF.recovery, recoveryKey, options);
}

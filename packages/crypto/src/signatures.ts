import { concatBytes, copyBytes, lengthPrefixed, utf8, type Bytes } from './bytes.js';
import { envelopeMacInput, type Envelope } from './envelope.js';
import { CryptoError } from './errors.js';

const ECDSA = { name: 'ECDSA', hash: 'SHA-256' } as const;
export const SIGNATURE_BYTES = 64;
const SIGNATURE_LABEL = utf8('parley/signature');

/** What the sender signs: a label, the full tag input (version, key version, context, nonce, ciphertext) and the tag. */
export function signatureInput(env: Envelope, context: string): Bytes {
  return concatBytes(
    lengthPrefixed(SIGNATURE_LABEL),
    envelopeMacInput(env, context),
    lengthPrefixed(env.tag),
  );
}

/** ECDSA P-256 / SHA-256; the signature is r || s, 32 bytes each (IEEE P1363, WebCrypto's form). */
export async function signBytes(privateKey: CryptoKey, data: Uint8Array): Promise<Bytes> {
  try {
    return new Uint8Array(await globalThis.crypto.subtle.sign(ECDSA, privateKey, copyBytes(data)));
  } catch {
    throw new CryptoError('bad_key', 'Not an ECDSA P-256 private key');
  }
}

export async function verifyBytes(publicKey: CryptoKey, signature: Uint8Array, data: Uint8Array) {
  if (signature.length !== SIGNATURE_BYTES) return false;
  try {
    return await globalThis.crypto.subtle.verify(ECDSA, publicKey, copyBytes(signature), copyBytes(data));
  } catch {
    throw new CryptoError('bad_key', 'Not an ECDSA P-256 public key');
  }
}

export function signEnvelope(privateKey: CryptoKey, env: Envelope, context: string): Promise<Bytes> {
  return signBytes(privateKey, signatureInput(env, context));
}

export async function verifyEnvelopeSignature(
  publicKey: CryptoKey,
  env: Envelope,
  context: string,
  signature: Uint8Array,
): Promise<void> {
  if (!(await verifyBytes(publicKey, signature, signatureInput(env, context)))) {
    throw new CryptoError('bad_signature');
  }
}

import { concatBytes, fromBase64Url, lengthPrefixed, toBase64Url, u8, utf8, type Bytes } from './bytes.js';
import { decodeEnvelope, encodeEnvelope } from './envelope-codec.js';
import { openEnvelope, sealEnvelope, type Envelope } from './envelope.js';
import { CryptoError } from './errors.js';
import { deriveEnvelopeKeys, HKDF_INFO, SECRET_BYTES } from './keys.js';
import { hkdfSha256 } from './primitives.js';
import { SIGNATURE_BYTES, signBytes, verifyBytes } from './signatures.js';
import { exportRawPublicKey, importPublicKey, RAW_PUBLIC_KEY_BYTES } from './user-keys.js';

export const WRAP_FORMAT = 1;
const WRAP_SIGNATURE_LABEL = utf8('parley/wrap-signature');
const SIG_AT = 1 + RAW_PUBLIC_KEY_BYTES;
const ENVELOPE_AT = SIG_AT + SIGNATURE_BYTES;

export type WrapChannelKeyInput = {
  /** The 32-byte channel key secret. */
  channelKey: Uint8Array;
  keyVersion: number;
  /** Usually the channel id; the unwrapper must name the same one. */
  context: string;
  /** The member's ECDH public key. */
  recipient: CryptoKey;
  /** The wrapper's ECDSA private key, so a member knows who handed them the key. */
  signer: CryptoKey;
};

export type UnwrapChannelKeyInput = {
  wrapped: string;
  keyVersion: number;
  context: string;
  /** The member's own ECDH pair (the public half is bound into the derivation). */
  recipient: CryptoKeyPair;
  /** The ECDSA public key of whoever wrapped it (ChannelKey.wrappedBy). */
  sender: CryptoKey;
};

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;

async function wrapKeys(
  ephemeralRaw: Bytes,
  recipientRaw: Bytes,
  privateKey: CryptoKey,
  publicKey: CryptoKey,
) {
  const shared = await subtle()
    .deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256)
    .catch(() => {
      throw new CryptoError('bad_key', 'Not an ECDH P-256 key');
    });
  const salt = concatBytes(ephemeralRaw, recipientRaw);
  const secret = await hkdfSha256(new Uint8Array(shared), salt, utf8(HKDF_INFO.wrap));
  return deriveEnvelopeKeys(secret);
}

function wrapSignatureInput(context: string, recipientRaw: Bytes, ephemeralRaw: Bytes, envelope: Bytes) {
  return concatBytes(
    lengthPrefixed(WRAP_SIGNATURE_LABEL),
    lengthPrefixed(utf8(context)),
    lengthPrefixed(recipientRaw),
    lengthPrefixed(ephemeralRaw),
    lengthPrefixed(envelope),
  );
}

/** Ephemeral-static ECDH P-256 + HKDF, then an envelope v1 around the channel key, signed by the wrapper. */
export async function wrapChannelKey(input: WrapChannelKeyInput): Promise<string> {
  if (input.channelKey.length !== SECRET_BYTES) throw new CryptoError('bad_key', 'A channel key is 32 bytes');
  const ephemeral = await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const ephemeralRaw = await exportRawPublicKey(ephemeral.publicKey);
  const recipientRaw = await exportRawPublicKey(input.recipient);
  const keys = await wrapKeys(ephemeralRaw, recipientRaw, ephemeral.privateKey, input.recipient);
  const envelope = encodeEnvelope(
    await sealEnvelope(keys, {
      plaintext: input.channelKey,
      keyVersion: input.keyVersion,
      context: input.context,
    }),
  );
  const signed = wrapSignatureInput(input.context, recipientRaw, ephemeralRaw, envelope);
  const signature = await signBytes(input.signer, signed);
  return toBase64Url(concatBytes(u8(WRAP_FORMAT), ephemeralRaw, signature, envelope));
}

export async function unwrapChannelKey(input: UnwrapChannelKeyInput): Promise<Bytes> {
  const bytes = fromBase64Url(input.wrapped);
  if (bytes[0] !== WRAP_FORMAT) throw new CryptoError('bad_version');
  if (bytes.length < ENVELOPE_AT + 1) throw new CryptoError('bad_format');
  const ephemeralRaw = bytes.slice(1, SIG_AT);
  const signature = bytes.slice(SIG_AT, ENVELOPE_AT);
  const envelopeBytes = bytes.slice(ENVELOPE_AT);
  const envelope: Envelope = decodeEnvelope(envelopeBytes);
  if (envelope.keyVersion !== input.keyVersion) throw new CryptoError('bad_key', 'Key version mismatch');
  const recipientRaw = await exportRawPublicKey(input.recipient.publicKey);
  const signed = wrapSignatureInput(input.context, recipientRaw, ephemeralRaw, envelopeBytes);
  if (!(await verifyBytes(input.sender, signature, signed))) throw new CryptoError('bad_signature');
  let ephemeral: CryptoKey;
  try {
    ephemeral = await subtle().importKey(
      'raw',
      ephemeralRaw,
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      [],
    );
  } catch {
    throw new CryptoError('bad_key', 'Bad ephemeral key');
  }
  const keys = await wrapKeys(ephemeralRaw, recipientRaw, input.recipient.privateKey, ephemeral);
  const channelKey = await openEnvelope(keys, envelope, input.context);
  if (channelKey.length !== SECRET_BYTES) throw new CryptoError('bad_format');
  return channelKey;
}

export type VerifyWrapInput = {
  wrapped: string;
  keyVersion: number;
  context: string;
  /** The member's ECDH public key, raw base64url, as the server stores it. */
  recipientPublic: string;
  /** The wrapper's ECDSA public key, raw base64url. */
  senderPublic: string;
};

/** Checks a wrap's form and signature with public keys only, so a server can refuse a planted wrap. */
export async function verifyWrapSignature(input: VerifyWrapInput): Promise<boolean> {
  try {
    const bytes = fromBase64Url(input.wrapped);
    if (bytes[0] !== WRAP_FORMAT || bytes.length < ENVELOPE_AT + 1) return false;
    const envelopeBytes = bytes.slice(ENVELOPE_AT);
    if (decodeEnvelope(envelopeBytes).keyVersion !== input.keyVersion) return false;
    const recipientRaw = fromBase64Url(input.recipientPublic);
    const sender = await importPublicKey(input.senderPublic, 'ecdsa');
    const signed = wrapSignatureInput(input.context, recipientRaw, bytes.slice(1, SIG_AT), envelopeBytes);
    return await verifyBytes(sender, bytes.slice(SIG_AT, ENVELOPE_AT), signed);
  } catch {
    return false;
  }
}

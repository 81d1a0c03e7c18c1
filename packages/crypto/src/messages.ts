import { fromUtf8, utf8 } from './bytes.js';
import { fromEncryptedBody, toEncryptedBody, type EncryptedBodyV1 } from './envelope-codec.js';
import { openEnvelope, sealEnvelope, verifyEnvelopeTag } from './envelope.js';
import type { EnvelopeKeys } from './keys.js';
import { padText, unpadText } from './padding.js';
import { signEnvelope, verifyEnvelopeSignature } from './signatures.js';

export type EncryptMessageInput = {
  text: string;
  /** Bound into the tag and signature, so a message cannot be replayed into another channel. */
  channelId: string;
  keyVersion: number;
  keys: EnvelopeKeys;
  /** The sender's ECDSA private key. */
  signingKey: CryptoKey;
};

export type DecryptMessageInput = {
  body: EncryptedBodyV1;
  channelId: string;
  /** The channel keys of version body.keyVersion. */
  keys: EnvelopeKeys;
  /** The author's ECDSA public key. */
  verifyKey: CryptoKey;
};

export async function encryptMessage(input: EncryptMessageInput): Promise<EncryptedBodyV1> {
  const envelope = await sealEnvelope(input.keys, {
    plaintext: utf8(padText(input.text)),
    keyVersion: input.keyVersion,
    context: input.channelId,
  });
  const signature = await signEnvelope(input.signingKey, envelope, input.channelId);
  return toEncryptedBody(envelope, signature);
}

/** Order: version, tag (constant time), signature, and only then decryption. */
export async function decryptMessage(input: DecryptMessageInput): Promise<string> {
  const { envelope, signature } = fromEncryptedBody(input.body);
  await verifyEnvelopeTag(input.keys, envelope, input.channelId);
  await verifyEnvelopeSignature(input.verifyKey, envelope, input.channelId, signature);
  return unpadText(fromUtf8(await openEnvelope(input.keys, envelope, input.channelId)));
}

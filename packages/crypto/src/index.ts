export { CryptoError, isCryptoError, type CryptoErrorCode } from './errors.js';
export { fromBase64Url, toBase64Url, type Bytes } from './bytes.js';
export { deriveEnvelopeKeys, generateChannelKey, HKDF_INFO, type EnvelopeKeys } from './keys.js';
export {
  ENVELOPE_VERSION,
  MAX_PLAINTEXT_BYTES,
  NONCE_BYTES,
  TAG_BYTES,
  openEnvelope,
  sealEnvelope,
  type Envelope,
  type SealInput,
} from './envelope.js';
export {
  decodeEnvelope,
  encodeEnvelope,
  fromEncryptedBody,
  toEncryptedBody,
  type EncryptedBodyV1,
} from './envelope-codec.js';
export { signEnvelope, verifyEnvelopeSignature } from './signatures.js';
export {
  decryptMessage,
  encryptMessage,
  type DecryptMessageInput,
  type EncryptMessageInput,
} from './messages.js';
export {
  exportPublicJwk,
  exportPublicKey,
  exportPublicKeys,
  generateUserKeyPairs,
  importPublicJwk,
  importPublicKey,
  toNonExtractable,
  type KeyKind,
  type PublicKeyStrings,
  type UserKeyPairs,
} from './user-keys.js';
export { formatFingerprint, keyFingerprint, userFingerprint } from './fingerprint.js';
export {
  unwrapChannelKey,
  verifyWrapSignature,
  wrapChannelKey,
  type UnwrapChannelKeyInput,
  type VerifyWrapInput,
  type WrapChannelKeyInput,
} from './key-wrap.js';
export {
  PBKDF2_ITERATIONS,
  unwrapPrivateKeys,
  unwrapPrivateKeysWithRecoveryKey,
  wrapPrivateKeys,
  wrapPrivateKeysWithRecoveryKey,
  type UnwrapOptions,
  type VaultOptions,
} from './private-key-vault.js';
export { generateRecoveryKey, parseRecoveryKey } from './recovery-key.js';
// Files' ciphers are in '@parley/crypto/files': the browser loads them only with a sealed file.
export type { MessagePayload, SealedFileMeta } from './message-payload.js';
export type { FileHeader } from './chunked.js';
export type { RangePlan } from './file-range.js';

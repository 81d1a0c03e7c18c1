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
export {
  CHUNK_BYTES,
  FILE_HEADER_BYTES,
  MAX_FILE_BYTES,
  chunkCount,
  chunkLayout,
  chunkMacInput,
  chunkMacPrefix,
  encodeFileHeader,
  decryptChunk,
  encryptFile,
  encryptedFileSize,
  parseFileHeader,
  verifyChunk,
  type FileHeader,
} from './chunked.js';
export { decryptFile, decryptRange, planRange, readFileRange, type RangePlan } from './file-range.js';
export { runKnownAnswerTests, type KnownAnswerResult } from './self-test.js';
export { openSealedFile, sealFile, sealedFileContext, type SealedFile } from './sealed-file.js';
export {
  decodeMessagePayload,
  encodeMessagePayload,
  type MessagePayload,
  type SealedFileMeta,
} from './message-payload.js';

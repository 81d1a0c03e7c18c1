// Sealed files apart from the rest: the browser loads this only with the first sealed file.
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
export { openSealedFile, sealFile, sealedFileContext, type SealedFile } from './sealed-file.js';
export {
  decodeMessagePayload,
  encodeMessagePayload,
  type MessagePayload,
  type SealedFileMeta,
} from './message-payload.js';

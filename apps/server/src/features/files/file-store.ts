import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { DiskBlobs, S3Blobs, type S3Settings } from './blobs.js';
import {
  decryptRangeNode,
  FileEncryptor,
  fileKeys,
  HEADER_PLACEHOLDER,
  type FileKeys,
} from './encrypt-file-node.js';
import { sealer } from './sealer.js';
import {
  decodeEnvelope,
  deriveEnvelopeKeys,
  encodeEnvelope,
  openEnvelope,
  sealEnvelope,
  type EnvelopeKeys,
  type FileHeader,
} from '@parley/crypto';
import { FILE_HEADER_BYTES, parseFileHeader, planRange } from '@parley/crypto/files';

/** How much plaintext one read decrypts at most: a whole download streams in pieces this big. */
export const READ_PIECE = 1024 * 1024;
/** Files whose key and header stay open between reads (a video seeking, a download's pieces). */
const OPEN_FILES = 256;

type Opened = { keys: FileKeys; header: FileHeader };
export type Stored = { wrappedKey: string; sha256: string; size: number };

/**
 * Files at rest: each under its own random key, stored in Parley's chunked form (64 KiB chunks,
 * AES-256-CTR, an HMAC-SHA-256 tag each), so a byte range is read, verified and decrypted alone.
 * The file key is sealed under a key derived from PARLEY_SECRET with HKDF.
 */
export class FileStore {
  private wrapKeys: Promise<EnvelopeKeys>;
  /** The most recently read files, oldest first: unwrapping a key and reading the header cost more than the range. */
  private readonly opened = new Map<string, Promise<Opened>>();

  constructor(
    private readonly blobs: DiskBlobs | S3Blobs,
    secret: string,
  ) {
    const wrap = hkdfSync('sha256', secret, Buffer.alloc(0), 'parley/files/at-rest', 32);
    this.wrapKeys = deriveEnvelopeKeys(new Uint8Array(wrap));
  }

  /** Encrypts and writes the bytes; answers the sealed file key to keep with the file's row. */
  put(id: string, data: Uint8Array): Promise<Stored> {
    return this.putStream(id, [data]);
  }

  /**
   * Encrypts bytes as they arrive and writes them on: an upload is never held whole in memory.
   * A source that fails leaves nothing stored.
   */
  async putStream(id: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Stored> {
    const fileKey = randomBytes(32);
    let stored: { sha256: string; size: number };
    if (this.blobs instanceof DiskBlobs) {
      // On disk, a worker thread encrypts and writes; the rename publishes the finished file.
      const { temp, publish } = await this.blobs.reserve(id);
      stored = await sealer.seal(temp, fileKey, id, source);
      await publish();
    } else stored = await this.putHere(this.blobs, id, fileKey, source);
    const sealed = await sealEnvelope(await this.wrapKeys, {
      plaintext: fileKey,
      keyVersion: 1,
      context: id,
    });
    return { wrappedKey: Buffer.from(encodeEnvelope(sealed)).toString('base64'), ...stored };
  }

  /** Encrypts on this thread into a bucket's object. */
  private async putHere(
    bucket: S3Blobs,
    id: string,
    fileKey: Uint8Array,
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<{ sha256: string; size: number }> {
    const encryptor = new FileEncryptor(fileKey, id);
    const hash = createHash('sha256');
    const writer = await bucket.create(id);
    try {
      await writer.append([HEADER_PLACEHOLDER]);
      for await (const piece of source) {
        hash.update(piece);
        const sealed = encryptor.push(piece);
        if (sealed.length) await writer.append(sealed);
      }
      const { pieces, header } = encryptor.end();
      await writer.append(pieces);
      await writer.commit(header);
    } catch (err) {
      await writer.abort();
      throw err;
    }
    return { sha256: hash.digest('hex'), size: encryptor.size };
  }

  /** Plaintext bytes [start, end): only the chunks they span are read, each verified before use. */
  async read(id: string, wrappedKey: string, start: number, end: number): Promise<Uint8Array> {
    const { keys, header } = await this.open(id, wrappedKey);
    const plan = planRange(header, start, end);
    const bytes = await this.blobs.read(id, plan.encryptedStart, plan.encryptedEnd);
    return decryptRangeNode(keys, header, id, plan, bytes);
  }

  private open(id: string, wrappedKey: string): Promise<Opened> {
    const key = `${id}/${wrappedKey}`;
    let opened = this.opened.get(key);
    if (opened) this.opened.delete(key);
    else {
      opened = (async () => {
        const fileKey = await openEnvelope(
          await this.wrapKeys,
          decodeEnvelope(Buffer.from(wrappedKey, 'base64')),
          id,
        );
        const header = parseFileHeader(await this.blobs.read(id, 0, FILE_HEADER_BYTES));
        return { keys: fileKeys(fileKey), header };
      })();
      // A key that fails to open is tried afresh next time, not remembered.
      opened.catch(() => this.opened.delete(key));
    }
    this.opened.set(key, opened);
    if (this.opened.size > OPEN_FILES) this.opened.delete(this.opened.keys().next().value!);
    return opened;
  }

  /** Pieces of uploads that a killed process never finished. */
  sweepIncoming(olderThan: Date): Promise<number> {
    return this.blobs instanceof DiskBlobs ? this.blobs.sweepIncoming(olderThan) : Promise.resolve(0);
  }

  /** The plaintext's length, from the stored header. */
  async size(id: string): Promise<number> {
    return parseFileHeader(await this.blobs.read(id, 0, FILE_HEADER_BYTES)).size;
  }

  /** The file and its preview, if it has one. */
  async remove(id: string): Promise<void> {
    for (const key of this.opened.keys())
      if (key.startsWith(`${id}/`) || key.startsWith(`${thumbnailId(id)}/`)) this.opened.delete(key);
    await Promise.all([this.blobs.remove(id), this.blobs.remove(thumbnailId(id))]);
  }
}

/** Where a file's preview is kept: beside it, under its own key. */
export const thumbnailId = (id: string) => `${id}.thumb`;

const stores = new WeakMap<object, FileStore>();
/** The one store of a running Parley: files in the S3 bucket when one is set, else under DATA_DIR/files. */
export function fileStoreOf(ctx: {
  config: { dataDir: string; s3: S3Settings | undefined };
  secret: string;
}): FileStore {
  let store = stores.get(ctx);
  if (!store) {
    const blobs = ctx.config.s3
      ? new S3Blobs(ctx.config.s3)
      : new DiskBlobs(path.join(ctx.config.dataDir, 'files'));
    stores.set(ctx, (store = new FileStore(blobs, ctx.secret)));
  }
  return store;
}

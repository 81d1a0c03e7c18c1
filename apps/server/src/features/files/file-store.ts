import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Blobs, DiskBlobs, S3Blobs, type S3Settings } from './blobs.js';
import { encryptFileNode } from './encrypt-file-node.js';
import {
  FILE_HEADER_BYTES,
  decodeEnvelope,
  decryptRange,
  deriveEnvelopeKeys,
  encodeEnvelope,
  openEnvelope,
  parseFileHeader,
  planRange,
  sealEnvelope,
  type EnvelopeKeys,
  type FileHeader,
} from '@parley/crypto';

/** How much plaintext one read decrypts at most: a whole download streams in pieces this big. */
export const READ_PIECE = 1024 * 1024;
/** Files whose key and header stay open between reads (a video seeking, a download's pieces). */
const OPEN_FILES = 256;

type Opened = { keys: EnvelopeKeys; header: FileHeader };

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
    private readonly blobs: Blobs,
    secret: string,
  ) {
    const wrap = hkdfSync('sha256', secret, Buffer.alloc(0), 'parley/files/at-rest', 32);
    this.wrapKeys = deriveEnvelopeKeys(new Uint8Array(wrap));
  }

  /** Encrypts and writes the bytes; answers the sealed file key to keep with the file's row. */
  async put(id: string, data: Uint8Array): Promise<{ wrappedKey: string; sha256: string }> {
    const fileKey = randomBytes(32);
    await this.blobs.write(id, encryptFileNode(fileKey, data, id));
    const sealed = await sealEnvelope(await this.wrapKeys, {
      plaintext: fileKey,
      keyVersion: 1,
      context: id,
    });
    return {
      wrappedKey: Buffer.from(encodeEnvelope(sealed)).toString('base64'),
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  }

  /** Plaintext bytes [start, end): only the chunks they span are read, each verified before use. */
  async read(id: string, wrappedKey: string, start: number, end: number): Promise<Uint8Array> {
    const { keys, header } = await this.open(id, wrappedKey);
    const plan = planRange(header, start, end);
    const bytes = await this.blobs.read(id, plan.encryptedStart, plan.encryptedEnd);
    return await decryptRange(keys, header, id, plan, bytes);
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
        return { keys: await deriveEnvelopeKeys(fileKey), header };
      })();
      // A key that fails to open is tried afresh next time, not remembered.
      opened.catch(() => this.opened.delete(key));
    }
    this.opened.set(key, opened);
    if (this.opened.size > OPEN_FILES) this.opened.delete(this.opened.keys().next().value!);
    return opened;
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

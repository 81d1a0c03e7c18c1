import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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
} from '@parley/crypto';

/** How much plaintext one read decrypts at most: a whole download streams in pieces this big. */
export const READ_PIECE = 1024 * 1024;

/**
 * Files at rest: each under its own random key, stored in Parley's chunked form (64 KiB chunks,
 * AES-256-CTR, an HMAC-SHA-256 tag each), so a byte range is read, verified and decrypted alone.
 * The file key is sealed under a key derived from PARLEY_SECRET with HKDF.
 */
export class FileStore {
  private wrapKeys: Promise<EnvelopeKeys>;

  constructor(
    private readonly dir: string,
    secret: string,
  ) {
    const wrap = hkdfSync('sha256', secret, Buffer.alloc(0), 'parley/files/at-rest', 32);
    this.wrapKeys = deriveEnvelopeKeys(new Uint8Array(wrap));
  }

  private pathOf(id: string): string {
    return path.join(this.dir, id.slice(0, 2), id);
  }

  /** Encrypts and writes the bytes; answers the sealed file key to keep with the file's row. */
  async put(id: string, data: Uint8Array): Promise<{ wrappedKey: string; sha256: string }> {
    const fileKey = randomBytes(32);
    const encrypted = encryptFileNode(fileKey, data, id);
    const target = this.pathOf(id);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(temp, encrypted, { mode: 0o600 });
    await fs.rename(temp, target);
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
    const fileKey = await openEnvelope(
      await this.wrapKeys,
      decodeEnvelope(Buffer.from(wrappedKey, 'base64')),
      id,
    );
    const keys = await deriveEnvelopeKeys(fileKey);
    const handle = await fs.open(this.pathOf(id), 'r');
    try {
      const head = Buffer.alloc(FILE_HEADER_BYTES);
      await handle.read(head, 0, FILE_HEADER_BYTES, 0);
      const header = parseFileHeader(head);
      const plan = planRange(header, start, end);
      const bytes = Buffer.alloc(plan.encryptedEnd - plan.encryptedStart);
      await handle.read(bytes, 0, bytes.length, plan.encryptedStart);
      return await decryptRange(keys, header, id, plan, bytes);
    } finally {
      await handle.close();
    }
  }

  /** The plaintext's length, from the stored header. */
  async size(id: string): Promise<number> {
    const handle = await fs.open(this.pathOf(id), 'r');
    try {
      const head = Buffer.alloc(FILE_HEADER_BYTES);
      await handle.read(head, 0, FILE_HEADER_BYTES, 0);
      return parseFileHeader(head).size;
    } finally {
      await handle.close();
    }
  }

  /** The file and its preview, if it has one. */
  async remove(id: string): Promise<void> {
    await Promise.all([
      fs.rm(this.pathOf(id), { force: true }),
      fs.rm(this.pathOf(thumbnailId(id)), { force: true }),
    ]);
  }
}

/** Where a file's preview is kept: beside it, under its own key. */
export const thumbnailId = (id: string) => `${id}.thumb`;

const stores = new WeakMap<object, FileStore>();
/** The one store of a running Parley: files under DATA_DIR/files. */
export function fileStoreOf(ctx: { config: { dataDir: string }; secret: string }): FileStore {
  let store = stores.get(ctx);
  if (!store) stores.set(ctx, (store = new FileStore(path.join(ctx.config.dataDir, 'files'), ctx.secret)));
  return store;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { AppError } from '../../errors.js';

/** Where stored file bytes (already encrypted) live: a folder on this node, or a bucket all nodes share. */
export interface Blobs {
  /** Bytes [start, end) of a stored blob. */
  read(key: string, start: number, end: number): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
}

/** A bucket's object written in pieces, seen by readers only once committed. */
export interface BlobWriter {
  append(pieces: Uint8Array[]): Promise<void>;
  /** Puts `head` over the first bytes written (the file header, known last) and makes the blob durable and readable. */
  commit(head: Uint8Array): Promise<void>;
  /** Drops what was written: an upload cut off or refused leaves nothing behind. */
  abort(): Promise<void>;
}

/** A key's place: two levels, so no folder holds every file. */
const placeOf = (key: string) => `${key.slice(0, 2)}/${key}`;

export class DiskBlobs implements Blobs {
  /** Uploads still arriving: one folder, so what a killed process left is easy to sweep. */
  private readonly incoming: string;

  constructor(private readonly dir: string) {
    this.incoming = path.join(dir, '.incoming');
  }

  /** Drops pieces of uploads that a killed process never finished. */
  async sweepIncoming(olderThan: Date): Promise<number> {
    const names = await fs.readdir(this.incoming).catch(() => [] as string[]);
    let swept = 0;
    for (const name of names) {
      const file = path.join(this.incoming, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && stat.mtime < olderThan) swept += await fs.rm(file, { force: true }).then(() => 1);
    }
    return swept;
  }

  private pathOf(key: string): string {
    return path.join(this.dir, placeOf(key));
  }

  /** A temporary file to write a blob into (written aside and renamed, so a reader never sees half a file), and the rename that makes it the blob. */
  async reserve(key: string): Promise<{ temp: string; publish: () => Promise<void> }> {
    const target = this.pathOf(key);
    await fs.mkdir(this.incoming, { recursive: true, mode: 0o700 });
    const temp = path.join(this.incoming, `${key}.${randomBytes(4).toString('hex')}.tmp`);
    return {
      temp,
      publish: async () => {
        await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await fs.rename(temp, target);
        await syncFolder(path.dirname(target));
      },
    };
  }

  async read(key: string, start: number, end: number): Promise<Uint8Array> {
    const handle = await fs.open(this.pathOf(key), 'r');
    try {
      const bytes = Buffer.alloc(end - start);
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, start);
      return bytes.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

/** A rename lasts a power cut only once its folder is synced. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** An S3-compatible bucket (path-style addresses, SigV4), for several nodes sharing their files. */
export class S3Blobs implements Blobs {
  private readonly client: AwsClient;

  constructor(private readonly s3: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: s3.region,
      service: 's3',
      // A store that is down answers 503 at once rather than after a long run of retries.
      retries: 1,
    });
  }

  private urlOf(key: string): string {
    return `${this.s3.endpoint}/${encodeURIComponent(this.s3.bucket)}/${placeOf(key)}`;
  }

  private async call(key: string, init: RequestInit, ok: number[]): Promise<Response> {
    const res = await this.client.fetch(this.urlOf(key), init).catch(() => undefined);
    if (res && ok.includes(res.status)) return res;
    await res?.body?.cancel();
    if (res?.status === 404) throw new AppError('not_found');
    throw new AppError('unavailable', 'The file store did not answer.');
  }

  /** A blob written in pieces, seen by readers only once committed. */
  async create(key: string): Promise<BlobWriter> {
    // A bucket takes an object whole: the pieces wait in memory until the commit.
    const pieces: Uint8Array[] = [];
    return {
      append: async (more) => void pieces.push(...more),
      commit: async (head) => {
        const body = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
        pieces.reduce((at, p) => (body.set(p, at), at + p.length), 0);
        body.set(head, 0);
        const init = { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } };
        await (await this.call(key, init, [200])).arrayBuffer();
      },
      abort: async () => void (pieces.length = 0),
    };
  }

  async read(key: string, start: number, end: number): Promise<Uint8Array> {
    const res = await this.call(key, { headers: { range: `bytes=${start}-${end - 1}` } }, [200, 206]);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A store that ignores Range answers the whole object.
    return res.status === 200 ? bytes.subarray(start, end) : bytes;
  }

  async remove(key: string): Promise<void> {
    await (await this.call(key, { method: 'DELETE' }, [200, 204, 404])).arrayBuffer();
  }
}

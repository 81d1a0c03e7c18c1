import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { AppError } from '../../errors.js';

/** Where stored file bytes (already encrypted) live: a folder on this node, or a bucket all nodes share. */
export interface Blobs {
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** Bytes [start, end) of a stored blob. */
  read(key: string, start: number, end: number): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
}

/** A key's place: two levels, so no folder holds every file. */
const placeOf = (key: string) => `${key.slice(0, 2)}/${key}`;

export class DiskBlobs implements Blobs {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    return path.join(this.dir, placeOf(key));
  }

  async write(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // Written aside and renamed, so a reader never sees half a file.
    const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(temp, bytes, { mode: 0o600 });
    await fs.rename(temp, target);
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

  async write(key: string, bytes: Uint8Array): Promise<void> {
    const body = new Uint8Array(bytes);
    const init = { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } };
    await (await this.call(key, init, [200])).arrayBuffer();
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

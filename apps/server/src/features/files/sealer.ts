import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

/** Bytes handed to the worker at a time, and how many such slots one upload fills ahead of it. */
const SLOT_BYTES = 1024 * 1024;
const SLOTS = 4;

export type ToSealer =
  | { op: 'open'; job: number; path: string; fileKey: Uint8Array; context: string }
  | { op: 'data'; job: number; slot: number; bytes: SharedArrayBuffer; length: number }
  | { op: 'end' | 'abort'; job: number };
export type FromSealer =
  | { job: number; op: 'taken'; slot: number }
  | { job: number; op: 'done'; size: number }
  | { job: number; op: 'failed'; message: string }
  | { job: number; op: 'aborted' };

/** Built, the worker sits beside this code as seal-worker.js; from sources it is TypeScript, run through tsx. */
function spawn(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./seal-worker.js', import.meta.url));
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./seal-worker.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); })`, {
    eval: true,
  });
}

/**
 * Encrypts uploads into files on a worker thread: AES and HMAC run beside the main thread (which
 * hashes the plaintext meanwhile), and the bytes pass through shared slots, so an upload leaves no
 * garbage for the main thread's collector, which runs while every other request waits.
 */
export class Sealer {
  private worker: Worker | undefined;
  private readonly jobs = new Map<number, (message: FromSealer) => void>();
  private nextJob = 0;

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn();
    // An idle worker never keeps the process alive.
    worker.unref();
    const lost = (why: string) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [job, on] of this.jobs) on({ job, op: 'failed', message: why });
    };
    worker.on('message', (m: FromSealer) => this.jobs.get(m.job)?.(m));
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`The file worker stopped (${code}).`));
    return (this.worker = worker);
  }

  /**
   * Writes the chunked, encrypted form of the source's bytes to `path` and syncs it. When the source
   * or the worker fails, the file is gone before this throws.
   */
  async seal(
    path: string,
    fileKey: Uint8Array,
    context: string,
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<{ sha256: string; size: number }> {
    const worker = this.start();
    const job = this.nextJob++;
    // Made as the upload needs them: a small file fills one, not all four.
    const slots: SharedArrayBuffer[] = [];
    const free: number[] = [];
    const hash = createHash('sha256');
    let failed: Error | undefined;
    let last: FromSealer | undefined;
    let wake = () => {};
    this.jobs.set(job, (m) => {
      if (m.op === 'taken') free.push(m.slot);
      else last = m;
      if (m.op === 'failed') failed ??= new Error(m.message);
      wake();
    });
    const until = async (ready: () => boolean) => {
      while (!ready()) await new Promise<void>((resolve) => (wake = resolve));
    };
    const post = (m: ToSealer) => worker.postMessage(m);
    try {
      post({ op: 'open', job, path, fileKey, context });
      let slot = -1;
      let filled = 0;
      for await (const piece of source) {
        // Hashed here, encrypted and MACed there: the two halves of the work on two cores.
        hash.update(piece);
        for (let at = 0; at < piece.length;) {
          if (slot < 0 && free.length === 0 && slots.length < SLOTS) {
            free.push(slots.length);
            slots.push(new SharedArrayBuffer(SLOT_BYTES));
          }
          if (slot < 0) {
            await until(() => free.length > 0 || failed !== undefined);
            if (failed) throw failed;
            slot = free.shift()!;
          }
          const n = Math.min(SLOT_BYTES - filled, piece.length - at);
          new Uint8Array(slots[slot]!, filled, n).set(piece.subarray(at, at + n));
          [filled, at] = [filled + n, at + n];
          if (filled === SLOT_BYTES) {
            post({ op: 'data', job, slot, bytes: slots[slot]!, length: filled });
            [slot, filled] = [-1, 0];
          }
        }
      }
      if (slot >= 0) post({ op: 'data', job, slot, bytes: slots[slot]!, length: filled });
      post({ op: 'end', job });
      await until(() => last !== undefined);
      if (last?.op !== 'done') throw failed ?? new Error('The file was not written.');
      return { sha256: hash.digest('hex'), size: last.size };
    } catch (err) {
      // The worker removes the file, after its last write; a lost worker removed nothing, so remove it here too.
      if (!last) {
        post({ op: 'abort', job });
        await until(() => last !== undefined);
      }
      await rm(path, { force: true });
      throw err;
    } finally {
      this.jobs.delete(job);
    }
  }
}

/** One worker for the process, started by the first upload. */
export const sealer = new Sealer();

import fs from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { FileEncryptor, HEADER_PLACEHOLDER } from './encrypt-file-node.js';
import type { FromSealer, ToSealer } from './sealer.js';

type Job = {
  path: string;
  handle?: fs.FileHandle;
  /** The last write, still going while the next slot is encrypted. */
  writing: Promise<void>;
  encryptor: FileEncryptor;
};

/** Each job's steps, chained so they run in order; a job that failed or ended is undefined. */
const jobs = new Map<number, Promise<Job | undefined>>();
const reply = (message: FromSealer) => parentPort!.postMessage(message);

/** Writes in order, the next slot encrypted while the last is written, and never more than one write ahead. */
async function write(j: Job, pieces: Buffer[]) {
  await j.writing;
  j.writing = pieces.length ? j.handle!.writev(pieces).then(() => undefined) : Promise.resolve();
  // Marked as seen; the next step awaits it and fails the job if it failed.
  j.writing.catch(() => undefined);
}

async function drop(j: Job) {
  await j.writing.catch(() => undefined);
  await j.handle?.close().catch(() => undefined);
  await fs.rm(j.path, { force: true });
}

function step(job: number, work: (j: Job) => Promise<Job | undefined>) {
  const next = (jobs.get(job) ?? Promise.resolve(undefined)).then(async (j) => {
    if (!j) return undefined;
    try {
      return await work(j);
    } catch (err) {
      await drop(j);
      reply({ job, op: 'failed', message: err instanceof Error ? err.message : String(err) });
      return undefined;
    }
  });
  jobs.set(job, next);
  void next.then((j) => {
    if (!j && jobs.get(job) === next) jobs.delete(job);
  });
}

parentPort!.on('message', (m: ToSealer) => {
  if (m.op === 'open') {
    const j: Job = {
      path: m.path,
      writing: Promise.resolve(),
      encryptor: new FileEncryptor(m.fileKey, m.context),
    };
    jobs.set(m.job, Promise.resolve(j));
    step(m.job, async () => {
      j.handle = await fs.open(m.path, 'w', 0o600);
      await j.handle.write(HEADER_PLACEHOLDER);
      return j;
    });
  } else if (m.op === 'data') {
    step(m.job, async (j) => {
      const bytes = new Uint8Array(m.bytes, 0, m.length);
      const sealed = j.encryptor.push(bytes);
      // The slot is read: the main thread may fill it again while this writes.
      reply({ job: m.job, op: 'taken', slot: m.slot });
      await write(j, sealed);
      return j;
    });
  } else if (m.op === 'end') {
    step(m.job, async (j) => {
      const { pieces, header } = j.encryptor.end();
      await write(j, pieces);
      await j.writing;
      await j.handle!.write(header, 0, header.length, 0);
      // On disk before the upload is acknowledged, as a message is once its transaction commits.
      await j.handle!.datasync();
      await j.handle!.close();
      reply({ job: m.job, op: 'done', size: j.encryptor.size });
      return undefined;
    });
  } else {
    step(m.job, async (j) => {
      await drop(j);
      reply({ job: m.job, op: 'aborted' });
      return undefined;
    });
  }
});

import type { FastifyBaseLogger } from 'fastify';
import { RateLimitedError } from '../http/rate-limited-error.js';
import { WorkQueue } from '../http/work-queue.js';

/** Work that follows a request (fetching a link, calling a webhook): a few at a time, dropped past a line. */
export class Background {
  private readonly queue: WorkQueue;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    concurrency: number,
    maxWaiting: number,
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
  ) {
    this.queue = new WorkQueue(concurrency, maxWaiting);
  }

  /** Resolves when the job has run, failed or been dropped; never rejects. */
  add(job: () => Promise<void>, context: Record<string, unknown> = {}): Promise<void> {
    const done: Promise<void> = this.queue
      .run(job)
      .catch((err: unknown) =>
        err instanceof RateLimitedError
          ? this.log.warn(context, `${this.what}: too many waiting, skipped`)
          : this.log.warn({ ...context, err }, `${this.what} failed`),
      )
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
    return done;
  }

  /** Resolves once everything added so far has run (closing, tests). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}

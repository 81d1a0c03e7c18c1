import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { Background } from './background.js';

const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

describe('Background', () => {
  it('runs a few at a time, drops work past its line with a warning, and settles once all ran', async () => {
    const log = logger();
    const work = new Background(1, 1, log, 'test work');
    let release!: () => void;
    const ran: string[] = [];
    void work.add(() => new Promise<void>((r) => (release = r)).then(() => void ran.push('first')));
    void work.add(async () => void ran.push('second'));
    await work.add(async () => void ran.push('dropped'), { id: 3 });
    expect(log.warn).toHaveBeenCalledWith({ id: 3 }, 'test work: too many waiting, skipped');
    const settled = work.settled();
    release();
    await settled;
    expect(ran).toEqual(['first', 'second']);
  });

  it('logs a failed job and goes on', async () => {
    const log = logger();
    const work = new Background(2, 10, log, 'test work');
    await work.add(() => Promise.reject(new Error('boom')), { id: 1 });
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), 'test work failed');
    let ok = false;
    await work.add(async () => void (ok = true));
    expect(ok).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkError, loadChunk } from './load-chunk';

const chunkError = (name = 'threads-page') =>
  new TypeError(`Failed to fetch dynamically imported module: https://parley.test/assets/${name}.js`);

describe('loadChunk', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('loads a chunk that failed once on the next try', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue('module');
    const loaded = loadChunk(load);
    await vi.advanceTimersByTimeAsync(500);
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits until the browser is back online before trying again', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValue('module');
    const loaded = loadChunk(load);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(500);
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after three tries with the last error', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('first'))
      .mockRejectedValueOnce(new Error('second'))
      .mockRejectedValue(new Error('third'));
    const failed = expect(loadChunk(load)).rejects.toThrow('third');
    await vi.advanceTimersByTimeAsync(2_500);
    await failed;
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('isChunkError', () => {
  it.each([
    ['Chromium', chunkError(), true],
    ['Firefox', new TypeError('error loading dynamically imported module: https://parley.test/a.js'), true],
    ['Safari', new TypeError('Importing a module script failed.'), true],
    ['Vite preload', new Error('Unable to preload CSS for /assets/threads-page.css'), true],
    ['a render bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['a thrown string', 'Failed to fetch dynamically imported module', false],
    ['nothing', undefined, false],
  ])('%s', (_, err, expected) => {
    expect(isChunkError(err)).toBe(expected);
  });
});

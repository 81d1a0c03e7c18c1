import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyChunk } from '../lib/load-chunk';
import { ChunkBoundary } from './chunk-boundary';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: https://parley.test/assets/threads-page.js');

function Throws({ error }: { error?: unknown }) {
  if (error) throw error;
  return <p>Threads</p>;
}

describe('ChunkBoundary', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // React reports every caught error on the console too.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a page whose chunk fails to load shows a reload message instead of a blank app', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.reject(chunkError()));
    const ThreadsPage = lazyChunk(load);
    render(
      <div>
        <nav>Sidebar</nav>
        <ChunkBoundary resetKey="/threads">
          <Suspense fallback={<p>Loading…</p>}>
            <ThreadsPage />
          </Suspense>
        </ChunkBoundary>
      </div>,
    );
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(load).toHaveBeenCalledTimes(3);
    const note = screen.getByRole('alert');
    expect(note.textContent).toContain('This part of Parley could not load');
    expect(screen.getByText('Sidebar')).toBeTruthy();
  });

  it('offers a reload for a chunk that could not load', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <ChunkBoundary>
        <Throws error={chunkError()} />
      </ChunkBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'This part of Parley could not load. You may be offline, or Parley was updated.',
    );
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    expect(reload).toHaveBeenCalled();
  });

  it('says something went wrong for any other error, and logs it', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    render(
      <ChunkBoundary>
        <Throws error={bug} />
      </ChunkBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong here.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith(bug, expect.anything());
  });

  it('shows its fallback instead of the note when given one', () => {
    render(
      <ChunkBoundary fallback={<p>Could not open</p>}>
        <Throws error={chunkError()} />
      </ChunkBoundary>,
    );
    expect(screen.getByText('Could not open')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears when its reset key changes, as on a move to another page', () => {
    const { rerender } = render(
      <ChunkBoundary resetKey="/threads">
        <Throws error={chunkError()} />
      </ChunkBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <ChunkBoundary resetKey="/threads">
        <Throws />
      </ChunkBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    rerender(
      <ChunkBoundary resetKey="/saved">
        <Throws />
      </ChunkBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Threads')).toBeTruthy();
  });
});

import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./shell', () => ({ Shell: () => null }));

describe('useShell', () => {
  it('loads the chat screen when someone signs in, and not before', async () => {
    vi.resetModules();
    const { useShell } = await import('./load-shell');
    const { result, rerender } = renderHook(({ wanted }) => useShell(wanted), {
      initialProps: { wanted: false },
    });
    expect(result.current.Shell).toBeUndefined();
    rerender({ wanted: true });
    await waitFor(() => expect(result.current.Shell).toBeTypeOf('function'));
  });

  // A lazy component was revealed through its fallback, which React holds back up to 300 ms.
  it('renders the chat screen on its first render once the page has loaded its chunk', async () => {
    vi.resetModules();
    const { loadShell, useShell } = await import('./load-shell');
    await loadShell();
    const { result } = renderHook(() => useShell(true));
    expect(result.current.Shell).toBeTypeOf('function');
    expect(result.current.failed).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { usePreviewRows } from './tail-preview';

const key = (s: string) => s;

describe('usePreviewRows', () => {
  it('shows the newest rows of the first draw', () => {
    const { result } = renderHook(() => usePreviewRows(['a', 'b', 'c'], key, 2));
    expect(result.current).toEqual(['b', 'c']);
  });

  it('a message sent while the first screen settles shows once: the preview ends as it arrives', () => {
    const { result, rerender } = renderHook(({ items }) => usePreviewRows(items, key, 2), {
      initialProps: { items: ['a', 'b'] },
    });
    expect(result.current).toEqual(['a', 'b']);
    rerender({ items: ['a', 'b', 'sent'] });
    expect(result.current).toEqual([]);
  });

  it('older rows loading above leave the preview as it was', () => {
    const { result, rerender } = renderHook(({ items }) => usePreviewRows(items, key, 2), {
      initialProps: { items: ['b', 'c'] },
    });
    rerender({ items: ['a', 'b', 'c'] });
    expect(result.current).toEqual(['b', 'c']);
  });
});

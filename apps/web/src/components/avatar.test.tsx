import { fireEvent, render } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../lib/config';
import { Avatar } from './avatar';

describe('Avatar', () => {
  beforeAll(async () => {
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    await loadConfig();
    vi.unstubAllGlobals();
  });

  it('shows initials without a photo', () => {
    const { container } = render(<Avatar name="Ann Lee" username="ann" />);
    expect(container.textContent).toBe('AL');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the photo from the API base, and initials again when it cannot be loaded', () => {
    const { container, rerender } = render(<Avatar name="Ann Lee" username="ann" photo="p1" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/v1/avatars/p1');
    expect(img.getAttribute('alt')).toBe('');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('AL');
    // A new photo is tried afresh.
    rerender(<Avatar name="Ann Lee" username="ann" photo="p2" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/v1/avatars/p2');
  });
});

import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../lib/config';
import { AboutDialog } from './about-dialog';

describe('AboutDialog', () => {
  beforeAll(async () => {
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    await loadConfig();
    vi.unstubAllGlobals();
  });

  it('shows the version 1.13.0', () => {
    render(<AboutDialog open onClose={() => {}} />);
    expect(screen.getByTestId('about-version').textContent).toBe('1.13.0');
    expect(screen.getByText(/AES-256-CTR with HMAC-SHA-256/)).toBeTruthy();
  });
});

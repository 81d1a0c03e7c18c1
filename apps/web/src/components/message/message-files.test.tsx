import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../lib/config';
import { fitWithin, MessageFiles } from './message-files';

describe('fitWithin', () => {
  it('keeps a picture that fits at its own size', () => {
    expect(fitWithin(200, 100)).toEqual({ width: 200, height: 100 });
  });
  it('scales a wide and a tall picture down to the box, keeping their shape', () => {
    expect(fitWithin(1600, 1200)).toEqual({ width: 360, height: 270 });
    expect(fitWithin(1200, 1600)).toEqual({ width: 210, height: 280 });
  });
  it('never answers zero for a sliver', () => {
    expect(fitWithin(10_000, 1)).toEqual({ width: 360, height: 1 });
  });
});

describe('MessageFiles', () => {
  beforeAll(async () => {
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    await loadConfig();
    vi.unstubAllGlobals();
  });
  const file = {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'wide.png',
    size: 9,
    type: 'image/png',
    sha256: 'x',
  };
  it('shows a picture by its preview, sized before it loads', () => {
    render(<MessageFiles files={[{ ...file, width: 1600, height: 1200, thumbnail: true }]} />);
    const img = screen.getByRole('img', { name: 'wide.png' });
    expect(img.getAttribute('src')).toMatch(/\/files\/0{8}-0{4}-4000-8000-0{11}1\/thumbnail$/);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['360', '270']);
  });
  it('shows a picture without a preview by its own bytes', () => {
    render(<MessageFiles files={[file]} />);
    expect(screen.getByRole('img', { name: 'wide.png' }).getAttribute('src')).toMatch(/1$/);
  });
});

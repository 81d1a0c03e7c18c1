import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connection } from '../realtime/connection';
import { ConnectionBanner } from './connection-banner';

const set = (state: 'connecting' | 'catching-up' | 'live' | 'offline', beenLive?: boolean) =>
  act(() => connection.set({ state, transport: 'websocket', beenLive }));

describe('ConnectionBanner', () => {
  afterEach(() => set('connecting'));

  // A cold load used to greet people with "Back online" on its very first connect.
  it('says connecting, not back online, while the first connect catches up', () => {
    render(<ConnectionBanner />);
    set('catching-up');
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
  });

  it('says back online while a reconnect catches up, and disappears when live', () => {
    render(<ConnectionBanner />);
    set('offline', true);
    expect(screen.getByRole('status').textContent).toMatch(/You are offline/);
    set('catching-up', true);
    expect(screen.getByRole('status').textContent).toMatch(/^Back online/);
    set('live', true);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

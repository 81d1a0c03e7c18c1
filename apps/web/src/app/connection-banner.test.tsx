import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection } from '../realtime/connection';
import { ConnectionBanner } from './connection-banner';

const set = (state: 'connecting' | 'catching-up' | 'live' | 'offline', beenLive?: boolean) =>
  act(() => connection.set({ state, transport: 'websocket', beenLive }));

describe('ConnectionBanner', () => {
  afterEach(() => {
    set('connecting');
    vi.useRealTimers();
  });

  // A banner shown for the moment a load takes to connect pushed the whole screen down, then back up.
  it('says nothing while a first connect is quick', () => {
    vi.useFakeTimers();
    set('connecting');
    render(<ConnectionBanner />);
    set('catching-up');
    act(() => vi.advanceTimersByTime(1_500));
    set('live', true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  // A cold load used to greet people with "Back online" on its very first connect.
  it('says connecting, not back online, once a first connect is slow', () => {
    vi.useFakeTimers();
    set('connecting');
    render(<ConnectionBanner />);
    set('catching-up');
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(2_000));
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

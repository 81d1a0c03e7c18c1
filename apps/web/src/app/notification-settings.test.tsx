import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Channel } from '@parley/protocol';
import { keys } from '../realtime/keys';
import { channel, user } from '../lib/test-fixtures';
import { NotificationSettings } from './notification-settings';

const api = vi.hoisted(() => vi.fn());
vi.mock('../lib/api', async (original) => ({ ...(await original<object>()), api }));

describe('NotificationSettings channel levels', () => {
  // Regression: the mute box went back unchecked for a moment after a click, until the change's state came.
  it('shows a mute checked the moment it is clicked, and holds it while the server answers', async () => {
    let answer!: (value: unknown) => void;
    api.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const qc = new QueryClient();
    const general = channel({ name: 'general' });
    qc.setQueryData<Channel[]>(keys.channels, [general]);
    render(
      <QueryClientProvider client={qc}>
        <NotificationSettings me={user('u1')} />
      </QueryClientProvider>,
    );
    const box = screen.getByLabelText('Mute #general') as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(box.checked).toBe(true);
    answer({ channel: { ...general, membership: { ...general.membership!, muted: true } } });
    await waitFor(() => expect(qc.getQueryData<Channel[]>(keys.channels)![0]!.membership!.muted).toBe(true));
    expect(box.checked).toBe(true);
  });
});

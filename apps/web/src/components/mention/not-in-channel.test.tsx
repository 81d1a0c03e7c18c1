import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '@parley/protocol';
import { channel, user } from '../../lib/test-fixtures';
import { NotInChannelNotice, useNotInChannel } from './not-in-channel';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));

const me = user('ann');
const bob = user('bob', { displayName: 'Bob Baker' });
const cara = user('cara', { displayName: 'Cara Cole' });
let check: (text: string) => void = () => {};

function Screen({ of }: { of: Channel }) {
  const found = useNotInChannel(of, me);
  useEffect(() => {
    check = found.check;
  });
  return (
    <NotInChannelNotice channel={of} me={me} users={found.users} total={found.total} onDone={found.dismiss} />
  );
}

function setup(of: Channel) {
  const qc = new QueryClient();
  const view = render(
    <QueryClientProvider client={qc}>
      <Screen of={of} />
    </QueryClientProvider>,
  );
  return (next: Channel) =>
    view.rerender(
      <QueryClientProvider client={qc}>
        <Screen of={next} />
      </QueryClientProvider>,
    );
}

const asked = () => api.mock.calls.filter(([method]) => method === 'GET').map(([, path]) => path);

describe('the notice after mentioning people who are not in the channel', () => {
  beforeEach(() => {
    api.mockReset();
  });

  it('asks about the named people only, not oneself or a broadcast, and never in a DM', async () => {
    api.mockResolvedValue({ users: [], total: 0 });
    setup(channel());
    check('@ann @here thanks @Bob and @cara.');
    expect(asked()).toEqual(['/channels/c1/non-members?usernames=bob%2Ccara']);
    check('no mention, mail bob@example.com');
    setup(channel({ id: 'd1', kind: 'dm' }));
    check('@bob');
    expect(asked()).toHaveLength(1);
    await Promise.resolve();
    expect(screen.queryByTestId('not-in-channel')).toBeNull();
  });

  it('offers to add whom the mention missed, adds them and goes away', async () => {
    api.mockImplementation(async (method: string) =>
      method === 'GET' ? { users: [bob, cara], total: 2 } : {},
    );
    setup(channel({ name: 'design' }));
    check('@bob @cara look');
    const notice = await screen.findByTestId('not-in-channel');
    expect(notice.textContent).toContain(
      "Bob Baker and Cara Cole aren't in #design, so they weren't notified. Add them?",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 people' }));
    await waitFor(() => expect(screen.queryByTestId('not-in-channel')).toBeNull());
    expect(api.mock.calls.filter(([method]) => method === 'POST')).toEqual([
      ['POST', '/channels/c1/members', { userId: 'bob' }],
      ['POST', '/channels/c1/members', { userId: 'cara' }],
    ]);
  });

  it('keeps the notice with the reason when adding fails, and "Don\'t add" dismisses it', async () => {
    api.mockImplementation(async (method: string) => {
      if (method === 'GET') return { users: [bob], total: 1 };
      throw new Error('Network down');
    });
    setup(channel());
    check('@bob');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Bob Baker' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    await userEvent.click(screen.getByRole('button', { name: "Don't add" }));
    expect(screen.queryByTestId('not-in-channel')).toBeNull();
  });

  it('tells a member of a private channel that only its admins add people, with nothing to press but OK', async () => {
    api.mockResolvedValue({ users: [bob], total: 1 });
    setup(channel({ kind: 'private' }));
    check('@bob');
    const notice = await screen.findByTestId('not-in-channel');
    expect(notice.textContent).toContain("Only the channel's admins can add people.");
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('not-in-channel')).toBeNull();
  });

  it('counts everyone a group named and, past what one click adds, points to the members panel', async () => {
    api.mockResolvedValue({ users: [bob, cara], total: 64 });
    setup(channel({ name: 'design' }));
    check('@engineering have a look');
    const notice = await screen.findByTestId('not-in-channel');
    expect(notice.textContent).toContain("Bob Baker, Cara Cole and 62 others aren't in #design");
    expect(notice.textContent).toContain("add them from the channel's members");
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('not-in-channel')).toBeNull();
  });

  it('does not show one channel’s answer in the next channel opened', async () => {
    let answer: (v: unknown) => void = () => {};
    api.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const show = setup(channel());
    check('@bob');
    show(channel({ id: 'c2', name: 'random' }));
    answer({ users: [bob], total: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByTestId('not-in-channel')).toBeNull();
  });
});

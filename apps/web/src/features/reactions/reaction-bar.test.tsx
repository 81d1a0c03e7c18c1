import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, Reaction } from '@parley/protocol';
import { ApiError } from '../../lib/api';
import { keys } from '../../realtime/keys';
import type { MessagePage } from '../../realtime/merge';
import { notices } from '../../realtime/notices';
import { ReactionBar } from './reaction-bar';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));

const ME = '00000000-0000-4000-8000-000000000001';
const ANN = '00000000-0000-4000-8000-000000000002';
const BOB = '00000000-0000-4000-8000-000000000003';
const user = (id: string, displayName: string) => ({ id, username: displayName.toLowerCase(), displayName });

function setup(reactions: Reaction[]) {
  const qc = new QueryClient();
  const message = { id: 'm1', channelId: 'c1', threadRootId: null, reactions } as unknown as Message;
  qc.setQueryData(keys.session, user(ME, 'Me'));
  qc.setQueryData(keys.users, [user(ANN, 'Ann'), user(BOB, 'Bob')]);
  qc.setQueryData<MessagePage>(keys.messages('c1'), { messages: [message], hasMoreBefore: false });
  function Row() {
    const { data } = useQuery<MessagePage>({
      queryKey: keys.messages('c1'),
      queryFn: () => new Promise(() => {}),
    });
    return data ? <ReactionBar message={data.messages[0]!} /> : null;
  }
  render(
    <QueryClientProvider client={qc}>
      <Row />
    </QueryClientProvider>,
  );
  return qc;
}

const pill = (name: string) => screen.getByRole('button', { name });

describe('ReactionBar', () => {
  beforeEach(() => {
    api.mockReset();
    notices.set([]);
  });

  it('shows one pill per emoji with its count, the caller’s own pressed', () => {
    setup([
      { emoji: '👍', count: 2, userIds: [ANN, ME] },
      { emoji: '🎉', count: 1, userIds: [BOB] },
    ]);
    expect(pill('Remove your 👍 reaction')).toHaveProperty('ariaPressed', 'true');
    expect(pill('Remove your 👍 reaction').textContent).toBe('👍2');
    expect(pill('React with 🎉')).toHaveProperty('ariaPressed', 'false');
    expect(pill('React with 🎉').textContent).toBe('🎉1');
    expect(pill('Add reaction')).toBeTruthy();
  });

  it('shows who reacted on hover', async () => {
    setup([{ emoji: '👍', count: 2, userIds: [ANN, ME] }]);
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(tip.hidden).toBe(true);
    await userEvent.hover(pill('Remove your 👍 reaction'));
    expect(tip.hidden).toBe(false);
    expect(tip.textContent).toContain('Ann and You reacted with 👍');
    await userEvent.unhover(pill('Remove your 👍 reaction'));
    expect(tip.hidden).toBe(true);
  });

  it('shows who reacted on a long press on touch, without toggling', async () => {
    setup([{ emoji: '👍', count: 1, userIds: [ANN] }]);
    vi.useFakeTimers();
    try {
      const thumbs = pill('React with 👍');
      const tip = screen.getByRole('tooltip', { hidden: true });
      fireEvent.pointerDown(thumbs, { pointerType: 'touch' });
      act(() => vi.advanceTimersByTime(600));
      expect(tip.hidden).toBe(false);
      expect(tip.textContent).toContain('Ann reacted with 👍');
      fireEvent.pointerUp(thumbs, { pointerType: 'touch' });
      fireEvent.click(thumbs);
      expect(api).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(3_500));
      expect(tip.hidden).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds the caller’s reaction on click and takes the server’s list', async () => {
    setup([{ emoji: '🎉', count: 1, userIds: [BOB] }]);
    api.mockResolvedValue({ reactions: [{ emoji: '🎉', count: 2, userIds: [BOB, ME] }] });
    await userEvent.click(pill('React with 🎉'));
    expect(api).toHaveBeenCalledWith('PUT', `/messages/m1/reactions/${encodeURIComponent('🎉')}`);
    await waitFor(() => expect(pill('Remove your 🎉 reaction').textContent).toBe('🎉2'));
  });

  it('removes the caller’s reaction on click, dropping a pill nobody is left on', async () => {
    setup([{ emoji: '👍', count: 1, userIds: [ME] }]);
    let answer!: (v: unknown) => void;
    api.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await userEvent.click(pill('Remove your 👍 reaction'));
    expect(api).toHaveBeenCalledWith('DELETE', `/messages/m1/reactions/${encodeURIComponent('👍')}`);
    // Shown before the server answers.
    expect(screen.queryByRole('button', { name: /👍/ })).toBeNull();
    await act(async () => answer({ reactions: [] }));
    expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull();
  });

  it('puts the pill back and says why when the server refuses', async () => {
    setup([{ emoji: '🎉', count: 1, userIds: [BOB] }]);
    api.mockRejectedValue(
      new ApiError('too_many_reactions', 'That message has as many different reactions as it can hold.', 409),
    );
    await userEvent.click(pill('React with 🎉'));
    await waitFor(() => expect(notices.get()).toHaveLength(1));
    expect(notices.get()[0]!.text).toMatch(/as many different reactions/);
    expect(pill('React with 🎉').textContent).toBe('🎉1');
  });
});

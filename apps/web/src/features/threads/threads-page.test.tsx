import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Message, ThreadState } from '@parley/protocol';
import { keys } from '../../realtime/keys';
import type { ThreadEntry, ThreadPage } from '../../realtime/merge';
import { channel, message } from '../../lib/test-fixtures';
import { renderTree, USERS } from './test-support';
import ThreadsPage from './threads-page';
import { unreadThreadCount } from './use-thread';

const entry = (seq: number, unread: number, lastReplyAt: string, following = true): ThreadEntry => ({
  thread: { rootId: `m${seq}`, channelId: 'c1', following, lastReadSeq: 0, unread } satisfies ThreadState,
  root: message(seq, { body: `root ${seq}`, replyCount: 1, lastReplyAt }),
});
const reply = (seq: number, root: Message, body: string) =>
  message(seq, { threadRootId: root.id, body, authorId: 'bob' });

describe('ThreadsPage', () => {
  const entries = [
    entry(1, 0, '2026-01-05T00:00:00.000Z'),
    entry(2, 3, '2026-01-02T00:00:00.000Z'),
    entry(3, 0, '2026-01-09T00:00:00.000Z'),
    entry(4, 1, '2026-01-03T00:00:00.000Z'),
    entry(5, 2, '2026-01-09T00:00:00.000Z', false),
  ];
  const pages = entries.map((e): [readonly unknown[], ThreadPage] => [
    keys.thread(e.root.id),
    {
      root: e.root,
      messages: [reply(e.root.seq + 100, e.root, `answer to ${e.root.seq}`)],
      hasMore: false,
      thread: e.thread,
    },
  ]);

  it('lists followed threads, unread first, then the newest reply first, each with its last replies', () => {
    render(
      renderTree(<ThreadsPage me={USERS[0]!} />, [
        [keys.threads, entries],
        [keys.channels, [channel()]],
        ...pages,
      ]).tree,
    );
    const cards = within(screen.getByRole('list', { name: 'Followed threads' })).getAllByTestId(
      'thread-card',
    );
    expect(cards.map((c) => c.querySelector('.thread-card-excerpt')?.textContent)).toEqual([
      'root 4',
      'root 2',
      'root 3',
      'root 1',
    ]);
    expect(cards[0]!.getAttribute('href')).toBe('/c/general/t/m4');
    expect(cards[0]!.textContent).toContain('#general');
    expect(cards[0]!.textContent).toContain('answer to 4');
    expect(within(cards[1]!).getByLabelText('3 unread')).toBeTruthy();
    expect(within(cards[2]!).queryByLabelText(/unread/)).toBeNull();
  });

  it('shows each message with its formatting, its links as text inside the card', () => {
    const formatted: ThreadEntry = {
      ...entries[0]!,
      root: { ...entries[0]!.root, body: 'ship **today**, see https://example.com' },
    };
    render(
      renderTree(<ThreadsPage me={USERS[0]!} />, [
        [keys.threads, [formatted]],
        [keys.channels, [channel()]],
      ]).tree,
    );
    const card = screen.getByTestId('thread-card');
    expect(within(card).getByText('today').tagName).toBe('STRONG');
    expect(card.tagName).toBe('A');
    expect(card.querySelectorAll('a')).toHaveLength(0);
    expect(card.textContent).toContain('https://example.com');
  });

  it('counts threads with unread replies for the sidebar, not the replies', () => {
    expect(unreadThreadCount(entries)).toBe(2);
    expect(unreadThreadCount(undefined)).toBe(0);
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ThreadState } from '@parley/protocol';
import { keys } from '../../realtime/keys';
import type { ThreadPage } from '../../realtime/merge';
import { channel, message } from '../../lib/test-fixtures';
import * as api from '../../lib/api';
import { renderTree, USERS } from './test-support';
import { ThreadPanel } from './thread-panel';

const alice = USERS[0]!;
const state = (extra: Partial<ThreadState> = {}): ThreadState => ({
  rootId: 'm1',
  channelId: 'c1',
  following: true,
  lastReadSeq: 4,
  unread: 0,
  ...extra,
});
const page = (extra: Partial<ThreadPage> = {}): ThreadPage => ({
  root: message(1, { authorId: 'alice', body: 'Lunch plans?', replyCount: 2 }),
  messages: [
    message(2, { authorId: 'bob', body: 'Pizza', threadRootId: 'm1' }),
    message(4, {
      authorId: 'alice',
      body: 'Sushi',
      threadRootId: 'm1',
      createdAt: '2026-01-01T01:00:00.000Z',
    }),
  ],
  hasMore: false,
  thread: state(),
  ...extra,
});

function renderPanel(messageId: string, thread: ThreadPage, onClose = () => {}) {
  const users = new Map(USERS.map((u) => [u.id, u]));
  const { tree } = renderTree(
    <ThreadPanel channel={channel()} me={alice} users={users} messageId={messageId} onClose={onClose} />,
    [[keys.thread('m1'), thread]],
  );
  return render(tree);
}

const rows = () =>
  within(screen.getByRole('region', { name: 'Thread messages' }))
    .getAllByTestId('message')
    .map((r) => r.textContent);

describe('ThreadPanel', () => {
  it('shows the root, "N replies", then the replies oldest first, with its own composer', () => {
    renderPanel('m1', page());
    const panel = screen.getByRole('complementary', { name: 'Thread' });
    expect(rows()).toEqual([
      expect.stringContaining('Lunch plans?'),
      expect.stringContaining('Pizza'),
      expect.stringContaining('Sushi'),
    ]);
    // Replies from the root's day get no day line of their own.
    expect(
      within(panel)
        .getAllByRole('separator')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['2 replies']);
    expect(within(panel).getByRole('textbox', { name: 'Reply in thread' })).toBeTruthy();
    expect(within(panel).getByLabelText('Also send to #general')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // Replies in the panel have no "Reply in thread" of their own.
    expect(within(panel).queryByRole('button', { name: 'Reply in thread' })).toBeNull();
  });

  it('keeps the replies of a deleted root under a tombstone', () => {
    const root = message(1, {
      authorId: 'bob',
      body: null,
      deletedAt: '2026-01-02T00:00:00.000Z',
      replyCount: 2,
    });
    renderPanel('m1', page({ root }));
    const [first, ...replies] = rows();
    expect(first).toContain('This message was deleted.');
    expect(first).not.toContain('Lunch plans?');
    expect(replies).toEqual([expect.stringContaining('Pizza'), expect.stringContaining('Sushi')]);
  });

  it('opens the thread of a reply named in a permalink, highlighting the reply', () => {
    // jsdom lays nothing out, so it has no scrollIntoView.
    Element.prototype.scrollIntoView = vi.fn();
    const { container } = renderPanel('m2', page());
    expect(rows()[0]).toContain('Lunch plans?');
    expect(container.querySelector('.thread-highlight')?.textContent).toContain('Pizza');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('opens a long thread on its newest replies and loads the older ones above them', async () => {
    const older = message(3, { authorId: 'bob', body: 'Tacos', threadRootId: 'm1' });
    const fetch = vi
      .spyOn(api, 'api')
      .mockResolvedValue({ root: page().root, messages: [older], hasMore: false, thread: state() });
    const first = page({
      messages: [page().messages[1]!],
      hasMore: true,
      root: { ...page().root, replyCount: 3 },
    });
    renderPanel('m1', first);
    expect(screen.getByRole('separator', { name: '3 replies' })).toBeTruthy();
    expect(screen.getByText('Loading earlier replies…')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(fetch).toHaveBeenCalledWith('GET', '/messages/m1/thread?before=4&limit=200');
    expect(rows()[1]).toContain('Tacos');
    expect(rows()[2]).toContain('Sushi');
    expect(screen.queryByText('Loading earlier replies…')).toBeNull();
    fetch.mockRestore();
  });

  it('closes on Escape, but not while the reply box holds text', () => {
    const onClose = vi.fn();
    renderPanel('m1', page(), onClose);
    const box = screen.getByRole('textbox', { name: 'Reply in thread' });
    fireEvent.change(box, { target: { value: 'draft' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { keys } from '../../realtime/keys';
import { channel, message } from '../../lib/test-fixtures';
import { MentionContext, type MentionLookup } from '../../components/mention/mention-context';
import { renderTree, USERS } from './test-support';
import { ThreadMark, ThreadSummary } from './thread-summary';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe('ThreadSummary', () => {
  it('shows the last repliers, the reply count and the last reply time, linking to the thread', () => {
    const root = message(1, {
      replyCount: 4,
      lastReplyAt: minutesAgo(5.7),
      replyUserIds: ['bob', 'alice', 'carol', 'dave'],
    });
    const { container } = render(renderTree(<ThreadSummary message={root} />).tree);
    const link = screen.getByRole('link', { name: /4 replies/ });
    expect(link.getAttribute('href')).toBe('/c/general/t/m1');
    expect(link.textContent).toContain('Last reply 5 min ago');
    // At most three avatars, newest replier first: Bob, then Alice.
    const avatars = [...container.querySelectorAll('.avatar')].map((a) => a.textContent);
    expect(avatars).toEqual(['B', 'A', '?']);
  });

  it('says "1 reply" in the singular', () => {
    const root = message(1, { replyCount: 1, lastReplyAt: minutesAgo(0), replyUserIds: ['bob'] });
    render(renderTree(<ThreadSummary message={root} />).tree);
    expect(screen.getByRole('link').textContent).toMatch(/^B1 replyLast reply just now/);
  });

  it('draws nothing under a message without replies', () => {
    const { container } = render(renderTree(<ThreadSummary message={message(1)} />).tree);
    expect(container.textContent).toBe('');
  });
});

describe('ThreadMark', () => {
  const root = message(1, { body: 'Where shall we have **lunch**?' });
  const reply = message(2, { threadRootId: 'm1', alsoInChannel: true, body: 'Booked' });
  const seed: [readonly unknown[], unknown][] = [
    [keys.channels, [channel()]],
    [keys.messages('c1'), { messages: [root, reply], hasMoreBefore: false }],
  ];

  it('marks a reply also sent to the channel with its root, linking to the thread', () => {
    render(renderTree(<ThreadMark message={reply} />, seed).tree);
    const link = screen.getByRole('link', { name: /replied to a thread/ });
    expect(link.textContent).toBe('replied to a thread: Where shall we have lunch?');
    expect(link.getAttribute('href')).toBe('/c/general/t/m1');
  });

  it('names the people a root mentions, as the message itself does', () => {
    const mentioning = { ...root, body: 'Lunch with @bob?' };
    const lookup: MentionLookup = {
      byUsername: (name) => USERS.find((u) => u.username === name),
      selfName: 'alice',
    };
    render(
      <MentionContext.Provider value={lookup}>
        {
          renderTree(<ThreadMark message={reply} />, [
            [keys.channels, [channel()]],
            [keys.messages('c1'), { messages: [mentioning, reply], hasMoreBefore: false }],
          ]).tree
        }
      </MentionContext.Provider>,
    );
    const link = screen.getByRole('link', { name: /replied to a thread/ });
    expect(link.textContent).toBe('replied to a thread: Lunch with @Bob?');
  });

  it('says where the reply also went inside the thread, and nothing for a thread-only reply', () => {
    const { container } = render(renderTree(<ThreadMark message={reply} inThread />, seed).tree);
    expect(container.textContent).toBe('Also sent to #general');
    const { container: plain } = render(
      renderTree(<ThreadMark message={{ ...reply, alsoInChannel: false }} />, seed).tree,
    );
    expect(plain.textContent).toBe('');
  });
});

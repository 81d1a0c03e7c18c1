import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { User } from '@parley/protocol';
import { MessageBody } from '../message/markdown';
import { MentionContext } from './mention-context';

const bob = { id: 'u2', username: 'bob', displayName: 'Bob Stone' } as User;
const lookup = { byUsername: (n: string) => (n === 'bob' ? bob : undefined), selfName: 'ann' };
const show = (text: string) =>
  render(
    <MentionContext.Provider value={lookup}>
      <MessageBody text={text} />
    </MentionContext.Provider>,
  ).container;

describe('mentions in a message', () => {
  it('shows a known person and a broadcast as chips, the reader’s own highlighted', () => {
    const box = show('ping @bob and @here, thanks @Bob.');
    const chips = [...box.querySelectorAll('.mention')].map((c) => [c.textContent, c.className]);
    expect(chips).toEqual([
      ['@Bob Stone', 'mention'],
      ['@here', 'mention mention-self'],
      ['@Bob Stone', 'mention'],
    ]);
    expect(box.textContent).toBe('ping @Bob Stone and @here, thanks @Bob Stone.');
  });

  it('shows a user group by its name, highlighted when the reader is in it', () => {
    const groups: Record<string, { handle: string; name: string; memberCount: number; own: boolean }> = {
      design: { handle: 'design', name: 'Design team', memberCount: 3, own: true },
      ops: { handle: 'ops', name: 'Ops', memberCount: 2, own: false },
    };
    const box = render(
      <MentionContext.Provider value={{ ...lookup, byGroupHandle: (h) => groups[h] }}>
        <MessageBody text={'@design and @ops, not @opsy'} />
      </MentionContext.Provider>,
    ).container;
    const chips = [...box.querySelectorAll('.mention')].map((c) => [c.textContent, c.className]);
    expect(chips).toEqual([
      ['@Design team', 'mention mention-self mention-group'],
      ['@Ops', 'mention mention-group'],
    ]);
  });

  it('leaves unknown names, email addresses and code alone, and keeps line breaks', () => {
    const box = show('@nobody mail bob@example.com\n`@bob` next');
    expect(box.querySelectorAll('.mention')).toHaveLength(0);
    expect(box.querySelectorAll('br')).toHaveLength(1);
    expect(box.textContent).toContain('@nobody mail bob@example.com');
  });
});

describe('channel references in a message', () => {
  const withChannels = { ...lookup, hasChannel: (name: string) => name === 'general' || name === 'ops-team' };
  const showIn = (text: string, inLink?: boolean) =>
    render(
      <MemoryRouter>
        <MentionContext.Provider value={withChannels}>
          <MessageBody text={text} inLink={inLink} />
        </MentionContext.Provider>
      </MemoryRouter>,
    ).container;

  it('links "#name" of a channel the reader is in, as Slack does, beside mentions', () => {
    const box = showIn('#general and #ops-team, ask @bob; not #secret, page#general or a#b');
    expect(
      [...box.querySelectorAll('a.channel-ref')].map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['#general', '/c/general'],
      ['#ops-team', '/c/ops-team'],
    ]);
    expect(box.querySelector('.mention')?.textContent).toBe('@Bob Stone');
    expect(box.textContent).toBe('#general and #ops-team, ask @Bob Stone; not #secret, page#general or a#b');
  });

  it('inside a link, shows the channel as text, so no link sits in another', () => {
    const box = showIn('see #general', true);
    expect(box.querySelector('a')).toBeNull();
    expect(box.querySelector('.channel-ref')?.textContent).toBe('#general');
  });
});

describe('names with _ or - in a message', () => {
  it('regression: "@bob_smith" showed raw (or named @bob), as the parser split the name at its _', () => {
    const people: Record<string, User> = {
      bob: bob,
      bob_smith: { id: 'u3', username: 'bob_smith', displayName: 'Bob Smith' } as User,
      'ann-lee': { id: 'u4', username: 'ann-lee', displayName: 'Ann Lee' } as User,
    };
    const box = render(
      <MentionContext.Provider value={{ byUsername: (n) => people[n], selfName: 'x' }}>
        <MessageBody text={'ask @bob_smith or @ann-lee, _not_ @bob'} />
      </MentionContext.Provider>,
    ).container;
    expect([...box.querySelectorAll('.mention')].map((c) => c.textContent)).toEqual([
      '@Bob Smith',
      '@Ann Lee',
      '@Bob Stone',
    ]);
    expect(box.querySelector('em')?.textContent).toBe('not');
  });
});

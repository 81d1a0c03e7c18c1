import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
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

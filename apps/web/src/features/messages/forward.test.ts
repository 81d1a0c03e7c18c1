import { LIMITS, mentionedNames, type Channel, type User } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import { forwardedBody, forwardTargets } from './forward';

const source = {
  text: 'Ship it\n\nafter **review**',
  author: 'Ann',
  place: '#general',
  link: '/c/general/m/1',
  files: 0,
};

describe('forwardedBody', () => {
  it('puts the note first, then the original quoted under its author and place, linked', () => {
    expect(forwardedBody(' FYI ', source)).toBe(
      'FYI\n\n> **Ann** in #general · [View message](/c/general/m/1)\n> Ship it\n>\n> after **review**',
    );
    expect(forwardedBody('', { ...source, text: '', files: 2 })).toBe(
      '> **Ann** in #general · 2 files · [View message](/c/general/m/1)',
    );
  });

  it('notifies no one the original mentioned (a forwarded @channel would ping a new room)', () => {
    const body = forwardedBody('see @bob', { ...source, text: '@channel @ann.lee deploy now' });
    expect(mentionedNames(body)).toEqual(['bob']);
    expect(body.replace(/\u2060/g, '')).toContain('@channel @ann.lee deploy now');
  });

  it('cuts a long original to fit the message limit', () => {
    const body = forwardedBody('note', { ...source, text: 'x'.repeat(LIMITS.bodyMax) });
    expect(body.length).toBeLessThanOrEqual(LIMITS.bodyMax);
    expect(body.endsWith('x…')).toBe(true);
  });
});

describe('forwardTargets', () => {
  const me = { id: 'me', displayName: 'Me', username: 'me', status: 'active' } as User;
  const bob = { id: 'bob', displayName: 'Bob', username: 'bob', status: 'active' } as User;
  const cara = { id: 'cara', displayName: 'Cara', username: 'cara.k', status: 'active' } as User;
  const gone = { id: 'gone', displayName: 'Gone', username: 'gone', status: 'deactivated' } as User;
  const joined = { membership: {}, encrypted: false } as Partial<Channel>;
  const channel = (id: string, more: Partial<Channel>) => ({ id, ...joined, ...more }) as Channel;
  const all = [
    channel('dm', { kind: 'dm', name: 'x', dmUsers: [bob] }),
    channel('ops', { kind: 'private', name: 'ops' }),
    channel('old', { kind: 'public', name: 'old-news', archivedAt: '2026-01-01T00:00:00Z' }),
    channel('out', { kind: 'public', name: 'outside', membership: null }),
    channel('gen', { kind: 'public', name: 'general' }),
  ];
  const keys = (targets: { key: string }[]) => targets.map((t) => t.key);

  it('offers the conversations one is in, channels first, then people with no DM yet, matching the words', () => {
    const people = [me, bob, cara, gone];
    expect(keys(forwardTargets(all, people, me, ''))).toEqual(['gen', 'ops', 'dm', 'user:cara', 'user:me']);
    expect(keys(forwardTargets(all, people, me, ' BO'))).toEqual(['dm']);
    // A person is found by username too.
    expect(keys(forwardTargets(all, people, me, 'cara.k'))).toEqual(['user:cara']);
    expect(forwardTargets(all, people, me, 'news')).toEqual([]);
  });

  it('offers sealed text only encrypted conversations, and no one to start a plain DM with', () => {
    const sealed = [...all, channel('e2e', { kind: 'private', name: 'legal', encrypted: true })];
    expect(keys(forwardTargets(sealed, [me, cara], me, '', true))).toEqual(['e2e']);
  });
});

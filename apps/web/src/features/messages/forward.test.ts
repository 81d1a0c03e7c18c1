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
  const me = { id: 'me', displayName: 'Me', username: 'me' } as User;
  const joined = { membership: {} } as Partial<Channel>;
  const channel = (id: string, more: Partial<Channel>) => ({ id, ...joined, ...more }) as Channel;
  const all = [
    channel('dm', { kind: 'dm', name: 'x', dmUsers: [{ displayName: 'Bob' } as User] }),
    channel('ops', { kind: 'private', name: 'ops' }),
    channel('old', { kind: 'public', name: 'old-news', archivedAt: '2026-01-01T00:00:00Z' }),
    channel('out', { kind: 'public', name: 'outside', membership: null }),
    channel('gen', { kind: 'public', name: 'general' }),
  ];

  it('offers the conversations one is in and can write to, channels first, by name, matching the words', () => {
    expect(forwardTargets(all, me, '').map((c) => c.id)).toEqual(['gen', 'ops', 'dm']);
    expect(forwardTargets(all, me, ' BO').map((c) => c.id)).toEqual(['dm']);
    expect(forwardTargets(all, me, 'news')).toEqual([]);
    // Sealed text: only where it is sealed again.
    const sealed = [...all, channel('e2e', { kind: 'private', name: 'legal', encrypted: true })];
    expect(forwardTargets(sealed, me, '', true).map((c) => c.id)).toEqual(['e2e']);
  });
});

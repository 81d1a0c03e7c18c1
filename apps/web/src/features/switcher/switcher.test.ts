import { describe, expect, it } from 'vitest';
import { channel, user } from '../../lib/test-fixtures';
import { fuzzyScore } from './fuzzy';
import { rankItems, switcherItems } from './switcher-items';

describe('fuzzyScore', () => {
  it('ranks a prefix over a word inside over scattered letters, and refuses letters out of order', () => {
    const prefix = fuzzyScore('dev', 'devops')!;
    const word = fuzzyScore('ops', 'dev-ops')!;
    const scattered = fuzzyScore('dps', 'devops')!;
    expect(prefix).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(scattered);
    expect(fuzzyScore('spd', 'devops')).toBeUndefined();
    expect(fuzzyScore('DEV', 'devops')).toBe(prefix);
  });
});

describe('quick switcher items', () => {
  const me = user('me', { displayName: 'Me Myself' });
  const ann = user('ann', { displayName: 'Ann Lee' });
  const bob = user('bob', { displayName: 'Bob Stone' });
  const rooms = [
    channel({ id: 'c1', name: 'general' }),
    channel({
      id: 'c2',
      name: 'design',
      kind: 'private',
      membership: {
        role: 'member',
        lastReadSeq: 0,
        notify: 'all',
        muted: false,
        starred: false,
        unread: 3,
        mentions: 0,
      },
    }),
    channel({ id: 'c3', name: 'dev-ops' }),
    channel({ id: 'c4', name: 'dm-ann', kind: 'dm', dmUsers: [ann] }),
  ];
  const gone = user('gone', { status: 'deactivated' });
  const items = switcherItems(rooms, [me, ann, bob, gone], me);

  it('lists channels, DMs and people with no DM yet, each with where it leads', () => {
    expect(items.map((i) => [i.kind, i.label, i.to])).toEqual([
      ['channel', 'general', '/c/general'],
      ['channel', 'design', '/c/design'],
      ['channel', 'dev-ops', '/c/dev-ops'],
      ['dm', 'Ann Lee', '/dm/ann'],
      ['person', 'Me Myself (you)', '/dm/me'],
      ['person', 'Bob Stone', '/dm/bob'],
    ]);
  });

  it('puts unread first when nothing is typed, and leaves people out', () => {
    expect(rankItems(items, '', fuzzyScore).map((i) => i.label)).toEqual([
      'design',
      'general',
      'dev-ops',
      'Ann Lee',
    ]);
  });

  it('lists the conversations opened most recently after the unread ones, and ranks matches alone', () => {
    const recent = ['c4', 'c3'];
    expect(rankItems(items, '', fuzzyScore, recent).map((i) => i.label)).toEqual([
      'design',
      'Ann Lee',
      'dev-ops',
      'general',
    ]);
    expect(rankItems(items, 'de', fuzzyScore, ['c3'])[0]!.label).toBe('design');
  });

  it('matches names and usernames fuzzily, ignoring a leading # or @', () => {
    expect(
      rankItems(items, 'de', fuzzyScore)
        .map((i) => i.label)
        .slice(0, 2),
    ).toEqual(['design', 'dev-ops']);
    expect(rankItems(items, '#ops', fuzzyScore)[0]!.label).toBe('dev-ops');
    expect(rankItems(items, '@bob', fuzzyScore)[0]!.to).toBe('/dm/bob');
    expect(rankItems(items, 'stone', fuzzyScore)[0]!.label).toBe('Bob Stone');
    expect(rankItems(items, 'zzz', fuzzyScore)).toEqual([]);
  });
});
